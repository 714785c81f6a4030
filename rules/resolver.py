"""Find a schedule by code: a preset, else a house-rule set in the database.

Presets need no database, so ``score_deal`` works on a fresh, unmigrated one.
"""

from rules.engine.presets import get_preset
from rules.engine.schedules import Schedule


def resolve_schedule(code: str) -> Schedule | None:
    preset = get_preset(code)
    if preset is not None:
        return preset
    from django.db import DatabaseError

    from rules.models import HouseRuleSet

    try:
        rule_set = HouseRuleSet.objects.filter(slug=code).first()
    except DatabaseError:
        return None
    return rule_set.schedule() if rule_set else None


def schedule_choices() -> list[tuple[str, str]]:
    """Presets then house-rule sets, for forms."""
    from rules.engine.presets import PRESETS
    from rules.models import HouseRuleSet

    choices = [(code, schedule_name(code)) for code in PRESETS]
    choices += [(r.slug, r.name) for r in HouseRuleSet.objects.all()]
    return choices


def schedule_name(schedule: Schedule | str) -> str:
    """A schedule's name in the reader's language: a preset's from the
    translated labels (the engine's own names are data, in one language), a
    house-rule set's as its maker typed it."""
    from rules.models import HouseRuleSet

    code = schedule if isinstance(schedule, str) else schedule.code
    labels = dict(HouseRuleSet.Preset.choices)
    if code in labels:
        return str(labels[code])
    return code if isinstance(schedule, str) else schedule.name
