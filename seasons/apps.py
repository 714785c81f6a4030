from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Club competitions")

    def ready(self) -> None:
        from seasons import (  # noqa: F401 (they answer the domain's questions)
            absence,  # an evening ranks its absent players, or not
            closed,  # a closed season's evenings hold still
            rating_events,  # the ratings follow the results
            seating,  # the season's earlier evenings
        )
