"""House-rule sets as files: a small versioned JSON document a club publishes
and another club loads (docs/rule-files.md).

    {"format": "rikscore.rules", "version": 2, "name": "…", "slug": "…",
     "preset": "nl", "description": "…", "overrides": {…},
     "exported": "2026-11-21T20:15:00+00:00"}

The overrides travel exactly as the set stores them and are checked by
``rules.engine.house_rules.check_overrides``, so whatever keys that checker accepts
pass through a file unchanged. ``check_document`` lists every problem of a
document (each with a code and the field it concerns) before anything is
saved; ``import_rule_set`` saves a new set only when there is none.

Version 2 (issue 29) added the shapes ``failed_step_from``, ``failed_prices``
and ``penalty_points`` (``V2_SHAPES``); everything else is as in version 1.
A version-1 file is read as it always was; one that holds a version-2 shape
is refused with that reason (a Rikscore that writes version 1 never wrote
it, and one that reads only version 1 would refuse it), so a file's version
always says which Rikscore can read it. Export writes version 2.
"""

import datetime
import json
import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.numbers import load_json
from core.text import CONTROL, CONTROL_IN_TEXT
from rules.engine.house_rules import apply_overrides, check_overrides
from rules.engine.presets import PRESETS
from rules.engine.problems import Problem, Violation
from rules.engine.schedules import Schedule
from rules.naming import NoFreeCodeError, free_code

FORMAT = "rikscore.rules"
VERSION = 2
OLDEST = 1  # the oldest version still read
#: The shapes a version-1 file cannot hold: they came with version 2.
V2_SHAPES = ("failed_step_from", "failed_prices", "penalty_points")
KEYS = ("format", "version", "name", "slug", "preset", "description",
        "overrides", "exported")  # fmt: skip
REQUIRED = ("format", "version", "name", "slug", "preset", "overrides")
MAX_BYTES = 200_000  # a set with every contract changed is a few kilobytes
MAX_NAME, MAX_SLUG, MAX_DESCRIPTION = 120, 50, 5000
SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")
#: The problems a rule file can have, one stable code each (the overrides'
#: own problems keep their ``override_*`` codes of ``rules.engine.problems``).
FILE_PROBLEMS = {
    p.code: p
    for p in (
        Problem("file_json", _("The file is not one JSON object."), {
            "": _("This is not a rule file: it is not readable JSON."),
            "object": _("A rule file must be one JSON object."),
            "encoding": _("The file is not UTF-8 text."),
        }),
        Problem("file_too_big", _("A file far larger than any rule set."),
                {"": _("The file is larger than %(kb)s kB: not a rule file.")}),
        Problem("file_format", _("The file is not a Rikscore rule file."),
                {"": _("This is not a Rikscore rule file: “format” must be "
                       "“rikscore.rules”.")}),
        Problem("file_version", _("A format version this Rikscore cannot read."), {
            "": _("“version” must be a whole number."),
            "newer": _("Version %(v)s of the format comes from a newer Rikscore; "
                       "this one reads versions %(oldest)s to %(known)s."),
            "older": _("Version %(v)s of the format does not exist; this "
                       "Rikscore reads versions %(oldest)s to %(known)s."),
            "shape": _("“%(k)s” came with version %(known)s of the format: a "
                       "version-%(v)s file cannot hold it. Write \"version\": "
                       "%(known)s."),
        }),
        Problem("file_key", _("A key the rule file format does not have."),
                {"": _("Unknown key “%(key)s”.")}),
        Problem("file_missing", _("A key every rule file needs."),
                {"": _("“%(key)s” is missing.")}),
        Problem("file_type", _("A value of the wrong type."), {
            "text": _("Must be text."),
            "object": _("Must be a JSON object."),
        }),
        Problem("file_length", _("A text that is empty or too long."), {
            "empty": _("Must not be empty."),
            "long": _("At most %(max)s characters."),
        }),
        Problem("file_control", _("A control character in a text."),
                {"": _("Remove the control character.")}),
        Problem("file_slug", _("A code with characters other than letters, "
                               "digits, - and _."),
                {"": _("Use only letters, digits, “-” and “_”.")}),
        Problem("file_preset", _("A base preset this Rikscore does not have."),
                {"": _("Unknown preset “%(p)s”: use nl, pagat or iwwa.")}),
        Problem("file_date", _("An export date that is not an ISO date."),
                {"": _("Must be a date like 2026-11-21 or 2026-11-21T20:15:00.")}),
        Problem("file_slug_taken", _("The code asked for is taken."), {
            "": _("The code “%(slug)s” is taken by another rule set or a preset."),
            "none_free": _("No free code like “%(slug)s” is left: type a code "
                           "of your own."),
        }),
        Problem("file_unreadable", _("The rule file cannot be read."),
                {"": _("Cannot read the rule file %(name)s: %(reason)s.")}),
        Problem("file_invalid", _("What the stored set itself refused."),
                {"": "%(m)s"}),
    )
}  # fmt: skip


