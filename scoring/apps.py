from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # seating by standing (the round page) reads the standings from here
        from scoring.services.ranking import standings_for
        from tournaments import standings_order

        def order(tournament, last_round):
            rows, _names, _numbers = standings_for(tournament, up_to_round=last_round)
            return [row.player for row in rows]

        standings_order.provide(order)
