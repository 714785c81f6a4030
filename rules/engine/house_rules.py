"""House-rule sets: a preset plus overrides, parsed and checked at the boundary.

Overrides are JSON of this shape (every part optional)::

    {"contracts": {"rik": {"base": 20, "loss_mode": "both", "enabled": false}},
     "variants": ["solo-7", "beter-solos"],
     "solo_limit": 3,
     "sanctions": {"turn-up-forgotten": 6, "jury-not-called": 12},
     "shapes": {"solo13_steps": {"solo-13": 10},
                "open_simultaneous": ["open-piek", "open-misere"],
                "mie_double": true,
                "failed_step": {"piek": 10, "misere": 10},
                "pair_pays_each": ["rik", "rik-beter"],
                "abondance_flat": {"solo-9": 20},
                "failed_step_from": {"piek": 2},
                "failed_prices": {"rik": {"base": 20, "step": 10},
                                  "misere": {"base": 90}},
                "penalty_points": true}}

``shapes`` are the structural options (``SHAPE_FORMS``; docs/rulesets.md,
"Rules of another shape"): rules of another shape than the preset's numbers,
each named per contract it changes (``SHAPE_APPLIES`` says which it may),
absent = the preset's own arithmetic.

``check_overrides`` returns every problem as a ``Violation`` with its code,
the key it concerns and a message; an unknown key or an impossible value is
named. ``apply_overrides`` builds the schedule.
"""

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from core.numbers import is_whole as is_int
from rules.engine.contracts import FIXED_KINDS, STEPPED_KINDS, Contract
from rules.engine.presets import SANCTION_CEILINGS, get_preset, jury_not_called
from rules.engine.problems import PROBLEMS, Violation
from rules.engine.schedules import Schedule
from rules.engine.types import AllPassGame, Kind, LossMode

TOP_KEYS = ("contracts", "variants", "solo_limit", "sanctions", "shapes")
NUMBER_KEYS = ("base", "step", "bonus13", "value", "unit")
FLAG_KEYS = ("enabled", "jury", "solo_limit")  # the editor's order too


#: Each shape and the form of its value: ``amounts`` {contract: whole number
#: 1–10000}, ``contracts`` [contract, …], ``switch`` true/false, ``from``
#: {contract: trick 1–13}, ``prices`` {contract: {"base": n, "step": n}} (each
#: 0–10000, either may be left out). The order is the issues', the editor's
#: and the rules page's.
SHAPE_FORMS = {
    "solo13_steps": "amounts",  # failed solo 13: value + step per trick short
    "open_simultaneous": "contracts",  # several declarers of this open game
    "mie_double": "switch",  # ♠Q and the last trick to one player: pays twice
    "failed_step": "amounts",  # failed piek/misère: value + step per trick too many
    "pair_pays_each": "contracts",  # each opponent pays each of the pair
    "abondance_flat": "amounts",  # failed solo (alleen): this flat amount
    "failed_step_from": "from",  # failed fixed game: the step from the N-th trick
    "failed_prices": "prices",  # failed game: its own base and step
    "penalty_points": "switch",  # standings shown as penalty points
}
_PIEK_MISERE = frozenset({Kind.PIEK, Kind.MISERE})
#: Which contracts (of the preset, as it is) each shape may change.
SHAPE_APPLIES: dict[str, Callable[[Contract], bool]] = {
    "solo13_steps": lambda c: c.kind is Kind.FIXED_SOLO and c.target == 13,
    "open_simultaneous": lambda c: c.kind in _PIEK_MISERE and c.group is None,
    "mie_double": lambda c: c.all_pass_game is AllPassGame.QUEEN_AND_LAST,
    "failed_step": lambda c: c.kind in _PIEK_MISERE,
    "pair_pays_each": lambda c: c.kind is Kind.TEAM,
    "abondance_flat": lambda c: c.kind is Kind.SOLO,
    # any fixed game may have a failed step (failed_step, solo13_steps or
    # failed_prices); one without gets ``shape_from_no_step``
    "failed_step_from": lambda c: c.kind in FIXED_KINDS,
    "failed_prices": lambda c: c.kind in FIXED_KINDS | STEPPED_KINDS,
    # how the standings read, not a contract's arithmetic: every preset
    "penalty_points": lambda c: True,
}
#: Switches of the whole set, not of contracts (the editor labels their box
#: with the shape's own words instead of a contract's name).
SET_SWITCHES = frozenset({"penalty_points"})
SHAPE_MAX = 10_000
#: ``failed_step_from``: the trick too many (or short) the step counts from.
FROM_MAX = 13
#: ``failed_prices``: the keys of one contract's prices, in the editor's order.
PRICE_KEYS = ("base", "step")