def problem(code: str, field: str, variant: str = "", **params) -> Violation:
    return FILE_PROBLEMS[code].violation(field, variant, **params)


class RuleFileError(ValueError):
    """A rule file that cannot be loaded: ``violations`` say why, all of them."""

    def __init__(self, violations: list[Violation]):
        super().__init__([v.message for v in violations])
        self.violations = violations


def export_rule_set(ruleset) -> dict:
    """The document for a stored house-rule set (``HouseRuleSet``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": ruleset.name,
        "slug": ruleset.slug,
        "preset": ruleset.preset,
        "description": ruleset.description or "",
        "overrides": ruleset.overrides or {},
        "exported": timezone.now().replace(microsecond=0).isoformat(),
    }


def dumps(document: dict) -> str:
    """The file's text: indented, readable, UTF-8 (not ASCII escapes)."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def parse(raw: bytes | str) -> tuple[Any, list[Violation]]:
    """(the JSON value, []) or (None, the reason it is not JSON)."""
    if len(raw) > MAX_BYTES:
        return None, [problem("file_too_big", "", kb=MAX_BYTES // 1000)]
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [problem("file_json", "", "encoding")]
    try:
        return load_json(raw.removeprefix("\ufeff")), []
    except (ValueError, RecursionError):
        return None, [problem("file_json", "")]


def read_path(name: str) -> tuple[Any, list[Violation]]:
    """``parse`` of a file on disk; a file that cannot be read is a problem
    too (for the command-line tools, which never show a traceback)."""
    try:
        with open(name, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [problem("file_unreadable", "", name=name, reason=reason)]
    return parse(raw)


def check_document(data: Any) -> list[Violation]:
    """Every problem of a rule-file document; empty when it can be loaded.

    A document of another format or version gets that one problem only: its
    other keys mean nothing here."""
    if not isinstance(data, Mapping):
        return [problem("file_json", "", "object")]
    if data.get("format") != FORMAT:
        return [problem("file_format", "format")]
    if errors := _check_version(data):
        return errors
    errors = [problem("file_key", str(k), key=k) for k in data if k not in KEYS]
    errors += [problem("file_missing", k, key=k) for k in REQUIRED if k not in data]
    errors += _check_text(data, "name", MAX_NAME, CONTROL, required=True)
    errors += _check_slug(data.get("slug"), "slug" in data)
    errors += _check_text(data, "description", MAX_DESCRIPTION, CONTROL_IN_TEXT)
    errors += _check_exported(data)
    errors += _check_shapes_of_version(data)
    preset = data.get("preset")
    if "preset" in data and (not isinstance(preset, str) or preset not in PRESETS):
        errors.append(problem("file_preset", "preset", p=preset))
    elif "overrides" in data:
        if not isinstance(data["overrides"], Mapping):
            errors.append(problem("file_type", "overrides", "object"))
        elif preset in PRESETS:
            errors += [
                Violation(v.code, _join("overrides", v.field), v.message)
                for v in check_overrides(preset, data["overrides"])
            ]
    return errors


def _check_slug(slug: Any, present: bool = True) -> list[Violation]:
    if not present:
        return []
    errors = _check_text({"slug": slug}, "slug", MAX_SLUG, CONTROL, required=True)
    if not errors and not SLUG.match(slug):
        errors.append(problem("file_slug", "slug"))
    return errors


def _join(prefix: str, field: str) -> str:
    return f"{prefix}.{field}" if field and field != prefix else prefix


def _check_version(data: Mapping) -> list[Violation]:
    if "version" not in data:
        return []
    version = data["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        return [problem("file_version", "version")]
    known = {"known": VERSION, "oldest": OLDEST}
    if version > VERSION:
        return [problem("file_version", "version", "newer", v=version, **known)]
    if version < OLDEST:
        return [problem("file_version", "version", "older", v=version, **known)]
    return []


def _check_shapes_of_version(data: Mapping) -> list[Violation]:
    """A version-1 document naming a shape of version 2 (``V2_SHAPES``)."""
    if data.get("version") != 1:
        return []
    overrides = data.get("overrides")
    shapes = overrides.get("shapes") if isinstance(overrides, Mapping) else None
    if not isinstance(shapes, Mapping):
        return []
    return [
        problem(
            "file_version", f"overrides.shapes.{k}", "shape", k=k, v=1, known=VERSION
        )
        for k in V2_SHAPES
        if k in shapes
    ]


def _check_text(data, key, longest, control, required=False) -> list[Violation]:
    if key not in data:
        return []
    value = data[key]
    if not isinstance(value, str):
        return [problem("file_type", key, "text")]
    if required and not value.strip():
        return [problem("file_length", key, "empty")]
    if len(value) > longest:
        return [problem("file_length", key, "long", max=longest)]
    if control.search(value):
        return [problem("file_control", key)]
    return []


def _check_exported(data: Mapping) -> list[Violation]:
    value = data.get("exported")
    if value is None:
        return []
    if isinstance(value, str) and len(value) <= 40:
        try:
            datetime.datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return []
    return [problem("file_date", "exported")]


def read_document(raw: bytes | str) -> dict:
    """The checked document of a file's content, or ``RuleFileError``."""
    data, errors = parse(raw)
    errors = errors or check_document(data)
    if errors:
        raise RuleFileError(errors)
    return data


def schedule_of(data: Mapping) -> Schedule:
    """The schedule a checked document describes (nothing stored): what
    ``score_deal --rules-file`` scores against."""
    return apply_overrides(
        data["preset"], data["overrides"], data["slug"], data["name"].strip()
    )


def free_slug(wanted: str, taken) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``… the first one not ``taken``
    (a predicate), within the 50 characters a code may have; ``NoFreeCodeError``
    after a bounded number of tries (``rules.naming``)."""
    return free_code(wanted, taken, MAX_SLUG)


def import_rule_set(data: Any, user=None, slug: str | None = None):
    """A new house-rule set from a document (parsed JSON), owned by ``user``.

    Every problem is found before anything is saved (``RuleFileError``). The
    file's code is kept when it is free; when another set (or a preset) has
    it, or a set had it once, the new set gets the first free ``code-2``,
    ``code-3``…, so loading never changes a set that exists nor takes a code
    an event or season may still name. ``slug`` asks for a code of one's own
    instead; that one must be free.
    """
    from rules.models import HouseRuleSet

    errors = check_document(data)
    if slug is not None:
        errors += _check_slug(slug)
        if not errors and _taken(slug):
            errors.append(problem("file_slug_taken", "slug", slug=slug))
    if errors:
        raise RuleFileError(errors)
    owner = user if user is not None and user.is_authenticated else None
    for _attempt in range(3):  # another import may take the same code meanwhile
        try:
            code = slug or free_slug(data["slug"], _taken)
        except NoFreeCodeError:
            raise RuleFileError(
                [problem("file_slug_taken", "slug", "none_free", slug=data["slug"])]
            ) from None
        rule_set = HouseRuleSet(
            slug=code,
            name=data["name"].strip(),
            preset=data["preset"],
            overrides=data["overrides"],
            description=data.get("description", "") or "",
            owner=owner,
        )
        try:
            with transaction.atomic():
                rule_set.save()  # runs full_clean: the model's own checks too
        except (IntegrityError, ValidationError) as exc:
            if not _taken(rule_set.slug):
                raise RuleFileError(_model_errors(exc)) from exc
            if slug is not None:
                break
            continue
        return rule_set
    raise RuleFileError([problem("file_slug_taken", "slug", slug=rule_set.slug)])


def _model_errors(exc: Exception) -> list[Violation]:
    """What the model refused, as violations (not expected after the checks)."""
    messages = getattr(exc, "message_dict", None) or {"": [str(exc)]}
    return [
        problem("file_invalid", key, m=str(message))
        for key, ms in messages.items()
        for message in ms
    ]


def _taken(slug: str) -> bool:
    """A preset's, a set's, or a code a set once had (never given twice)."""
    from rules.models import code_taken

    return code_taken(slug)
