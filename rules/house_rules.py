"""House-rule sets: a preset plus overrides, parsed and checked at the boundary.

Overrides are JSON of this shape (every part optional)::

    {"contracts": {"rik": {"base": 20, "loss_mode": "both", "enabled": false}},
     "variants": ["solo-7", "beter-solos"],
     "solo_limit": 3,
     "sanctions": {"turn-up-forgotten": 6, "jury-not-called": 12}}

``check_overrides`` returns every problem as a ``Violation`` with its code,
the key it concerns and a message; an unknown key or an impossible value is
named. ``apply_overrides`` builds the schedule.
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.contracts import FIXED_KINDS, STEPPED_KINDS
from rules.presets import SANCTION_CEILINGS, get_preset, jury_not_called
from rules.problems import PROBLEMS, Violation
from rules.schedules import Schedule
from rules.types import Kind, LossMode

TOP_KEYS = ("contracts", "variants", "solo_limit", "sanctions")
NUMBER_KEYS = ("base", "step", "bonus13", "value", "unit")
FLAG_KEYS = ("enabled", "jury", "solo_limit")  # the editor's order too


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def editable_keys(kind: Kind) -> list[str]:
    """What a house-rule set may change on a contract of ``kind``, in the
    order the editor shows it."""
    keys = []
    if kind in STEPPED_KINDS:
        keys += ["base", "step", "bonus13"]
    if kind in FIXED_KINDS:
        keys.append("value")
    if kind is Kind.ALL_PASS:
        keys.append("unit")
    if kind is Kind.TEAM:
        keys.append("loss_mode")
    return [*keys, *FLAG_KEYS]


def check_overrides(preset: str, overrides: Any) -> list[Violation]:
    """Every problem with ``overrides`` for ``preset`` (codes ``override_*`` of
    ``rules.problems``, fields as dotted keys); empty when usable."""
    base = get_preset(preset)
    if base is None:
        return [_problem("override_preset", "preset", p=preset)]
    if not isinstance(overrides, Mapping):
        return [_problem("override_shape", "overrides", "overrides")]
    errors = [_problem("override_key", key, k=key)
              for key in overrides if key not in TOP_KEYS]  # fmt: skip
    errors += _check_contracts(base, overrides.get("contracts", {}))
    errors += _check_variants(base, overrides.get("variants", []))
    if "solo_limit" in overrides:
        limit = overrides["solo_limit"]
        if not _is_int(limit) or not 1 <= limit <= 50:
            errors.append(_problem("override_solo_limit", "solo_limit"))
    errors += _check_sanctions(base, overrides.get("sanctions", {}))
    return errors


def _problem(code: str, where: str, variant: str = "", **params) -> Violation:
    return PROBLEMS[code].violation(where, variant, **params)


def _check_contracts(base: Schedule, contracts: Any) -> list[Violation]:
    if not isinstance(contracts, Mapping):
        return [_problem("override_shape", "contracts", "contracts")]
    errors = []
    for code, changes in contracts.items():
        where = f"contracts.{code}"
        contract = base.contracts.get(code)
        if contract is None:
            errors.append(_problem("override_contract", where, c=code, p=base.code))
            continue
        if not isinstance(changes, Mapping):
            errors.append(_problem("override_shape", where, "contract"))
            continue
        allowed = editable_keys(contract.kind)
        for key, value in changes.items():
            errors += _check_contract_value(f"{where}.{key}", key, value, allowed)
    return errors


def _check_contract_value(where, key, value, allowed) -> list[Violation]:
    if key not in allowed:
        if key in NUMBER_KEYS or key == "loss_mode" or key in FLAG_KEYS:
            return [_problem("override_not_applicable", where, k=key)]
        return [_problem("override_key", where, k=key)]
    if key in NUMBER_KEYS and (not _is_int(value) or not 0 <= value <= 10_000):
        return [_problem("override_number", where)]
    if key in FLAG_KEYS and not isinstance(value, bool):
        return [_problem("override_flag", where)]
    if key == "loss_mode" and (
        not isinstance(value, str) or value not in {m.value for m in LossMode}
    ):
        return [_problem("override_loss_mode", where)]
    return []


def _check_variants(base: Schedule, variants: Any) -> list[Violation]:
    known = {c.variant for c in base.contracts.values() if c.variant}
    if not isinstance(variants, list):
        return [_problem("override_shape", "variants", "variants")]
    return [
        _problem("override_variant", "variants", v=v, p=base.code)
        for v in variants
        if not isinstance(v, str) or v not in known
    ]


def _check_sanctions(base: Schedule, sanctions: Any) -> list[Violation]:
    if not isinstance(sanctions, Mapping):
        return [_problem("override_shape", "sanctions", "sanctions")]
    known = set(base.sanctions) | {"jury-not-called"}
    errors = []
    for code, amount in sanctions.items():
        where = f"sanctions.{code}"
        if code not in known:
            errors.append(_problem("override_sanction", where, c=code))
        elif code == "penalty":
            errors.append(_problem("override_penalty", where))
        elif not _is_int(amount) or amount <= 0 or amount % 3:
            errors.append(_problem("override_sanction_amount", where))
        elif amount > SANCTION_CEILINGS[code]:
            errors.append(
                _problem(
                    "override_sanction_ceiling", where, max=SANCTION_CEILINGS[code]
                )
            )
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
