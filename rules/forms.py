"""The house-rule editor's fields and messages in plain words.

``rules.editor`` turns form data into overrides; this module only says how
each field looks (label, help, kind of input) and names a problem's field
the way the page shows it ("Rik · Base", not ``contracts.rik.base``).
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.editor import (
    TICKED,
    current_value,
    editable_keys,
    shape_field,
    shape_value,
)
from rules.engine.house_rules import SHAPE_FORMS, shape_contracts
from rules.engine.labels import (
    SCHEDULE,
    Label,
    field_label,
    loss_mode_label,
    shape_label,
)
from rules.engine.schedules import Schedule
from rules.engine.types import LossMode

FLAGS = ("enabled", "jury", "solo_limit")


@dataclass(frozen=True)
class EditorField:
    name: str  # the form field: ``<contract>__<key>``
    key: str
    label: Label
    value: object
    widget: str  # "number", "checkbox" or "select"
    choices: tuple = ()


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
        widget = "number" if form == "amounts" else "checkbox"
        targets = [None] if form == "switch" else contracts
        fields = []
        for contract in targets:
            code = contract.code if contract else None
            name = shape_field(key, code)
            if data is None:
                value = shape_value(source, key, code)
            else:
                value = (
                    data.get(name, "")
                    if widget == "number"
                    else (data.get(name) in TICKED)
                )
            label = Label((contract or contracts[0]).name)
            fields.append(EditorField(name, key, label, value, widget))
        groups.append(ShapeGroup(key, shape_label(key), fields))
    return groups


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
    """``shapes.failed_step.misere`` → "Misère · Failed: per trick too many"."""
    parts = field.split(".", 2)
    if len(parts) == 1:
        return str(SCHEDULE["shapes"].text)
    label = str(shape_label(parts[1].split("[")[0]).text)
    if len(parts) == 2:
        return label
    contract = schedule.contracts.get(parts[2])
    return f"{contract.name if contract else parts[2]} · {label}"