def shape_contracts(schedule: Schedule, key: str) -> list[Contract]:
    """The contracts of ``schedule`` that shape ``key`` may change, by rank."""
    applies = SHAPE_APPLIES[key]
    return sorted(
        (c for c in schedule.contracts.values() if applies(c)), key=lambda c: c.rank
    )


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
    ``rules.engine.problems``, fields as dotted keys); empty when usable."""
    base = get_preset(preset)
    if base is None:
        return [_problem("override_preset", "preset", p=preset)]
    if not isinstance(overrides, Mapping):
        return [_problem("override_shape", "overrides", "overrides")]
    errors = [
        _problem("override_key", key, k=key) for key in overrides if key not in TOP_KEYS
    ]
    errors += _check_contracts(base, overrides.get("contracts", {}))
    errors += _check_variants(base, overrides.get("variants", []))
    if "solo_limit" in overrides:
        limit = overrides["solo_limit"]
        if not is_int(limit) or not 1 <= limit <= 50:
            errors.append(_problem("override_solo_limit", "solo_limit"))
    errors += _check_sanctions(base, overrides.get("sanctions", {}))
    errors += _check_shapes(base, overrides.get("shapes", {}))
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
    if key in NUMBER_KEYS and (not is_int(value) or not 0 <= value <= 10_000):
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
        elif not is_int(amount) or amount <= 0 or amount % 3:
            errors.append(_problem("override_sanction_amount", where))
        elif amount > SANCTION_CEILINGS[code]:
            errors.append(
                _problem(
                    "override_sanction_ceiling", where, max=SANCTION_CEILINGS[code]
                )
            )
    return errors


def _check_shapes(base: Schedule, shapes: Any) -> list[Violation]:
    if not isinstance(shapes, Mapping):
        return [_problem("override_shape", "shapes", "shapes")]
    errors = []
    for key, value in shapes.items():
        where = f"shapes.{key}"
        form = SHAPE_FORMS.get(key)
        if form is None:
            errors.append(_problem("shape_unknown", where, k=key))
        elif form == "switch":
            errors += _check_switch(base, key, value, where)
        else:
            errors += _check_shape_contracts(base, key, form, value, where)
    if not errors:
        errors += _check_together(base, shapes)
    return errors


def _check_switch(base: Schedule, key: str, value: Any, where: str) -> list:
    if not isinstance(value, bool):
        return [_problem("shape_format", where, "switch")]
    if value and not shape_contracts(base, key):
        return [_problem("shape_not_applicable", where, "preset", p=base.code)]
    return []


def _check_shape_contracts(base, key, form, value, where) -> list[Violation]:
    """An ``amounts`` mapping or a ``contracts`` list: every contract must be
    the preset's and one the shape applies to; every amount 1–10000."""
    if form in ("amounts", "from", "prices") and not isinstance(value, Mapping):
        return [_problem("shape_format", where, form)]
    if form == "contracts" and not isinstance(value, list):
        return [_problem("shape_format", where, "contracts")]
    errors, seen = [], set()
    for i, code in enumerate(value):
        if not isinstance(code, str):
            errors.append(_problem("shape_format", f"{where}[{i}]", "contract"))
            continue
        at = f"{where}.{code}"
        contract = base.contracts.get(code)
        if contract is None:
            errors.append(_problem("shape_contract", at, c=code, p=base.code))
        elif not SHAPE_APPLIES[key](contract):
            errors.append(_problem("shape_not_applicable", at, key, c=contract.name))
        elif code in seen:
            errors.append(_problem("shape_duplicate", at, c=contract.name))
        elif form == "amounts" and not (
            is_int(value[code]) and 1 <= value[code] <= SHAPE_MAX
        ):
            errors.append(_problem("shape_amount", at, max=SHAPE_MAX))
        elif form == "from" and not (
            is_int(value[code]) and 1 <= value[code] <= FROM_MAX
        ):
            errors.append(_problem("shape_from", at, max=FROM_MAX))
        elif form == "prices":
            errors += _check_prices(value[code], at)
        seen.add(code)
    return errors


