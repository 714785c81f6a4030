"""Check a results file (an event file, ``rikscore.event``, or a season file,
``rikscore.competition``) as Rikscore would read it, and store nothing:
docs/results-file.md, "Checking a file".

In order: the JSON itself (line and column); every way a file of a version
with a published schema breaks it (``results_file_schema``, at most 100);
the hand-written structure checks of every version (``event_backup_schema``,
the first problem); then the import itself, in a transaction that is always
rolled back, so what only the rules can say (a score that is not what the
rules give, a player seated twice) is named by its path too. Anyone may
check a file (the page is public), so no problem names a player of this
site's register: a federation number a register player has under another
name is said to belong to "another player" before the import would say
whose it is.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.transactions import is_busy
from documents.event_backup import BackupError, import_event, load
from documents.event_backup_schema import check_structure
from documents.results_file_schema import (
    MOST_PROBLEMS,
    Problem,
    has_schema,
    schema_problems,
)
from documents.season_backup import FORMAT as SEASON_FORMAT
from documents.season_backup import check_document, import_competition
from tournaments.models import Player
from tournaments.names import name_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Summary:
    """What a valid file holds (a season's counts are its evenings' sums)."""

    format: str
    version: int
    players: int
    rounds: int
    tables: int
    deals: int
    evenings: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.evenings is not None:
            parts.append(
                ngettext("%(n)s evening", "%(n)s evenings", self.evenings)
                % {"n": self.evenings}
            )
        parts += [
            ngettext("%(n)s player", "%(n)s players", self.players)
            % {"n": self.players},
            ngettext("%(n)s round", "%(n)s rounds", self.rounds) % {"n": self.rounds},
            ngettext("%(n)s table", "%(n)s tables", self.tables) % {"n": self.tables},
            ngettext("%(n)s deal", "%(n)s deals", self.deals) % {"n": self.deals},
        ]
        return _("%(format)s version %(version)s: %(counts)s") % {
            "format": self.format,
            "version": self.version,
            "counts": ", ".join(parts),
        }


@dataclass
class Report:
    """The problems found (none: the file would import) and, for a file
    without problems, what it holds."""

    problems: list[Problem] = field(default_factory=list)
    summary: Summary | None = None
    #: More schema problems than ``MOST_PROBLEMS`` were found.
    cut: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def check_results_file(raw: bytes | str) -> Report:
    """Every problem of ``raw`` that the checks above name; nothing stored."""
    try:
        data = load(raw)
    except BackupError as exc:
        return Report([Problem(exc.path, exc.message)])
    if isinstance(data, dict) and data.get("format") == SEASON_FORMAT:
        return _season(data)
    return _event(data)


def _event(data) -> Report:
    report = _with_schema(data, "")
    semantic = _first_problem(
        lambda: check_structure(data),
        lambda: _owners(data["players"], ""),
        lambda: import_event(data, unpublished=True, new_code=True),
    )
    return _finish(report, semantic, lambda: event_summary(data))


def _season(data) -> Report:
    report = Report()
    evenings = data.get("evenings")
    for i, evening in enumerate(evenings if isinstance(evenings, list) else []):
        event = evening.get("event") if isinstance(evening, dict) else None
        if has_schema(event) and len(report.problems) < MOST_PROBLEMS:
            more = _with_schema(event, f"evenings[{i}].event")
            report.problems += more.problems
            report.cut |= more.cut
    report.problems = report.problems[:MOST_PROBLEMS]
    semantic = _first_problem(
        lambda: check_document(data),
        lambda: _season_owners(data),
        lambda: import_competition(data),
    )
    return _finish(report, semantic, lambda: season_summary(data))


def _with_schema(data, prefix: str) -> Report:
    if not has_schema(data) or data.get("format") == SEASON_FORMAT:
        return Report()
    problems = schema_problems(data, prefix, MOST_PROBLEMS + 1)
    return Report(problems[:MOST_PROBLEMS], cut=len(problems) > MOST_PROBLEMS)


def _finish(report: Report, semantic: Problem | None, summary) -> Report:
    if semantic is not None and semantic not in report.problems:
        report.problems.append(semantic)
    if report.ok:
        report.summary = summary()
    return report


def _first_problem(check, owners, store) -> Problem | None:
    """The structure check, then whose federation numbers, then the import
    rolled back: the first problem any of them finds."""
    try:
        check()
        found = owners()
        if found is not None:
            return found
        return _dry_run(store)
    except BackupError as exc:
        return Problem(exc.path, exc.message)


def _dry_run(store: Callable[[], object]) -> Problem | None:
    """``store()`` in a transaction that is rolled back whatever happens."""
    try:
        with transaction.atomic():
            store()
            transaction.set_rollback(True)
    except BackupError:
        raise
    except Exception as exc:
        if is_busy(exc):
            raise  # a busy database: 503, try again (core.busy)
        log.exception("a results file passed the checks and failed to import")
        return Problem(
            "",
            _(
                "The file passed the checks, but importing it failed here "
                "(%(error)s). Please report this with the file."
            )
            % {"error": type(exc).__name__},
        )
    return None


def _owners(players: list[dict], prefix: str) -> Problem | None:
    """A federation number that a register player has under another name
    (the import would refuse it naming that player: ``_check_players``)."""
    numbers = {p["federation_number"] for p in players if p["federation_number"]}
    if not numbers:
        return None
    owners = dict(
        Player.objects.filter(federation_number__in=numbers).values_list(
            "federation_number", "name"
        )
    )
    for i, p in enumerate(players):
        owner = owners.get(p["federation_number"])
        if owner is not None and name_key(owner) != name_key(p["name"]):
            return Problem(
                f"{prefix}players[{i}].federation_number",
                _("belongs to another player in this register"),
            )
    return None


def _season_owners(data: dict) -> Problem | None:
    for i, evening in enumerate(data["evenings"]):
        found = _owners(evening["event"]["players"], f"evenings[{i}].event.")
        if found is not None:
            return found
    return None


def event_summary(data: dict) -> Summary:
    tables = [t for r in data["rounds"] for t in r["tables"]]
    return Summary(
        data["format"],
        data["version"],
        players=len(data["players"]),
        rounds=len(data["rounds"]),
        tables=len(tables),
        deals=sum(len(t["deals"]) for t in tables),
    )


def season_summary(data: dict) -> Summary:
    """Players counted once however many evenings they played (by name,
    club, distinction and federation number, as the import finds them)."""
    events = [event_summary(e["event"]) for e in data["evenings"]]
    people = {
        (p["name"], p["club"], p.get("distinction", ""), p["federation_number"])
        for e in data["evenings"]
        for p in e["event"]["players"]
    }
    return Summary(
        data["format"],
        data["version"],
        players=len(people),
        rounds=sum(e.rounds for e in events),
        tables=sum(e.tables for e in events),
        deals=sum(e.deals for e in events),
        evenings=len(events),
    )
