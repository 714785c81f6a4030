"""The rules an event plays by are fixed at its first stored deal."""

from rules.engine import snapshots
from rules.models import HouseRuleSet
from tournaments.models import Tournament


def freeze_rules(tournament: Tournament) -> None:
    """Freeze the schedule at the first stored deal (later edits never apply)."""
    if tournament.rules_snapshot:
        return
    rule_set = HouseRuleSet.objects.filter(slug=tournament.rules).first()
    if rule_set:
        snap = snapshots.take(rule_set.preset, rule_set.overrides, rule_set.name)
    else:
        snap = snapshots.take(tournament.rules)
    tournament.rules_snapshot = snap
    tournament.save(update_fields=["rules_snapshot"])
