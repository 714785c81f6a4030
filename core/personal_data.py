"""Where personal data live, declared once: at the model that stores them.

Every model whose rows hold text (a ``CharField``, ``TextField`` or
``JSONField``) says, in one class attribute ``privacy``, what each of those
fields can hold about people:

- ``text``: words people write, or lines that copy a name (a correction
  reason, a jury's "decided by", an audit line's detail, a team's name): any
  of it may name anyone. A member's erasure rewrites their name there, and
  their data export lists every such value that names them;
- ``own``: the data of the one person the row belongs to (the register
  entry, a mail's address, a subscription's). ``owner`` is the lookup path
  from the row to that person's register entry (``"player"``): their
  erasure deletes the row and their export lists it. The register entry
  itself has no ``owner``: the erasure keeps it under a pseudonym
  (``seasons.privacy``);
- ``plain``: nothing about anyone (codes, choices, hashes, keys, records
  that name players by seat).

``within`` names the lookup paths from a row to the rows it belongs to
(``"tournament"``, ``"table__round__tournament"``, ``"pk"`` for the row
itself): when two people share a name, an erasure rewrites only the text
of places that are the erased person's alone.

The privacy service finds every declaration through
``django.apps.apps.get_models()``: a model of any app, added later, is
covered once it declares its fields; ``unclassified`` names a text field
declared no way (a test fails on it, so no free text is forgotten).

Examples, on a model::

    privacy = PersonalData(
        text=("correction_reason",), plain=("status",), within=("tournament",)
    )
    privacy = PersonalData(own=("email",), plain=("language",), owner="player")

Nothing here knows a model of ours: every app may import it.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models

#: The name of the class attribute that holds a model's declaration.
ATTRIBUTE = "privacy"

#: The field kinds whose values are text someone could write a name in.
TEXT_KINDS = (models.CharField, models.TextField, models.JSONField)


@dataclass(frozen=True)
class PersonalData:
    """What a model's text fields hold about people (see the module)."""

    text: tuple[str, ...] = ()
    own: tuple[str, ...] = ()
    plain: tuple[str, ...] = ()
    within: tuple[str, ...] = ()
    owner: str = ""

    def __post_init__(self) -> None:
        for part in ("text", "own", "plain", "within"):
            value = getattr(self, part)
            if isinstance(value, str) or not isinstance(value, tuple):
                # ("name") is a string, not a tuple of one: say so at import
                raise TypeError(f"PersonalData.{part} must be a tuple of names")
        if not isinstance(self.owner, str):
            raise TypeError("PersonalData.owner must be a lookup path")

    @property
    def declared(self) -> tuple[str, ...]:
        return self.text + self.own + self.plain


def declaration(model) -> PersonalData | None:
    """The model's own declaration, None when it has none."""
    found = getattr(model, ATTRIBUTE, None)
    return found if isinstance(found, PersonalData) else None


def text_fields(model) -> list[str]:
    """The model's concrete fields whose values are text."""
    return [
        f.name
        for f in model._meta.concrete_fields
        if isinstance(f, TEXT_KINDS) and not f.primary_key
    ]


def unclassified(model) -> list[str]:
    """The text fields ``model`` declares no way (all of them without a
    declaration)."""
    found = declaration(model)
    known = set(found.declared) if found else set()
    return [name for name in text_fields(model) if name not in known]


def problems(model) -> list[str]:
    """What is wrong with ``model``'s declaration: a name that is no field
    of it, a field declared twice, ``text`` that is no text field, a
    ``within`` path that leads nowhere."""
    found = declaration(model)
    if found is None:
        return []
    label = model._meta.label
    out = []
    names = {f.name for f in model._meta.concrete_fields}
    for name in found.declared:
        if name not in names:
            out.append(f"{label}.{name}: no such field")
        elif found.declared.count(name) > 1:
            out.append(f"{label}.{name}: declared more than once")
    texts = set(text_fields(model))
    out += [
        f"{label}.{name}: not a text field"
        for name in found.text
        if name in names and name not in texts
    ]
    for path in found.within + ((found.owner,) if found.owner else ()):
        try:
            target(model, path)
        except LookupError as exc:
            out.append(f"{label} path {path!r}: {exc}")
    return out


def target(model, path: str):
    """The model that ``path`` leads to from ``model`` (``"pk"``: itself)."""
    for part in path.split("__"):
        if part == "pk":
            continue
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist as exc:
            raise LookupError(f"{model._meta.label} has no field {part!r}") from exc
        if field.related_model is None:
            raise LookupError(f"{model._meta.label}.{part} is no relation")
        model = field.related_model
    return model


def owned_models() -> Iterator[tuple[type, PersonalData]]:
    """(model, declaration) of every installed model whose rows are one
    person's own (``owner``)."""
    for model in apps.get_models():
        found = declaration(model)
        if found is not None and found.owner and not model._meta.proxy:
            yield model, found


def declared_models() -> Iterator[tuple[type, PersonalData]]:
    """(model, declaration) of every installed model that declares ``text``
    (a proxy shares its model's rows: left out)."""
    for model in apps.get_models():
        found = declaration(model)
        if found is not None and found.text and not model._meta.proxy:
            yield model, found
