"""Helpers of the penalty-point display tests (``test_penalty_display*``):
an event, or a club season, whose rule set shows its standings as penalty
points (the shape ``penalty_points``, docs/rule-files.md)."""

from dataclasses import replace

from rules.engine import snapshots
from rules.engine.presets import get_preset
from tournaments.models import Tournament

SWITCH = {"shapes": {"penalty_points": True}}


def penalty_schedule(preset: str = "nl"):
    """The preset with the switch on, as a rule set's schedule has it."""
    return replace(get_preset(preset), shapes={"penalty_points": True})


def switch_on(event: Tournament) -> None:
    """``event`` plays by nl with the switch on, frozen as a house-rule
    set's snapshot: the way an event that started play holds its rules."""
    event.rules_snapshot = snapshots.take("nl", SWITCH, "Strafpunten-club")
    event.save(update_fields=["rules_snapshot"])
    assert Tournament.objects.get(pk=event.pk).schedule.shapes["penalty_points"]


def season_switch_on(competition) -> None:
    """The season plays by a house-rule set with the switch on."""
    from rules.models import HouseRuleSet

    rule_set = HouseRuleSet.objects.create(
        slug="strafpunten", name="Strafpunten", preset="nl", overrides=SWITCH
    )
    competition.rule_set = rule_set
    competition.save()
