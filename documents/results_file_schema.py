"""The JSON Schema of the results file (``rikscore.event``, docs/results-file.md)
and its problems in the words the hand-written checks use. Pure: no database.

The schema is a published file (``data/schemas/``), served by the site at
the address that is its ``$id``; the hand-written checks
(``event_backup_schema``) stay what the importer runs, for every version.
The schema says the same for the newest version, so another club's
software can check its files with any JSON Schema library; the validator
(``results_file_check``) runs both. Its messages reuse the hand-written
checks' words ("missing", "unknown key" …), so a problem reads the same
whichever check found it, in either language.

``jsonschema`` is imported when a file is first checked: loading the site
never pays for it.
"""

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.numbers import load_json

#: The event file versions a schema is published for (older versions are
#: checked by the hand-written checks only: docs/decisions.md).
SCHEMAS = {v: f"rikscore-event-{v}.schema.json" for v in (9, 10)}
NEWEST = max(SCHEMAS)
FOLDER = Path(__file__).parent / "data" / "schemas"
#: Schema problems listed at most: a file wrong everywhere is wrong enough.
MOST_PROBLEMS = 100


@dataclass(frozen=True)
class Problem:
    """Where in the file (``rounds[1].tables[0].deals[3].scores``; empty:
    the whole file) and what is wrong there."""

    path: str
    message: str


@functools.cache
def schema_text(version: int) -> bytes:
    """The schema file as published (``KeyError``: no schema of that version)."""
    return (FOLDER / SCHEMAS[version]).read_bytes()


@functools.cache
def schema(version: int) -> dict:
    return load_json(schema_text(version))


@functools.cache
def _validator(version: int):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(
        schema(version), format_checker=Draft202012Validator.FORMAT_CHECKER
    )


def has_schema(data) -> bool:
    """Whether ``data`` claims a version a schema is published for."""
    version = data.get("version") if isinstance(data, dict) else None
    return type(version) is int and version in SCHEMAS


def schema_problems(data, prefix: str = "", most: int = MOST_PROBLEMS) -> list[Problem]:
    """Every way ``data`` (a parsed file claiming a version with a schema)
    breaks the schema, at most ``most``, in the order the schema finds
    them; paths below ``prefix`` (a season file's evening)."""
    errors = _validator(data["version"]).iter_errors(data)
    problems: list[Problem] = []
    seen: set[Problem] = set()
    for error in errors:
        for problem in _in_words(_leaf(error), prefix):
            if problem not in seen:
                seen.add(problem)
                problems.append(problem)
        if len(problems) >= most:
            break
    return problems[:most]


def path_of(parts: Iterable, prefix: str = "") -> str:
    """``rounds[1].tables[0]`` from ("rounds", 1, "tables", 0)."""
    path = prefix
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path = f"{path}.{part}" if path else str(part)
    return path


def _leaf(error):
    """The error under an ``anyOf`` that says what is wrong: "may not be
    empty" rather than "not valid under any of the given schemas" (the
    other choice is most often null)."""
    from jsonschema.exceptions import best_match

    while error.validator in ("anyOf", "oneOf") and error.context:
        choices = [e for e in error.context if e.schema != {"type": "null"}]
        error = best_match(choices or error.context)
    return error


#: JSON Schema's type names in the hand-written checks' words.
TYPES = {
    "object": gettext_lazy("expected a JSON object"),
    "array": gettext_lazy("expected a list"),
    "string": gettext_lazy("expected text"),
    "integer": gettext_lazy("expected a whole number"),
    "boolean": gettext_lazy("expected true or false"),
}


def _in_words(error, prefix: str) -> list[Problem]:
    path = path_of(error.absolute_path, prefix)
    kind, limit, value = error.validator, error.validator_value, error.instance
    if kind == "required":
        return [
            Problem(path_of([key], path), _("missing"))
            for key in limit
            if isinstance(value, dict) and key not in value
        ]
    if kind == "additionalProperties" and limit is False:
        known = error.schema.get("properties", {})
        return [
            Problem(path_of([key], path), _("unknown key"))
            for key in value
            if key not in known
        ]
    return [Problem(path, _message(kind, limit, value))]


def _message(kind: str, limit, value) -> str:
    if kind == "type":
        wanted = limit if isinstance(limit, str) else None
        return str(TYPES[wanted]) if wanted in TYPES else _("not of the expected kind")
    if kind in ("maxItems", "maxProperties"):
        return _("more than %(n)s entries") % {"n": limit}
    if kind == "minItems":
        return _("fewer than %(n)s entries") % {"n": limit}
    if kind == "maxLength":
        return _("longer than %(n)s characters") % {"n": limit}
    if kind in ("minimum", "maximum"):
        return _("out of range")
    if kind == "multipleOf":
        return _("not a multiple of %(n)s") % {"n": limit}
    if kind in ("enum", "const"):
        allowed = limit if kind == "enum" else [limit]
        return _("expected one of %(x)s") % {"x": ", ".join(map(str, allowed))}
    if kind == "not":
        return _("“%(code)s” is reserved; choose another code.") % {"code": value}
    if kind == "uniqueItems":
        return _("the same entry twice")
    if kind == "format":
        return _("not a date (YYYY-MM-DD)")
    if kind == "pattern":
        return pattern_message(limit)
    return _("not what the format allows here")


def pattern_message(pattern: str) -> str:
    """What a text that does not match ``pattern`` (one of the schema's)
    lacks, in the hand-written checks' words."""
    messages = {
        "\\S": _("may not be empty"),
        "^[-a-zA-Z0-9_]+$": _("not a valid code (letters, digits, - and _)"),
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": _("not a date (YYYY-MM-DD)"),
        "^[A-Za-z0-9_-]{0,16}$": _("not an identifier (letters, digits, - and _)"),
    }
    if pattern in messages:
        return messages[pattern]
    if pattern.startswith("^[^"):
        return _("contains a control character")
    if pattern.startswith("^([01]"):
        return _("expected a time such as 19:30")
    if "T[0-9]{2}" in pattern:
        return _("not a date and time")
    if "[0-9a-fA-F]{8}" in pattern:
        return _("not an event identity (a UUID)")
    return _("not in the form the format asks")
