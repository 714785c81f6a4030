from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailingsConfig(AppConfig):
    name = "mailings"
    verbose_name = _("Mail to players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from mailings import events  # noqa: F401 (mail follows the results)
