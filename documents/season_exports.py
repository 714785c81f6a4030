"""A season's exports: the standings with prizes as PDF, the season table
and every evening as XLSX, the whole competition as a JSON backup.

A table of exports like an event's (``documents.registry``). Reportlab and
openpyxl load inside the exporters only.
"""

from django.utils.translation import gettext_lazy as _

from documents.registry import Export, Options, find_export


def _pdf(competition, options: Options):
    from documents.season_pdf import season_pdf

    return season_pdf(competition)


def _workbook(competition, options: Options):
    from documents.season_xlsx import season_workbook

    return season_workbook(competition)


def _backup(competition, options: Options):
    from documents.season_backup import dump_competition

    return dump_competition(competition)


#: A season's exports, one per format.
SEASON_EXPORTS: tuple[Export, ...] = (
    Export("pdf", "standings", _("Season standings"), _pdf),
    Export("xlsx", "workbook", _("Season table and every evening (XLSX)"), _workbook),
    Export("json", "backup", _("Backup (JSON)"), _backup),
)


def make_season_export(competition, fmt: str) -> tuple[str, str, bytes]:
    """The season's export of ``fmt`` (one a format)."""
    return find_export(SEASON_EXPORTS, fmt, None).make(competition, Options())


def language_of(competition) -> str:
    """The season's language: its first evening's event's, else Dutch."""
    first = (
        competition.evenings.order_by("number")
        .values_list("tournament__language", flat=True)
        .first()
    )
    return first or "nl"
