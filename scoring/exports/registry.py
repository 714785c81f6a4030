"""One entry point for every export, shared by the web buttons and
``manage.py export_tournament``: format + what → ``(filename, type, bytes)``.

Owners above this layer (a club's season) register their exporters here at
start-up (``register_owner_export``), so that every export still goes
through this module while ``scoring`` never imports ``seasons``."""

from collections.abc import Callable

from django.utils.translation import gettext as _

from scoring.exports import ExportError

PDF_KINDS = ("sheets", "blank-sheets", "seating", "standings", "cards")
FORMATS = ("pdf", "xlsx", "json")

#: kind ("competition", …) → ``fn(owner, fmt, **options)`` giving
#: ``(filename, content_type, bytes)``; filled by the upper layers' apps.
OWNER_EXPORTS: dict[str, Callable] = {}


def register_owner_export(kind: str, fn: Callable) -> None:
    """Make ``make_owner_export(kind, …)`` call ``fn`` (idempotent)."""
    OWNER_EXPORTS[kind] = fn


def make_owner_export(kind: str, owner, fmt: str, **options) -> tuple[str, str, bytes]:
    """An export of something other than an event, e.g. a whole season."""
    exporter = OWNER_EXPORTS.get(kind)
    if exporter is None:
        raise ExportError(_("Unknown export “%(k)s”.") % {"k": kind})
    if fmt not in FORMATS:
        raise ExportError(_("Unknown format “%(f)s”.") % {"f": fmt})
    return exporter(owner, fmt, **options)


def default_round(tournament) -> int | None:
    """The round a TD most likely prints: the first seated, unclosed round,
    else the last seated one."""
    rounds = list(
        tournament.round_set.exclude(status="draft").values_list("number", "status")
    )
    open_ = [n for n, status in rounds if status == "seated"]
    if open_:
        return open_[0]
    return rounds[-1][0] if rounds else None


def make_export(
    tournament, fmt: str, what: str | None = None, round_number: int | None = None,
    entry_id: int | None = None, base: str | None = None,
) -> tuple[str, str, bytes]:  # fmt: skip
    if fmt == "xlsx":
        from scoring.exports.xlsx import workbook

        return workbook(tournament)
    if fmt == "json":
        from scoring.exports.backup import dump_event

        return dump_event(tournament)
    if fmt != "pdf":
        raise ExportError(_("Unknown format “%(f)s”.") % {"f": fmt})
    if round_number is not None and not 1 <= round_number <= tournament.rounds:
        raise ExportError(_("There is no round %(n)s.") % {"n": round_number})
    if what == "standings":
        from scoring.exports.pdf_standings import standings_pdf

        return standings_pdf(tournament, round_number)
    if what == "cards":
        from scoring.exports.pdf_cards import player_cards

        return player_cards(tournament, entry_id)
    if what not in ("sheets", "blank-sheets", "seating"):
        raise ExportError(_("Unknown PDF “%(w)s”.") % {"w": what})
    number = round_number or default_round(tournament)
    if number is None:
        raise ExportError(_("No round is seated yet."))
    if what == "seating":
        from scoring.exports.pdf_seating import seating_list

        return seating_list(tournament, number)
    from scoring.exports.pdf_sheets import score_sheets

    return score_sheets(tournament, number, filled=what == "sheets", base=base)
