from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    """The road from the hall to the club's site: the hall sends each
    published round, the site stores it (docs/publishing.md)."""

    name = "publishing"
    verbose_name = _("Publishing online")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from publishing import events, outbox  # noqa: F401 (receivers, catch-up)
