"""Frozen rules: the schedule an event plays by once its first deal is stored.

A snapshot is ``{"preset": code, "overrides": {...}, "name": str}``: a preset
as it is, or a house-rule set as it was then. ``take`` makes one, ``check``
says what is wrong with one read from a file, ``schedule_of`` turns one into
the schedule. The one place that knows the shape. Pure: no database.

A snapshot keeps the overrides, not the contracts: ``schedule_of`` builds the
contracts again, so a field added to ``Contract`` later (``fail_from``,
``lost_base``, ``lost_step`` with issue 29's shapes) is carried by the shape
that sets it, and a snapshot taken before it existed has no such shape and
gets the field's default, which scores as that event always scored.
"""

from rules.engine.house_rules import apply_overrides, check_overrides
from rules.engine.presets import get_preset
from rules.engine.problems import Violation
from rules.engine.schedules import Schedule


def take(preset: str, overrides: dict | None = None, name: str = "") -> dict:
    return {"preset": preset, "overrides": dict(overrides or {}), "name": name}


def check(snapshot: dict) -> list[Violation]:
    """Problems of a snapshot read from a file (fields relative to it)."""
    problems = check_overrides(snapshot["preset"], snapshot["overrides"])
    return [
        Violation(
            p.code,
            "preset" if p.field == "preset" else f"overrides.{p.field}",
            p.message,
        )
        for p in problems
    ]


def schedule_of(snapshot: dict, code: str) -> Schedule | None:
    """The schedule frozen in ``snapshot``, named ``code`` (the event's rules)."""
    if not snapshot.get("overrides"):
        return get_preset(snapshot["preset"])
    return apply_overrides(
        snapshot["preset"], snapshot["overrides"], code, snapshot.get("name", "")
    )
