"""Form data ⇄ house-rule overrides: the clone-and-edit page's translation layer.

Field names are ``<contract>__<key>``, ``sanction__<code>`` and, for the
shapes, ``shape__<shape>__<contract>`` (``shape__mie_double`` for a
switch, ``shape__failed_prices__<contract>__base`` and ``…__step`` for the
two failed prices); only values that differ from the base preset become overrides, so a
set stays readable. Checking is ``check_overrides``'s job, not this module's.
"""

from collections.abc import Mapping

from core.numbers import int_or_text
from rules.engine.house_rules import PRICE_KEYS, SHAPE_FORMS, shape_contracts
from rules.engine.house_rules import editable_keys as keys_of_kind
from rules.engine.schedules import Schedule

NUMBER_FIELDS = {"base", "step", "bonus13", "value", "unit"}
TICKED = ("on", "true", "1")


def editable_keys(contract) -> list[str]:
    return keys_of_kind(contract.kind)


def current_value(contract, key: str):
    value = getattr(contract, key)
    return getattr(value, "value", value)


def overrides_from_form(base: Schedule, data: Mapping[str, str]) -> dict:
    """Overrides for every field that differs from ``base`` (raw strings kept
    when they are not numbers, so the checker can name them)."""
    contracts: dict = {}
    for code, contract in base.contracts.items():
        for key in editable_keys(contract):
            name = f"{code}__{key}"
            if key in ("enabled", "jury", "solo_limit"):
                value = data.get(name) in TICKED
            elif name not in data:
                continue
            elif key in NUMBER_FIELDS:
                value = int_or_text(data[name])
            else:
                value = data[name]
            if value != current_value(contract, key):
                contracts.setdefault(code, {})[key] = value
    overrides: dict = {}
    if contracts:
        overrides["contracts"] = contracts
    sanctions = {}
    for code, sanction in base.sanctions.items():
        raw = data.get(f"sanction__{code}", "").strip()
        current = sanction.maximum if sanction.variable else sanction.amount
        if raw and code != "penalty":
            value = int_or_text(raw)
            if value != current:
                sanctions[code] = value
    if sanctions:
        overrides["sanctions"] = sanctions
    raw_limit = data.get("solo_limit", "").strip()
    if raw_limit and raw_limit != str(base.solo_limit):
        overrides["solo_limit"] = int_or_text(raw_limit)
    shapes = shapes_from_form(base, data)
    if shapes:
        overrides["shapes"] = shapes
    return overrides


def shape_field(key: str, code: str | None = None, part: str | None = None) -> str:
    name = f"shape__{key}__{code}" if code else f"shape__{key}"
    return f"{name}__{part}" if part else name


def shapes_from_form(base: Schedule, data: Mapping[str, str]) -> dict:
    """The shapes the form switches on: an empty amount or an unticked box is
    the preset's own rule, so it is left out."""
    shapes: dict = {}
    for key, form in SHAPE_FORMS.items():
        if form == "switch":
            if data.get(shape_field(key)) in TICKED:
                shapes[key] = True
            continue
        codes = [c.code for c in shape_contracts(base, key)]
        if form == "contracts":
            chosen = [c for c in codes if data.get(shape_field(key, c)) in TICKED]
        elif form == "prices":
            chosen = {}
            for code in codes:
                prices = {}
                for part in PRICE_KEYS:
                    raw = data.get(shape_field(key, code, part), "").strip()
                    if raw:
                        prices[part] = int_or_text(raw)
                if prices:
                    chosen[code] = prices
        else:
            chosen = {}
            for code in codes:
                raw = data.get(shape_field(key, code), "").strip()
                if raw:
                    chosen[code] = int_or_text(raw)
        if chosen:
            shapes[key] = chosen
    return shapes


def shape_value(
    schedule: Schedule, key: str, code: str | None = None, part: str | None = None
):
    """What the form shows for a shape: the amount (a failed price's
    ``part``), or whether it is ticked."""
    value, form = schedule.shapes.get(key), SHAPE_FORMS[key]
    if form == "switch":
        return bool(value)
    if form == "contracts":
        return code in (value or [])
    if form == "prices":
        return ((value or {}).get(code) or {}).get(part, "")
    return (value or {}).get(code, "")
