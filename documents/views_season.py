"""The secretary's downloads of a season (standings PDF, workbook, backup)
and the restore of a season backup. Views translate between HTTP and
``documents.season_exports`` / ``documents.season_backup``; the files are
built and checked there, as an event's."""

import io

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from documents import ExportError
from documents.season_backup import BackupError, import_competition
from documents.season_exports import make_season_export
from documents.views import RestoreForm, clubs_made_message
from td.access import season_required
from tournaments.permissions import can_import_seasons, is_staff, organised_clubs

#: A season backup: 40 evenings of 32 players take about 15 MB.
MAX_UPLOAD = 60 * 1024 * 1024


def _download(competition, fmt: str, request):
    try:
        name, content_type, data = make_season_export(competition, fmt)
    except ExportError as exc:
        messages.error(request, str(exc))
        return redirect(reverse("td:season", args=[competition.slug]))
    return FileResponse(
        io.BytesIO(data), as_attachment=True, filename=name, content_type=content_type
    )


@season_required
def export_pdf(request, competition):
    return _download(competition, "pdf", request)


@season_required
def export_xlsx(request, competition):
    return _download(competition, "xlsx", request)


@season_required
def export_json(request, competition):
    return _download(competition, "json", request)


class SeasonFileForm(RestoreForm):
    file = forms.FileField(label=_("Season backup file (JSON)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].help_text = _(
            "Leave empty to keep the code in the file (or the first free one like it)."
        )


NOT_A_SEASON_ORGANISER = _(
    "Seasons are run by a club's organisers: ask the site's administrator to "
    "make you organiser of your club."
)


def _importable_clubs(user) -> set[str] | None:
    """The clubs (by name) whose seasons ``user`` may import; None: any,
    created when missing (staff)."""
    if is_staff(user):
        return None
    return set(organised_clubs(user).values_list("name", flat=True))


@login_required
@require_http_methods(["GET", "POST"])
def import_season(request):
    """Staff (into any club, made when missing, so also on a fresh site with
    no club yet), and the organisers of the club the file names."""
    user = request.user
    if not can_import_seasons(user):
        raise PermissionDenied(str(NOT_A_SEASON_ORGANISER))
    form = SeasonFileForm(request.POST or None, request.FILES or None, user=user)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            form.add_error("file", _("The file is too large."))
            return render(request, "documents/import_season.html", {"form": form})
        try:
            competition = import_competition(
                upload.read(),
                form.cleaned_data["slug"] or None,
                user,
                _importable_clubs(user),
                make_clubs=form.cleaned_data.get("make_clubs", False),
            )
        except BackupError as exc:
            form.add_error(
                None,
                _("Refused at %(path)s: %(message)s")
                % {"path": exc.path or "/", "message": exc.message},
            )
        else:
            messages.success(
                request,
                _("Imported “%(n)s” with %(e)d evenings.")
                % {"n": competition.name, "e": competition.evenings.count()},
            )
            clubs_made_message(request, getattr(competition, "clubs_made", []))
            if getattr(competition, "rules_missing", ""):
                messages.warning(
                    request,
                    _(
                        "This season plays under the house rules “%(code)s”, which "
                        "this site does not have and this older file does not "
                        "carry: load their rule file under that code (Rule schedules, "
                        "“Load a rule set from a file”) before its next evening."
                    )
                    % {"code": competition.rules_missing},
                )
            return redirect(reverse("td:season", args=[competition.slug]))
    return render(request, "documents/import_season.html", {"form": form})
