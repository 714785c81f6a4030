from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments import (  # noqa: F401 (they follow the result events)
            corrections,
            page_versions,
            subscriptions,
        )
