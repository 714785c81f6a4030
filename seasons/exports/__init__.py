"""A season's exports: the standings with prizes as PDF, the season table
and every evening as XLSX, the whole competition as a JSON backup.

They go through ``scoring.exports.registry`` like an event's exports, under
the kind ``"competition"``: ``register()`` (called from ``SeasonsConfig.ready``)
adds them there, since ``scoring`` may not import ``seasons``. Reportlab and
openpyxl load inside the exporters only.
"""

from django.utils.translation import gettext_lazy as _

from scoring.exports.registry import Export, Options

KIND = "competition"


def _pdf(competition, options: Options):
    from seasons.exports.pdf import season_pdf

    return season_pdf(competition)


def _workbook(competition, options: Options):
    from seasons.exports.xlsx import season_workbook

    return season_workbook(competition)


def _backup(competition, options: Options):
    from seasons.backup import dump_competition

    return dump_competition(competition)


#: A season's exports, one per format.
SEASON_EXPORTS: tuple[Export, ...] = (
    Export("pdf", "standings", _("Season standings"), _pdf),
    Export("xlsx", "workbook", _("Season table and every evening (XLSX)"), _workbook),
    Export("json", "backup", _("Backup (JSON)"), _backup),
)


def register() -> None:
    """Add the season's exports to the registry (idempotent)."""
    from scoring.exports.registry import register_owner_export

    register_owner_export(KIND, SEASON_EXPORTS)


def make_season_export(competition, fmt: str) -> tuple[str, str, bytes]:
    """The season's export through the registry (registering first, so that
    a management command or a test works before the app is ready)."""
    from scoring.exports.registry import make_owner_export

    register()
    return make_owner_export(KIND, competition, fmt)


def language_of(competition) -> str:
    """The season's language: its first evening's event's, else Dutch."""
    first = (
        competition.evenings.order_by("number")
        .values_list("tournament__language", flat=True)
        .first()
    )
    return first or "nl"
