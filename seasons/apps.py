from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Club competitions")

    def ready(self) -> None:
        from seasons import (
            rating_events,  # noqa: F401 (the ratings follow the results)
            seating,  # noqa: F401 (registers the season's history)
        )
        from seasons.closed import held_reason
        from seasons.exports import register
        from tournaments import result_lock

        register()  # the season's PDF, XLSX and JSON in the export registry
        result_lock.provide(held_reason)  # a closed season's evenings hold still
