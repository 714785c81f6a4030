"""Export downloads and the two imports (event backup, players). Views only
translate between HTTP and ``documents``; files are built there."""

import io

from django import forms
from django.contrib import messages
from django.http import FileResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from core import site
from core.numbers import parse_int
from documents import ExportError
from documents import player_import as pi
from documents.event_backup import BackupError, restore_event
from documents.registry import PDF_KINDS, default_round, make_export
from td.access import organiser_required, register_required, td_required
from td.forms import IdChoiceField
from tournaments.models import Club, Tournament
from tournaments.names import DuplicateNameError
from tournaments.people import event_names, in_name_order
from tournaments.permissions import is_td
from tournaments.register_rules import managed_club_ids, may_create_clubs

MAX_UPLOAD = 30 * 1024 * 1024  # an event backup; 400 players take about 10 MB
SESSION_KEY = "player_import"


def _download(result) -> FileResponse:
    name, content_type, data = result
    return FileResponse(
        io.BytesIO(data), as_attachment=True, filename=name, content_type=content_type
    )


@td_required
def export_index(request, tournament):
    rounds = list(tournament.round_set.order_by("number"))
    names = event_names(tournament)  # as every page shows them
    entries = [(pk, names[pk]) for pk in in_name_order(names)]
    return render(
        request,
        "documents/index.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "entries": entries,
            "default_round": default_round(tournament),
        },
    )


def _int(value) -> int | None:
    return parse_int(value) if isinstance(value, str) else None


@td_required
def export_pdf(request, tournament, what):
    if what not in PDF_KINDS:
        return HttpResponseBadRequest(str(_("Unknown export.")))
    base = site.base(request)  # the QR codes' address (core.site)
    try:
        result = make_export(
            tournament,
            "pdf",
            what,
            _int(request.GET.get("round")),
            _int(request.GET.get("entry")),
            base=base,
        )
    except ExportError as exc:
        messages.error(request, str(exc))
        return redirect("documents:index", tournament.slug)
    return _download(result)


@td_required
def export_xlsx(request, tournament):
    return _download(make_export(tournament, "xlsx"))


@td_required
def export_json(request, tournament):
    return _download(make_export(tournament, "json"))


