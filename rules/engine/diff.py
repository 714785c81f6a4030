"""What a house-rule set changes in its preset, side by side, in plain words.

Compares the two *schedules*, not the overrides JSON: what a club plays is
what counts, however the set says it. Per contract the numbers and switches a
set may change (``rules.engine.house_rules.editable_keys``); then the optional
variants, the *shapes* (one line each, not a line per contract field they
touch), every other schedule-wide field (so one added later shows too, under
its label in ``rules.engine.labels`` when it has one) and the sanctions.
Presentation only, pure: no database.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import Enum

from django.utils.translation import gettext_lazy as _

import rules.engine.labels as labels
from rules.engine.labels import (
    FIELDS,
    SCHEDULE,
    Label,
    loss_mode_label,
    payment_label,
    shape_items,
    variant_label,
)
from rules.engine.schedules import Schedule
from rules.engine.types import LossMode, Payment

#: Contract fields a set changes directly, in the order the editor shows
#: them (what else differs in a contract comes from a shape or a variant).
CONTRACT_ORDER = (
    "enabled",
    "base",
    "step",
    "bonus13",
    "value",
    "unit",
    "loss_mode",
    "jury",
    "solo_limit",
)
#: Schedule fields compared on their own (or that name it).
SCHEDULE_OWN = {
    "code",
    "name",
    "preset",
    "contracts",
    "sanctions",
    "variants",
    "shapes",
}


@dataclass(frozen=True)
class Difference:
    where: str  # "Rik · Base", "Solo limit", "Turn-up card forgotten"
    preset: str  # the preset's value, in words
    this: str  # the set's value, in words
    help: str = ""


def differences(preset: Schedule, schedule: Schedule) -> list[Difference]:
    """Every way ``schedule`` differs from ``preset``, contracts first (in the
    preset's order), then the optional variants, the schedule-wide numbers
    and the sanctions. Empty when the set plays the preset exactly."""
    out = list(_contracts(preset, schedule))
    if preset.variants != schedule.variants:
        label = SCHEDULE["variants"]
        out.append(
            Difference(
                str(label.text),
                _variants(preset.variants),
                _variants(schedule.variants),
                str(label.help),
            )
        )
    out += _shapes(preset, schedule)
    out += _schedule_fields(preset, schedule)
    out += _sanctions(preset, schedule)
    return out


def _contracts(preset: Schedule, schedule: Schedule) -> Iterable[Difference]:
    codes = sorted(
        set(preset.contracts) | set(schedule.contracts),
        key=lambda c: _rank(preset, schedule, c),
    )
    for code in codes:
        old, new = preset.contracts.get(code), schedule.contracts.get(code)
        name = (new or old).name
        if old is None or new is None:
            yield Difference(name, _enabled(old), _enabled(new))
            continue
        expected = old.enabled or (old.variant in schedule.variants)
        if new.enabled != expected:
            label = FIELDS["enabled"]
            yield Difference(
                f"{name} · {label.text}",
                _words(expected),
                _words(new.enabled),
                str(label.help),
            )
        if not new.enabled:
            continue  # a contract not played: its numbers do not matter
        for key in CONTRACT_ORDER[1:]:
            before, after = getattr(old, key), getattr(new, key)
            if before != after:
                label = _label(key)
                yield Difference(
                    f"{name} · {label.text}",
                    _words(before),
                    _words(after),
                    str(label.help),
                )


def _rank(preset: Schedule, schedule: Schedule, code: str) -> tuple:
    contract = preset.contracts.get(code) or schedule.contracts[code]
    return (contract.is_all_pass, contract.rank, code)


def _shapes(preset: Schedule, schedule: Schedule) -> list[Difference]:
    """One line per shape (``rules.engine.house_rules``) the set uses: the contracts
    it changes by name, with their amounts."""
    before = getattr(preset, "shapes", None) or {}
    after = getattr(schedule, "shapes", None) or {}
    out = []
    for key in dict.fromkeys([*before, *after]):
        if before.get(key) != after.get(key):
            label = getattr(labels, "SHAPES", {}).get(key) or Label(key)
            out.append(
                Difference(
                    str(label.text),
                    _shape_words(key, before.get(key), schedule),
                    _shape_words(key, after.get(key), schedule),
                    str(label.help),
                )
            )
    return out


def _shape_words(key: str, value, schedule: Schedule) -> str:
    """A shape's value as the rules page says it (``labels.shape_items``):
    the contracts by name with their amounts, tricks or failed prices; a
    switch as yes; off as a dash."""
    if isinstance(value, Mapping):
        value = dict(value)
    if isinstance(value, (dict, list, tuple)):
        joiner = "; " if key == "failed_prices" else ", "
        return joiner.join(shape_items(schedule, key, value)) or NOT_PLAYED
    if not value:
        return NOT_PLAYED
    return _words(value)


def _schedule_fields(preset: Schedule, schedule: Schedule) -> list[Difference]:
    out = []
    for f in fields(schedule):
        if f.name in SCHEDULE_OWN:
            continue
        before, after = getattr(preset, f.name, None), getattr(schedule, f.name)
        if before != after:
            label = _label(f.name, SCHEDULE)
            out.append(
                Difference(
                    str(label.text), _words(before), _words(after), str(label.help)
                )
            )
    return out


def _sanctions(preset: Schedule, schedule: Schedule) -> list[Difference]:
    out = []
    for code in [
        *preset.sanctions,
        *(s for s in schedule.sanctions if s not in preset.sanctions),
    ]:
        old, new = preset.sanctions.get(code), schedule.sanctions.get(code)
        before, after = _sanction_words(old), _sanction_words(new)
        if before != after:
            label = SCHEDULE[
                "sanction_maximum" if (new or old).variable else "sanction_amount"
            ]
            name = (new or old).name
            out.append(
                Difference(f"{name} · {label.text}", before, after, str(label.help))
            )
    return out


def _sanction_words(sanction) -> str:
    if sanction is None:
        return NOT_PLAYED
    amount = sanction.maximum if sanction.variable else sanction.amount
    return str(_("decided per case")) if amount is None else str(amount)


def _label(key: str, first: Mapping[str, Label] = FIELDS) -> Label:
    """The key's words: the table given first, then the other one."""
    return first.get(key) or {**SCHEDULE, **FIELDS}.get(key) or Label(key)


NOT_PLAYED = "—"


def _enabled(contract) -> str:
    return NOT_PLAYED if contract is None or not contract.enabled else str(_("yes"))


def _variants(variants) -> str:
    if not variants:
        return NOT_PLAYED
    return ", ".join(sorted(str(variant_label(v).text) for v in variants))


def _words(value) -> str:
    """A value as a club secretary reads it."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, LossMode):
        return str(loss_mode_label(value).text)
    if isinstance(value, Payment):
        return str(payment_label(value).text)
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return NOT_PLAYED
    if isinstance(value, Mapping):
        return ", ".join(f"{_words(k)}: {_words(v)}" for k, v in value.items()) or (
            NOT_PLAYED
        )
    if isinstance(value, (set, frozenset, list, tuple)):
        return ", ".join(sorted(_words(v) for v in value)) or NOT_PLAYED
    return str(value)
