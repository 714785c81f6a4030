"""The house-rule editor's fields and messages in plain words.

``rules.editor`` turns form data into overrides; this module only says how
each field looks (label, help, kind of input) and names a problem's field
the way the page shows it ("Rik · Base", not ``contracts.rik.base``).
"""

from dataclasses import dataclass

from rules.editor import current_value, editable_keys
from rules.labels import SCHEDULE, Label, field_label, loss_mode_label
from rules.schedules import Schedule
from rules.types import LossMode

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


def where_in_words(field: str, schedule: Schedule) -> str:
    """A problem's dotted field as the editor's labels name it."""
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
