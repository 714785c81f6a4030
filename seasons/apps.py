from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Club competitions")

    def ready(self) -> None:
        from seasons import (
            seating,  # noqa: F401 (registers the season's history)
            signals,  # noqa: F401 (keeps the ratings up to date)
        )
        from seasons.exports import register

        register()  # the season's PDF, XLSX and JSON in the export registry
