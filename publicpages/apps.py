from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicPagesConfig(AppConfig):
    """The pages everybody sees: standings, rounds, players, seasons,
    ratings, the hall's screen, the embed and the calendar feeds."""

    name = "publicpages"
    verbose_name = _("Public pages")
