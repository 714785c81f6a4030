"""The house-rule editor's fields and messages in plain words.

``td.rules_editor`` turns form data into overrides; this module only says how
each field looks (label, help, kind of input) and names a problem's field
the way the page shows it ("Rik · Base", not ``contracts.rik.base``).
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.contracts import FIXED_KINDS
from rules.engine.house_rules import (
    FROM_MAX,
    PRICE_KEYS,
    SET_SWITCHES,
    SHAPE_FORMS,
    shape_contracts,
)
from rules.engine.labels import (
    PRICES,
    SCHEDULE,
    Label,
    field_label,
    loss_mode_label,
    shape_label,
)
from rules.engine.schedules import Schedule
from rules.engine.types import LossMode
from td.rules_editor import (
    TICKED,
    current_value,
    editable_keys,
    shape_field,
    shape_value,
)

FLAGS = ("enabled", "jury", "solo_limit")


@dataclass(frozen=True)
class EditorField:
    name: str  # the form field: ``<contract>__<key>``
    key: str
    label: Label
    value: object
    widget: str  # "number", "checkbox" or "select"
    choices: tuple = ()
    low: int = 1  # a number's least and greatest value (the page's min/max)
    high: int | None = None
    placeholder: object = ""  # what an empty input means (a failed price: as made)


def contract_fields(contract) -> list[EditorField]:
    return [_field(contract, key) for key in editable_keys(contract)]


def _field(contract, key: str) -> EditorField:
    name, value = f"{contract.code}__{key}", current_value(contract, key)
    if key == "loss_mode":
        choices = tuple((m.value, loss_mode_label(m).text) for m in LossMode)
        return EditorField(name, key, field_label(key), value, "select", choices)
    widget = "checkbox" if key in FLAGS else "number"
    return EditorField(name, key, field_label(key), value, widget)


@dataclass(frozen=True)
class ShapeGroup:
    """One shape in the editor: its words, and one input per contract it may
    change (one checkbox for a switch)."""

    key: str
    label: Label
    fields: list[EditorField]

    @property
    def filled(self) -> bool:
        """Whether any input has a value (an amount, a tick)."""
        return any(f.value not in ("", None, False) for f in self.fields)

    @property
    def rows(self) -> list[tuple[str, list[EditorField]]]:
        """The failed prices as the page lays them out: per contract its
        name and its two inputs (base, step)."""
        out: dict[str, list[EditorField]] = {}
        for f in self.fields:
            out.setdefault(str(f.label.text).split(" · ")[0], []).append(f)
        return list(out.items())


def shape_groups(
    base: Schedule, source: Schedule, data: Mapping[str, str] | None = None
) -> list[ShapeGroup]:
    """The shapes ``base``'s preset can take, filled in from ``source`` (the
    set being edited), or from ``data`` when a refused form comes back."""
    groups = []
    for key, form in SHAPE_FORMS.items():
        contracts = shape_contracts(base, key)
        if not contracts:
            continue
        widget = "checkbox" if form in ("switch", "contracts") else "number"
        targets = [None] if form == "switch" else contracts
        parts = PRICE_KEYS if form == "prices" else (None,)
        fields = []
        for contract in targets:
            code = contract.code if contract else None
            for part in parts:
                name = shape_field(key, code, part)
                if data is None:
                    value = shape_value(source, key, code, part)
                elif widget == "number":
                    value = data.get(name, "")
                else:
                    value = data.get(name) in TICKED
                fields.append(
                    EditorField(
                        name,
                        key,
                        _shape_field_label(key, contract or contracts[0], part),
                        value,
                        widget,
                        low=0 if form == "prices" else 1,
                        high=FROM_MAX if form == "from" else None,
                        placeholder=_as_made(source.contracts.get(code, contract), part)
                        if part
                        else "",
                    )
                )
        groups.append(ShapeGroup(key, shape_label(key), fields))
    return groups


def _as_made(contract, part: str):
    """A failed price left empty: what the game pays failed without it (the
    made base or value; the step per trick short, or none)."""
    fixed = contract.kind in FIXED_KINDS
    if part == "base":
        return contract.value if fixed else contract.base
    return contract.fail_step if fixed else contract.step


def _shape_field_label(key: str, contract, part: str | None) -> Label:
    """A shape input's words: the contract's name ("Rik · Failed base" for
    a failed price); a switch of the whole set says what it switches."""
    if key in SET_SWITCHES:
        return Label(shape_label(key).text)
    if part is not None:
        return Label(f"{contract.name} · {PRICES[part].text}", PRICES[part].help)
    return Label(contract.name)


def where_in_words(field: str, schedule: Schedule) -> str:
    """A problem's dotted field as the editor's labels name it."""
    if field.startswith("shapes"):
        return _shape_in_words(field, schedule)
    parts = field.split(".")
    if parts[0] == "contracts" and len(parts) > 1:
        contract = schedule.contracts.get(parts[1])
        name = contract.name if contract else parts[1]
        if len(parts) > 2:
            return f"{name} · {field_label(parts[2]).text}"
        return name
    if parts[0] == "sanctions" and len(parts) > 1:
        sanction = schedule.sanctions.get(parts[1])
        return sanction.name if sanction else parts[1]
    if field in SCHEDULE:
        return str(SCHEDULE[field].text)
    return field


def _shape_in_words(field: str, schedule: Schedule) -> str:
    """``shapes.failed_step.misere`` → "Misère · Failed: per trick too many";
    ``shapes.failed_prices.rik.base`` → "Rik · Failed: own base and step ·
    Failed base"."""
    parts = field.split(".", 3)
    if len(parts) == 1:
        return str(SCHEDULE["shapes"].text)
    label = str(shape_label(parts[1].split("[")[0]).text)
    if len(parts) == 2:
        return label
    contract = schedule.contracts.get(parts[2])
    words = f"{contract.name if contract else parts[2]} · {label}"
    if len(parts) == 4:
        part = PRICES.get(parts[3])
        words += f" · {part.text if part else parts[3]}"
    return words
