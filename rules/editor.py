"""Form data ⇄ house-rule overrides: the clone-and-edit page's translation layer.

Field names are ``<contract>__<key>`` and ``sanction__<code>``; only values
that differ from the base preset become overrides, so a set stays readable.
Checking is ``check_overrides``'s job, not this module's.
"""

from collections.abc import Mapping

from rules.house_rules import editable_keys as keys_of_kind
from rules.schedules import Schedule

NUMBER_FIELDS = {"base", "step", "bonus13", "value", "unit"}


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
                value = data.get(name) in ("on", "true", "1")
            elif name not in data:
                continue
            elif key in NUMBER_FIELDS:
                raw = data[name].strip()
                value = int(raw) if raw.lstrip("-").isdigit() else raw
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
            value = int(raw) if raw.lstrip("-").isdigit() else raw
            if value != current:
                sanctions[code] = value
    if sanctions:
        overrides["sanctions"] = sanctions
    raw_limit = data.get("solo_limit", "").strip()
    if raw_limit and raw_limit != str(base.solo_limit):
        overrides["solo_limit"] = int(raw_limit) if raw_limit.isdigit() else raw_limit
    return overrides
