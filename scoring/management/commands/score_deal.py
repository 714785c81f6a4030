"""``score_deal``: one deal record on stdin, its scores or its errors on stdout.

Exit 0 when scored, 2 when rejected (deal-record.md). Never prints a
traceback: an internal failure is reported as JSON with code ``internal``.
``--rules-file FILE`` scores against a rule file (docs/rule-files.md)
instead of the record's ``rules``; a file with problems is exit 2 with its
errors. Nothing is ever stored.

A record naming ``blind`` (the blind man's hand at a table of three, one of
its four ``players``; 000, "Rikken for three players") is scored as the
tables of three score it: the blind man is in ``scores`` at 0, and the blind
man declaring is exit 2 with ``blind_declares`` (deal-record.md).
"""

import json
import sys

from django.core.management.base import BaseCommand
from django.utils import translation

from rules.resolver import resolve_schedule
from rules.rule_files import check_document, read_path, schedule_of
from scoring.pipeline import evaluate


def score_record(record, schedule=None) -> tuple[int, dict]:
    """(exit code, output object) for one parsed deal record: the deal
    pipeline with the players, dealer sitting out and context the record
    gives (nothing of a tournament is known here). ``schedule`` (a rule
    file's) replaces the record's ``rules``."""
    if schedule is None:
        schedule = _schedule(record.get("rules"))
    outcome = evaluate(schedule, record)
    if not outcome.ok:
        return 2, {"errors": [v.as_dict() for v in outcome.violations]}
    return 0, outcome.settlement.as_dict()


def _schedule(rules):
    """The schedule named; a lookup that fails is an unknown one, not a crash."""
    if not isinstance(rules, str) or not rules:
        return None
    try:
        return resolve_schedule(rules)
    except Exception:
        return None


def file_schedule(name: str):
    """(the schedule of rule file ``name``, None) or (None, its errors)."""
    data, errors = read_path(name)
    errors = errors or check_document(data)
    if errors:
        return None, {"errors": [v.as_dict() for v in errors]}
    return schedule_of(data), None


def score_text(text: str, schedule=None) -> tuple[int, dict]:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        record = None
        message = "stdin is not one JSON object."
    else:
        message = "A deal record must be one JSON object."
    if not isinstance(record, dict):
        return 2, {"errors": [{"code": "bad_json", "field": "", "message": message}]}
    return score_record(record, schedule)


def read_stdin() -> str:
    """All of stdin as text; bytes that are not UTF-8 make it unparsable JSON."""
    stream = sys.stdin
    if stream is None or stream.closed:
        return ""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        return stream.read()
    try:
        return raw.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        return ""  # scored as bad_json


def dump(out: dict) -> str:
    """JSON for stdout; ASCII escapes when the text (a lone surrogate echoed
    from the input, say) cannot be encoded for stdout."""
    text = json.dumps(out, ensure_ascii=False)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeError, LookupError):
        text = json.dumps(out)
    return text


class Command(BaseCommand):
    help = "Score one deal record read from stdin (JSON); prints JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", default="en", help="messages: en or nl")
        parser.add_argument(
            "--rules-file", help="score against this rule file instead of `rules`"
        )

    def execute(self, *args, **options):
        """Bypass system checks and stdout wrapping: the output is pure JSON."""
        return self.handle(*args, **options)

    def handle(self, *args, **options) -> None:
        try:
            text = read_stdin()
            with translation.override(options.get("language") or "en"):
                schedule, out = None, None
                if options.get("rules_file"):
                    schedule, out = file_schedule(options["rules_file"])
                code, out = (2, out) if out else score_text(text, schedule)
        except Exception as exc:  # last line of defence: never a traceback
            code = 2
            out = {"errors": [{"code": "internal", "field": "", "message": str(exc)}]}
        sys.stdout.write(dump(out) + "\n")
        sys.stdout.flush()
        sys.exit(code)
