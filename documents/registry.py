"""One entry point for every export, shared by the web buttons and
``manage.py export_tournament``: format + what → ``(filename, type, bytes)``.

What can be exported is a table (``EVENT_EXPORTS``): the views, the command's
choices and the tests read it, so an export added there is offered and
tested everywhere; a season's table is ``documents.season_exports``.
Builders import their module when called: loading the site never pays for
reportlab or openpyxl.

An export posted in the hall (``public``: the standings, the seating list)
names players as the public pages do (``tournaments.people``), even
when the TD prints it from their own page; the others (score sheets, player
cards, the workbook, the backup) are the club's and name them as whoever
asks may see them: in full for the TD.
"""

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from documents import ExportError
from tournaments.people import for_public


@dataclass(frozen=True)
class Options:
    """What a request may ask of an export beyond the format."""

    round_number: int | None = None
    entry_id: int | None = None
    base: str | None = None  # the site's address, for the sheets' QR codes
    large: bool = False  # large print: 1.5 times as large (``pdf_base.large_print``)


@dataclass(frozen=True)
class Export:
    fmt: str  # "pdf", "xlsx", "json"
    name: str  # which one of the format ("sheets", …)
    label: str
    build: Callable[..., tuple[str, str, bytes]]  # (owner, Options)
    takes_round: bool = False  # a round asked for must be one of the event's
    per_round: bool = False  # prints one round: the current one if none asked
    public: bool = False  # posted in the hall: the public's names
    large: bool = False  # may be asked in large print (``Options.large``)

    def make(self, owner, options: Options) -> tuple[str, str, bytes]:
        """Built under the public's names when ``public``; else as asked
        (a staff page's full names, a public page's public forms)."""
        from documents.pdf_base import large_print

        large = large_print(options.large and self.large)
        with for_public() if self.public else nullcontext(), large:
            return self.build(owner, options)


def _sheets(tournament, options: Options, filled: bool = True):
    from documents.pdf_sheets import score_sheets

    return score_sheets(tournament, options.round_number, filled, options.base)


def _blank_sheets(tournament, options: Options):
    return _sheets(tournament, options, filled=False)


def _seating(tournament, options: Options):
    from documents.pdf_seating import seating_list

    return seating_list(tournament, options.round_number)


def _standings(tournament, options: Options):
    from documents.pdf_standings import standings_pdf

    return standings_pdf(tournament, options.round_number)


def _cards(tournament, options: Options):
    from documents.pdf_cards import player_cards

    return player_cards(tournament, options.entry_id)


def _workbook(tournament, options: Options):
    from documents.xlsx_event import workbook

    return workbook(tournament)


def _backup(tournament, options: Options):
    from documents.event_backup import dump_event

    return dump_event(tournament)


#: An event's exports.
EVENT_EXPORTS: tuple[Export, ...] = (
    Export("pdf", "sheets", gettext_lazy("Score sheets"), _sheets,
           takes_round=True, per_round=True, large=True),
    Export("pdf", "blank-sheets", gettext_lazy("Blank score sheets"), _blank_sheets,
           takes_round=True, per_round=True, large=True),
    Export("pdf", "seating", gettext_lazy("Seating list"), _seating,
           takes_round=True, per_round=True, public=True),
    Export("pdf", "standings", gettext_lazy("Standings"), _standings,
           takes_round=True, public=True),
    Export("pdf", "cards", gettext_lazy("Player cards"), _cards, takes_round=True,
           large=True),
    Export("xlsx", "workbook",
           gettext_lazy("Spreadsheet: standings, every deal, every round (XLSX)"),
           _workbook),
    Export("json", "backup", gettext_lazy("Backup of the whole event (JSON)"),
           _backup),
)  # fmt: skip
PDF_KINDS = tuple(e.name for e in EVENT_EXPORTS if e.fmt == "pdf")
FORMATS = tuple(dict.fromkeys(e.fmt for e in EVENT_EXPORTS))


def find_export(exports: tuple[Export, ...], fmt: str, what: str | None) -> Export:
    """The export of ``fmt`` named ``what``; a format with one export needs
    no name (and ignores one)."""
    of_format = [e for e in exports if e.fmt == fmt]
    if not of_format:
        raise ExportError(_("Unknown format “%(f)s”.") % {"f": fmt})
    if len(of_format) == 1:
        return of_format[0]
    for export in of_format:
        if export.name == what:
            return export
    raise ExportError(_("Unknown PDF “%(w)s”.") % {"w": what})


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
    tournament,
    fmt: str,
    what: str | None = None,
    round_number: int | None = None,
    entry_id: int | None = None,
    base: str | None = None,
    large: bool = False,
) -> tuple[str, str, bytes]:
    export = find_export(EVENT_EXPORTS, fmt, what)
    asked = round_number is not None
    if export.takes_round and asked and not 1 <= round_number <= tournament.rounds:
        raise ExportError(_("There is no round %(n)s.") % {"n": round_number})
    if export.per_round:
        round_number = round_number or default_round(tournament)
        if round_number is None:
            raise ExportError(_("No round is seated yet."))
    return export.make(tournament, Options(round_number, entry_id, base, large))
