"""The rules an event plays by are fixed at its first stored deal."""

from rules.models import HouseRuleSet
from tournaments.models import Tournament


def freeze_rules(tournament: Tournament) -> None:
    """Freeze the schedule at the first stored deal (later edits never apply)."""
    if tournament.rules_snapshot:
        return
    rule_set = HouseRuleSet.objects.filter(slug=tournament.rules).first()
    if rule_set:
        snap = {"preset": rule_set.preset, "overrides": rule_set.overrides,
                "name": rule_set.name}  # fmt: skip
    else:
        snap = {"preset": tournament.rules, "overrides": {}, "name": ""}
    tournament.rules_snapshot = snap
    tournament.save(update_fields=["rules_snapshot"])
