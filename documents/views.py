"""Export downloads and the two imports (event backup, players). Views only
translate between HTTP and ``documents``; files are built there."""

import io

from django import forms
from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from core import site
from core.numbers import parse_int
from documents import ExportError
from documents import member_list_columns as columns
from documents import player_import as pi
from documents.event_backup import BackupError, restore_event
from documents.registry import PDF_KINDS, default_round, make_export
from td.access import organiser_required, register_required, td_required
from td.forms import IdChoiceField
from tournaments.models import Club, Tournament
from tournaments.names import DuplicateNameError
from tournaments.people import event_names, in_name_order
from tournaments.permissions import is_staff, is_td
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
        raise BadRequest(_("Unknown export."))
    base = site.base(request)  # the QR codes' address (core.site)
    try:
        result = make_export(
            tournament,
            "pdf",
            what,
            _int(request.GET.get("round")),
            _int(request.GET.get("entry")),
            base=base,
            large=request.GET.get("large") == "1",
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


class RestoreForm(forms.Form):
    """What the event and season restores both ask besides their file: whether
    the file's clubs missing here are made (``register_rules.ClubsOfAFile``)."""

    field_order = ["file", "slug", "make_clubs"]
    slug = forms.SlugField(
        label=_("Import under another code"),
        required=False,
        max_length=60,
        help_text=_(
            "Leave empty to keep the code in the file, or, when an event has "
            "it already, the first free one after it (code-2, code-3 …)."
        ),
    )
    make_clubs = forms.BooleanField(
        label=_("Make the clubs this site does not have yet"),
        required=False,
        initial=True,
        help_text=_(
            "The file's players keep their club: a club missing here is made, "
            "and you organise it. Clubs this site has already stay with their "
            "own organisers."
        ),
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        if is_staff(user) or not may_create_clubs(user):
            del self.fields["make_clubs"]  # staff: made always; others: never


class TournamentFileForm(RestoreForm):
    file = forms.FileField(label=_("Backup file (JSON)"))


@organiser_required
@require_http_methods(["GET", "POST"])
def import_tournament(request):
    form = TournamentFileForm(
        request.POST or None, request.FILES or None, user=request.user
    )
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            form.add_error("file", _("The file is too large."))
        else:
            try:
                event = restore_event(
                    upload.read(),
                    request.user,
                    form.cleaned_data["slug"] or None,
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
                    _(
                        "Imported “%(n)s” under the code %(code)s. No round is "
                        "public yet: check the event, then publish its rounds."
                    )
                    % {"n": event.name, "code": event.slug},
                )
                clubs_made_message(request, getattr(event, "clubs_made", []))
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


def clubs_made_message(request, made: list[str]) -> None:
    """Says which clubs a restore made (``make_clubs``), so a typo in the
    file is seen at once, on the register's clubs page to correct."""
    if made:
        messages.info(
            request,
            _("Clubs made for the file's players: %(clubs)s.")
            % {"clubs": ", ".join(made)},
        )


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
            "A member list as Excel saves it, with a header row such as "
            "“Voornaam;Tussenvoegsel;Achternaam;Vereniging;E-mail;Telefoon”; "
            "separated by semicolons, commas or tabs. The preview shows which "
            "column goes where, and you can change it."
        ),
    )
    create_clubs = forms.BooleanField(
        label=_("Create missing clubs"),
        required=False,
        help_text=_("A club not in the register is made, and you organise it."),
    )
    #: A member list seldom names the club: it is the club's own list.
    club = IdChoiceField(
        Club.objects.none(),
        required=False,
        label=_("Club of the players the list gives none"),
        empty_label=_("(none: event-only players)"),
        help_text=_("A member list of your club mostly has no club column."),
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
        managed = managed_club_ids(user)
        clubs = (
            Club.objects.all()
            if managed is None
            else Club.objects.filter(id__in=managed)
        )
        self.fields["club"].queryset = clubs.order_by("name")
        if managed is not None and len(managed) == 1:
            self.fields["club"].initial = next(iter(managed))
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
    """Upload → preview with the column mapping (the file's cells kept in
    the session) → a changed mapping, previewed again → confirm (the rows
    read again from the kept cells and re-checked: ``pi.store``)."""
    if request.method == "POST" and "confirm" in request.POST:
        return _confirm_players(request, event)
    if request.method == "POST" and "remap" in request.POST:
        return _remap_players(request, event)
    user = request.user
    form = PlayerFileForm(
        request.POST or None, request.FILES or None, user=user, event=event
    )
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > pi.MAX_FILE_BYTES:
                raise pi.PlayerFileError(_("The file is too large."))
            sheet = pi.Sheet.read(upload.read(), upload.name)
        except pi.PlayerFileError as exc:
            form.add_error("file", str(exc))
        else:
            target = event or form.cleaned_data.get("tournament")
            pending = {
                "table": sheet.table,
                "header": sheet.header,
                "mapping": sheet.mapping,
                "create_clubs": form.cleaned_data.get("create_clubs", False),
                "tournament": target.id if target else None,
                "check_in": bool(form.cleaned_data.get("check_in")),
                "club": club.name if (club := form.cleaned_data.get("club")) else "",
            }
            request.session[SESSION_KEY] = pending
            return _preview_page(request, event, pending, target)
    return render(
        request,
        "documents/import_players.html",
        {
            "form": form,
            "rows": None,
            "tournament": event,
            "here": _here(event),
            "may_create_clubs": may_create_clubs(user),
        },
    )


def _pending(request, event, pop=False):
    """The previewed file in the session and its event, checked again (the
    user may have lost the event's TD role since): (pending, target) or an
    error message."""
    session = request.session
    pending = session.pop(SESSION_KEY, None) if pop else session.get(SESSION_KEY)
    if not isinstance(pending, dict) or not isinstance(pending.get("table"), list):
        return None, _("Nothing to confirm: upload the file again.")
    tournament = None
    if pending.get("tournament"):
        tournament = Tournament.objects.filter(pk=pending["tournament"]).first()
        if tournament is None or not is_td(request.user, tournament):
            return None, _("You are not a TD of that tournament.")
    if event is not None and tournament != event:
        return None, _("Nothing to confirm: upload the file again.")
    return pending, tournament


def _sheet(pending) -> pi.Sheet:
    return pi.Sheet(pending["table"], bool(pending["header"]), pending["mapping"])


def _rows(pending) -> list:
    """The sheet's rows, a row without a club given the club chosen for the
    list (checked like any club the file names: ``pi.preview`` refuses a
    club the importer does not organise)."""
    rows = _sheet(pending).rows()
    default = pending.get("club") or ""
    if isinstance(default, str) and default:
        for row in rows:
            row.club = row.club or default
    return rows


def _preview_page(request, event, pending, target, mapping_errors=()):
    sheet = _sheet(pending)
    user = request.user
    may_create = may_create_clubs(user)
    create = bool(pending.get("create_clubs")) and may_create
    rows = pi.preview(_rows(pending), create, _clubs_of(user), target, may_create)
    cols = sheet.columns()
    context = {
        "rows": rows,
        "valid": sum(1 for r in rows if r.ok),
        "refused": [r for r in rows if not r.ok],
        "warned": [r for r in rows if r.warnings],
        "columns": cols,
        "unused": [c["title"] for c in cols if not c["field"] and c["title"]],
        "header": sheet.header,
        "fields": list(columns.FIELD_LABELS.items()),
        "field_labels": columns.FIELD_LABELS,
        "mapping_errors": mapping_errors,
        "tournament": event,
        "target": target,
        "here": _here(event),
        "may_create_clubs": may_create,
    }
    return render(request, "documents/import_players.html", context)


def _remap_players(request, event):
    """The importer's own mapping of the file's columns: refused whole, with
    the reason, when it names an unknown field or a field twice."""
    pending, target = _pending(request, event)
    if pending is None:
        messages.error(request, target)
        return redirect(_here(event))
    width = len(pending["mapping"])
    mapping = [request.POST.get(f"col-{i}", "") for i in range(width)]
    errors = columns.check_mapping(mapping)
    if not errors:
        pending["mapping"] = mapping
        pending["header"] = bool(request.POST.get("header"))
        request.session[SESSION_KEY] = pending
    return _preview_page(request, event, pending, target, errors)


def _confirm_players(request, event):
    here = _here(event)
    pending, tournament = _pending(request, event, pop=True)
    if pending is None:
        messages.error(request, tournament)
        return redirect(here)
    sheet = _sheet(pending)
    if columns.check_mapping(sheet.mapping):
        messages.error(request, _("Nothing to confirm: upload the file again."))
        return redirect(here)
    create = bool(pending.get("create_clubs")) and may_create_clubs(request.user)
    try:
        result = pi.store(
            _rows(pending),
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
    if result.completed:
        messages.success(
            request,
            _("%(n)s members in the register completed (empty fields filled).")
            % {"n": result.completed},
        )
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