class TournamentFileForm(forms.Form):
    file = forms.FileField(label=_("Backup file (JSON)"))
    slug = forms.SlugField(
        label=_("Import under another code"),
        required=False,
        max_length=60,
        help_text=_(
            "Leave empty to keep the code in the file, or, when an event has "
            "it already, the first free one after it (code-2, code-3 …)."
        ),
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def import_tournament(request):
    form = TournamentFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            form.add_error("file", _("The file is too large."))
        else:
            try:
                event = restore_event(
                    upload.read(), request.user, form.cleaned_data["slug"] or None
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
                    _(
                        "Imported “%(n)s” under the code %(code)s. No round is "
                        "public yet: check the event, then publish its rounds."
                    )
                    % {"n": event.name, "code": event.slug},
                )
                left_out = getattr(event, "clubs_left_out", [])
                if left_out:
                    messages.warning(
                        request,
                        _(
                            "Players new to the register were added without their "
                            "club, because you do not manage it: %(clubs)s."
                        )
                        % {"clubs": ", ".join(left_out)},
                    )
                return redirect(_home(event))
    return render(request, "documents/import_tournament.html", {"form": form})


def _home(event: Tournament) -> str:
    return reverse("td:event", args=[event.slug])


def _clubs_of(user) -> set[str] | None:
    """The clubs whose players ``user`` may import (None: any, staff)."""
    managed = managed_club_ids(user)
    if managed is None:
        return None
    return set(Club.objects.filter(id__in=managed).values_list("name", flat=True))


class PlayerFileForm(forms.Form):
    file = forms.FileField(
        label=_("Players (CSV or XLSX)"),
        help_text=_(
            "Columns name, club and federation number, e.g. "
            "“Naam;Club;Bondsnummer”; separated by semicolons or commas."
        ),
    )
    create_clubs = forms.BooleanField(
        label=_("Create missing clubs"),
        required=False,
        help_text=_("A club not in the register is made, and you organise it."),
    )
    check_in = forms.BooleanField(label=_("Check them in at once"), required=False)
    tournament = IdChoiceField(
        Tournament.objects.none(),
        required=False,
        label=_("And register them for"),
        empty_label=_("(no tournament)"),
    )

    def __init__(self, *args, user=None, event=None, **kwargs):
        super().__init__(*args, **kwargs)
        if not may_create_clubs(user):
            del self.fields["create_clubs"]
        if event is not None:
            del self.fields["tournament"]
            return
        del self.fields["check_in"]
        ids = [t.id for t in Tournament.objects.all() if is_td(user, t)]
        self.fields["tournament"].queryset = Tournament.objects.filter(id__in=ids)


@register_required
@require_http_methods(["GET", "POST"])
def import_players(request):
    """Into the register (and, if chosen, an event the user directs)."""
    return _import_players(request, None)


@td_required
@require_http_methods(["GET", "POST"])
def import_event_players(request, tournament):
    """From the event's entries page: the list's players become its entries."""
    return _import_players(request, tournament)


def _here(event) -> str:
    if event is None:
        return reverse("documents:import-players")
    return reverse("documents:import-event-players", args=[event.slug])


def _import_players(request, event):
    """Upload → preview (rows kept in the session) → confirm (re-checked)."""
    if request.method == "POST" and "confirm" in request.POST:
        return _confirm_players(request, event)
    user = request.user
    form = PlayerFileForm(
        request.POST or None, request.FILES or None, user=user, event=event
    )
    rows, target = None, event
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > pi.MAX_FILE_BYTES:
                raise pi.PlayerFileError(_("The file is too large."))
            rows = pi.parse(upload.read(), upload.name)
        except pi.PlayerFileError as exc:
            form.add_error("file", str(exc))
        else:
            may_create = may_create_clubs(user)
            create = form.cleaned_data.get("create_clubs", False) and may_create
            target = event or form.cleaned_data.get("tournament")
            rows = pi.preview(rows, create, _clubs_of(user), target, may_create)
            request.session[SESSION_KEY] = {
                "rows": [r.as_dict() for r in rows],
                "create_clubs": create,
                "tournament": target.id if target else None,
                "check_in": bool(form.cleaned_data.get("check_in")),
            }
    context = {
        "form": form,
        "rows": rows,
        "valid": sum(1 for r in rows or [] if r.ok),
        "refused": [r for r in rows or [] if not r.ok],
        "tournament": event,
        "target": target,
        "here": _here(event),
        "may_create_clubs": may_create_clubs(user),
    }
    return render(request, "documents/import_players.html", context)


def _confirm_players(request, event):
    here = _here(event)
    pending = request.session.pop(SESSION_KEY, None)
    if not isinstance(pending, dict):
        messages.error(request, _("Nothing to confirm: upload the file again."))
        return redirect(here)
    tournament = None
    if pending.get("tournament"):
        tournament = Tournament.objects.filter(pk=pending["tournament"]).first()
        if tournament is None or not is_td(request.user, tournament):
            messages.error(request, _("You are not a TD of that tournament."))
            return redirect(here)
    if event is not None and tournament != event:
        messages.error(request, _("Nothing to confirm: upload the file again."))
        return redirect(here)
    rows = pi.rows_from(pending.get("rows", []))
    create = bool(pending.get("create_clubs")) and may_create_clubs(request.user)
    try:
        result = pi.store(
            rows,
            create,
            _clubs_of(request.user),
            tournament,
            request.user,
            check_in=bool(pending.get("check_in")),
        )
    except DuplicateNameError as exc:
        messages.error(request, _("Nothing stored: %(why)s") % {"why": exc})
        return redirect(here)
    _report(request, result, tournament)
    if event is not None:
        return redirect("td:entries", event.slug)
    return redirect(here)


def _report(request, result, tournament) -> None:
    messages.success(request, _("%(n)s players stored.") % {"n": len(result.players)})
    if tournament is not None:
        messages.success(
            request,
            _("%(n)s players entered in %(event)s.")
            % {"n": len(result.entries), "event": tournament.name},
        )
    if result.clubs:
        messages.info(
            request,
            _("Clubs created: %(clubs)s.")
            % {"clubs": ", ".join(c.name for c in result.clubs)},
        )
    if result.as_text:
        messages.info(
            request,
            _("%(n)s players entered with their club as text only.")
            % {"n": result.as_text},
        )
