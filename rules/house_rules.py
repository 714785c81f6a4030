"""House-rule sets: a preset plus overrides, parsed and checked at the boundary.

Overrides are JSON of this shape (every part optional)::

    {"contracts": {"rik": {"base": 20, "loss_mode": "both", "enabled": false}},
     "variants": ["solo-7", "beter-solos"],
     "solo_limit": 3,
     "sanctions": {"turn-up-forgotten": 6, "jury-not-called": 12}}

``check_overrides`` returns every problem as ``(key, message)``; an unknown key
or an impossible value is named. ``apply_overrides`` builds the schedule.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules.contracts import FIXED_KINDS, STEPPED_KINDS
from rules.presets import SANCTION_CEILINGS, get_preset, jury_not_called
from rules.schedules import Schedule
from rules.types import Kind, LossMode

TOP_KEYS = ("contracts", "variants", "solo_limit", "sanctions")
NUMBER_KEYS = ("base", "step", "bonus13", "value", "unit")
FLAG_KEYS = ("enabled", "jury", "solo_limit")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _contract_keys(kind: Kind) -> set[str]:
    keys = {"enabled", "jury", "solo_limit"}
    if kind in STEPPED_KINDS:
        keys |= {"base", "step", "bonus13"}
    if kind is Kind.TEAM:
        keys.add("loss_mode")
    if kind in FIXED_KINDS:
        keys.add("value")
    if kind is Kind.ALL_PASS:
        keys.add("unit")
    return keys


def check_overrides(preset: str, overrides: Any) -> list[tuple[str, str]]:
    """Every problem with ``overrides`` for ``preset``; empty when usable."""
    base = get_preset(preset)
    if base is None:
        return [("preset", str(_("Unknown preset “%(p)s”.") % {"p": preset}))]
    if not isinstance(overrides, Mapping):
        return [("overrides", str(_("Overrides must be a JSON object.")))]
    errors: list[tuple[str, str]] = []
    for key in overrides:
        if key not in TOP_KEYS:
            errors.append((key, str(_("Unknown key “%(k)s”.") % {"k": key})))
    errors += _check_contracts(base, overrides.get("contracts", {}))
    errors += _check_variants(base, overrides.get("variants", []))
    if "solo_limit" in overrides:
        limit = overrides["solo_limit"]
        if not _is_int(limit) or not 1 <= limit <= 50:
            errors.append(
                ("solo_limit", str(_("solo_limit must be a whole number 1–50.")))
            )
    errors += _check_sanctions(base, overrides.get("sanctions", {}))
    return errors


def _check_contracts(base: Schedule, contracts: Any) -> list[tuple[str, str]]:
    if not isinstance(contracts, Mapping):
        return [("contracts", str(_("contracts must be a JSON object.")))]
    errors = []
    for code, changes in contracts.items():
        where = f"contracts.{code}"
        contract = base.contracts.get(code)
        if contract is None:
            msg = _("Unknown contract “%(c)s” in preset %(p)s.")
            errors.append((where, str(msg % {"c": code, "p": base.code})))
            continue
        if not isinstance(changes, Mapping):
            errors.append((where, str(_("Must be a JSON object."))))
            continue
        allowed = _contract_keys(contract.kind)
        for key, value in changes.items():
            errors += _check_contract_value(f"{where}.{key}", key, value, allowed)
    return errors


def _check_contract_value(where, key, value, allowed) -> list[tuple[str, str]]:
    if key not in allowed:
        if key in NUMBER_KEYS or key == "loss_mode" or key in FLAG_KEYS:
            msg = _("“%(k)s” does not apply to this contract.")
        else:
            msg = _("Unknown key “%(k)s”.")
        return [(where, str(msg % {"k": key}))]
    if key in NUMBER_KEYS and (not _is_int(value) or not 0 <= value <= 10_000):
        return [(where, str(_("Must be a whole number from 0 to 10000.")))]
    if key in FLAG_KEYS and not isinstance(value, bool):
        return [(where, str(_("Must be true or false.")))]
    if key == "loss_mode" and (
        not isinstance(value, str) or value not in {m.value for m in LossMode}
    ):
        return [(where, str(_("Must be “both” or “declarer”.")))]
    return []


def _check_variants(base: Schedule, variants: Any) -> list[tuple[str, str]]:
    known = {c.variant for c in base.contracts.values() if c.variant}
    if not isinstance(variants, list):
        return [("variants", str(_("variants must be a list.")))]
    errors = []
    for v in variants:
        if not isinstance(v, str) or v not in known:
            msg = _("Unknown variant “%(v)s” for preset %(p)s.")
            errors.append(("variants", str(msg % {"v": v, "p": base.code})))
    return errors


def _check_sanctions(base: Schedule, sanctions: Any) -> list[tuple[str, str]]:
    if not isinstance(sanctions, Mapping):
        return [("sanctions", str(_("sanctions must be a JSON object.")))]
    known = set(base.sanctions) | {"jury-not-called"}
    errors = []
    for code, amount in sanctions.items():
        where = f"sanctions.{code}"
        if code not in known:
            errors.append((where, str(_("Unknown sanction “%(c)s”.") % {"c": code})))
        elif code == "penalty":
            errors.append((where, str(_("The penalty has no fixed amount."))))
        elif not _is_int(amount) or amount <= 0 or amount % 3:
            errors.append((where, str(_("Must be a positive multiple of 3."))))
        elif amount > SANCTION_CEILINGS[code]:
            msg = _("At most %(max)s: a sanction may not outweigh the game.")
            errors.append((where, str(msg % {"max": SANCTION_CEILINGS[code]})))
    return errors


class InvalidOverridesError(ValueError):
    """Raised by ``apply_overrides`` on overrides that were never checked."""


def apply_overrides(
    preset: str, overrides: Mapping[str, Any], code: str, name: str
) -> Schedule:
    """The preset with ``overrides`` applied, as a schedule named ``code``."""
    errors = check_overrides(preset, overrides)
    if errors:
        raise InvalidOverridesError(errors)
    base = get_preset(preset)
    assert base is not None
    variants = frozenset(overrides.get("variants", []))
    contracts = {}
    for c, contract in base.contracts.items():
        if contract.variant in variants:
            contract = contract.with_changes(enabled=True)
        changes = dict(overrides.get("contracts", {}).get(c, {}))
        if "loss_mode" in changes:
            changes["loss_mode"] = LossMode(changes["loss_mode"])
        contracts[c] = contract.with_changes(**changes) if changes else contract
    sanctions = dict(base.sanctions)
    if any(c.jury for c in contracts.values()) and "jury-not-called" not in sanctions:
        sanctions["jury-not-called"] = jury_not_called()
    for s, amount in overrides.get("sanctions", {}).items():
        current = sanctions.get(s) or jury_not_called()
        key = "maximum" if current.variable else "amount"
        sanctions[s] = replace(current, **{key: amount})
    return Schedule(
        code=code,
        name=name,
        preset=preset,
        contracts=contracts,
        sanctions=sanctions,
        solo_limit=overrides.get("solo_limit", base.solo_limit),
        variants=variants,
    )