def _check_prices(prices: Any, where: str) -> list[Violation]:
    """One contract's failed prices: ``base`` and/or ``step``, 0–10000."""
    if not isinstance(prices, Mapping) or not prices:
        return [_problem("shape_format", where, "price")]
    errors = []
    for key, amount in prices.items():
        at = f"{where}.{key}"
        if key not in PRICE_KEYS:
            errors.append(_problem("shape_price_key", at, k=key))
        elif not (is_int(amount) and 0 <= amount <= SHAPE_MAX):
            errors.append(_problem("shape_price", at, max=SHAPE_MAX))
    return errors


def _check_together(base: Schedule, shapes: Mapping) -> list[Violation]:
    """Shapes that each say how one failed game pays: two failed steps for
    one contract, a flat amount beside failed prices, or a trick to count
    from where there is no step to count."""
    errors = []
    prices = shapes.get("failed_prices") or {}
    stepped = {
        **(shapes.get("solo13_steps") or {}),
        **(shapes.get("failed_step") or {}),
    }
    for code, price in prices.items():
        name = base.contracts[code].name
        if "step" in price and code in stepped:
            errors.append(
                _problem(
                    "shape_conflict", f"shapes.failed_prices.{code}", "step", c=name
                )
            )
        if code in (shapes.get("abondance_flat") or {}):
            errors.append(
                _problem(
                    "shape_conflict", f"shapes.failed_prices.{code}", "flat", c=name
                )
            )
    for code in shapes.get("failed_step_from") or {}:
        if not stepped.get(code) and not (prices.get(code) or {}).get("step"):
            errors.append(
                _problem(
                    "shape_from_no_step",
                    f"shapes.failed_step_from.{code}",
                    c=base.contracts[code].name,
                )
            )
    return errors


def _apply_shapes(contracts: dict[str, Contract], shapes: Mapping) -> None:
    """Carry each shape onto the contracts it names (checked already)."""
    fields = {
        "solo13_steps": "fail_step",
        "failed_step": "fail_step",
        "abondance_flat": "fail_flat",
    }
    for key, field in fields.items():
        for code, amount in shapes.get(key, {}).items():
            contracts[code] = contracts[code].with_changes(**{field: amount})
    for code, trick in shapes.get("failed_step_from", {}).items():
        contracts[code] = contracts[code].with_changes(fail_from=trick)
    for code, prices in shapes.get("failed_prices", {}).items():
        contracts[code] = contracts[code].with_changes(
            lost_base=prices.get("base"), lost_step=prices.get("step")
        )
    for code in shapes.get("pair_pays_each", []):
        contracts[code] = contracts[code].with_changes(pays_each=True)
    for code in shapes.get("open_simultaneous", []):
        # a group of its own: other declarers of the same game, nothing else
        contracts[code] = contracts[code].with_changes(group=code)
    if shapes.get("mie_double"):
        for code, contract in contracts.items():
            if SHAPE_APPLIES["mie_double"](contract):
                contracts[code] = contract.with_changes(loser_twice=True)


def active_shapes(shapes: Mapping) -> dict[str, Any]:
    """The shapes that change something, in ``SHAPE_FORMS`` order (copies)."""
    active = {}
    for key, form in SHAPE_FORMS.items():
        value = shapes.get(key)
        if value and form in ("amounts", "from"):
            active[key] = dict(value)
        elif value and form == "prices":
            active[key] = {c: dict(p) for c, p in value.items()}
        elif value and form == "contracts":
            active[key] = list(value)
        elif value is True:
            active[key] = True
    return active


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
    shapes = active_shapes(overrides.get("shapes", {}))
    _apply_shapes(contracts, shapes)
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
        shapes=shapes,
    )
