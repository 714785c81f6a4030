"""Schedules shared by the scoring tests: the presets plus a few house-rule sets.

Built with ``apply_overrides`` (pure), so none of this touches the database.
"""

from rules.engine.house_rules import apply_overrides
from rules.engine.presets import PAGAT_VARIANTS, get_preset
from rules.engine.schedules import Schedule

PLAYERS = ("Anna", "Bert", "Cor", "Dirk")

HOUSE_OVERRIDES = {
    # every optional pagat variant of source 000 "Variations" switched on
    "pagat-all": ("pagat", {"variants": list(PAGAT_VARIANTS)}),
    # 000:121 "the declarer pays double instead"
    "pagat-rik-declarer": (
        "pagat",
        {"contracts": {"rik": {"loss_mode": "declarer"}}},
    ),
    # 004:40-42: the partner pays too when a rik fails
    "nl-004": ("nl", {"contracts": {"rik": {"loss_mode": "both"}}}),
    # a plain number change: misère worth 7 units instead of 5
    "pagat-misere-7": ("pagat", {"contracts": {"misere": {"value": 7}}}),
    # an iwwa club that doubles the turn-up sanction and allows three solos
    "iwwa-club": (
        "iwwa",
        {"sanctions": {"turn-up-forgotten": 6}, "solo_limit": 3},
    ),
}

HOUSE: dict[str, Schedule] = {
    code: apply_overrides(preset, overrides, code, code)
    for code, (preset, overrides) in HOUSE_OVERRIDES.items()
}

#: Every schedule a property test ranges over.
ALL_SCHEDULES: dict[str, Schedule] = {
    **{code: get_preset(code) for code in ("pagat", "nl", "iwwa")},
    **HOUSE,
}


def resolve(code: str) -> Schedule | None:
    """A pure resolver: presets and the house-rule sets above, no database."""
    return ALL_SCHEDULES.get(code)
