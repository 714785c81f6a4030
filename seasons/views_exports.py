"""The secretary's downloads of a season: standings PDF, workbook, backup.
Views translate between HTTP and ``seasons.exports``; the files are built
there, through the same registry as an event's exports."""

import io

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect

from scoring.exports import ExportError
from seasons.exports import make_season_export
from seasons.permissions import season_required


def _download(competition, fmt: str, request):
    try:
        name, content_type, data = make_season_export(competition, fmt)
    except ExportError as exc:
        messages.error(request, str(exc))
        return redirect(competition.get_absolute_url())
    return FileResponse(io.BytesIO(data), as_attachment=True, filename=name,
                        content_type=content_type)  # fmt: skip


@season_required
def export_pdf(request, competition):
    return _download(competition, "pdf", request)


@season_required
def export_xlsx(request, competition):
    return _download(competition, "xlsx", request)


@season_required
def export_json(request, competition):
    return _download(competition, "json", request)
