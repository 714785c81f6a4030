from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    """The pages everybody sees: standings, rounds, players. The top layer:
    it reads tournaments and scoring alike."""

    name = "public"
    verbose_name = _("Public pages")
