"""``{% rule_differences schedule %}``: what a house-rule set changes in its
preset, side by side (``rules.engine.diff``), for the rules page of a set."""

from django import template

from rules.engine.diff import differences
from rules.engine.presets import get_preset

register = template.Library()


@register.inclusion_tag("td/rules/_differences.html")
def rule_differences(schedule):
    preset = get_preset(schedule.preset) if schedule is not None else None
    if preset is None or preset.code == schedule.code:
        return {"show": False}
    return {
        "show": True,
        "preset": preset,
        "schedule": schedule,
        "differences": differences(preset, schedule),
    }
