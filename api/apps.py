from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = _("API")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from api import privacy  # noqa: F401 (kept answers go with a player's data)
