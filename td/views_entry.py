"""HTTP shell of deal entry: load the table, call the form and the services.

Every page works without JavaScript (POST, then redirect); with htmx the same
URLs answer with the ``_panel.html`` partial so a deal is saved without a page
reload. TD only (``td_required``): anyone else gets 403.
"""

from functools import wraps

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.transactions import BusyError
from scoring.jury import decider_name
from scoring.models import Deal, DealRevision
from scoring.services import (
    ClosedError,
    DealRejectedError,
    StaleDealError,
    delete_deal,
    preview_deal,
    save_deal,
    table_view,
)
from scoring.services import table_actions as actions
from scoring.services.errors import refusal
from scoring.table_result import TableResult, table_result
from td import entry_display as display
from td.access import td_required
from td.forms_deal import DealForm, SheetForm, initial_from_record
from td.views_round import reason_page
from tournaments.corrections import clean_reason, needs_reason
from tournaments.locks import GoneError
from tournaments.models import TableRound

#: Said after why (``scoring.services.errors``) when a deal was saved meanwhile.
CURRENT_SHOWN = gettext_lazy(
    "Here is the current version; your input is kept below: save again to replace it."
)


def hall_safe(view):
    """A table removed meanwhile (its round seated again), or a round others
    are changing this very moment: a message, never a 500."""

    @wraps(view)
    def wrapper(request, tournament, round, table, *args, **kwargs):
        try:
            return view(request, tournament, round, table, *args, **kwargs)
        except GoneError as exc:  # pick the table again on the round page
            messages.error(request, refusal(exc).message)
            target = reverse("td:round", args=[tournament.slug, round])
        except BusyError as exc:
            messages.error(request, refusal(exc).message)
            target = request.get_full_path()
        if _htmx(request):
            response = HttpResponse(status=204)
            response["HX-Redirect"] = target
            return response
        return redirect(target)

    return wrapper


def _htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def table_of(tournament, round, table) -> TableRound:
    obj = get_object_or_404(
        TableRound.objects.select_related("round"),
        round__tournament=tournament,
        round__number=round,
        number=table,
    )
    obj.round.tournament = tournament
    return obj


def _number(tournament, deal: int) -> int:
    if not 1 <= deal <= tournament.deals_per_round:
        raise Http404
    return deal


def _url(name: str, table: TableRound, *extra) -> str:
    args = [table.round.tournament.slug, table.round.number, table.number, *extra]
    return reverse(f"td:{name}", args=args)


def deal_form(table, view, number, data=None, deal=None, td=None) -> DealForm:
    """The deal form; ``td`` (the TD's user) makes it the TD's form, which
    also records the jury's decision. The players' own page passes none."""
    players = view.players_for(number)
    seats = {str(s.position): view.label_of(s.position) for s in view.seats}
    initial = {}
    if deal is not None:
        initial = initial_from_record(view.named(deal.record), players)
        initial["version"] = deal.version
    return DealForm(
        data,
        initial=initial,
        schedule=table.round.tournament.schedule,
        players=players,
        seats=seats,
        names=view.names,
        sitting_out=view.sitting_out_for(number),
        jury_desk=td is not None,
        decided_by=decider_name(td),
    )


def _context(table, number=None, form=None, td=None, **extra) -> dict:
    tournament = table.round.tournament
    schedule = tournament.schedule
    view = table_view(table)
    result = table_result(table)
    deals = {d.number: d for d in table.deals.all()}
    missing = result.missing_deals
    if result.typed and form is None:
        number = None  # its totals show, not an empty deal form
    elif number is None:
        number = missing[0] if missing else None
    if number is not None and form is None:
        form = deal_form(table, view, number, deal=deals.get(number), td=td)
    rows = display.grid(view, deals, tournament.deals_per_round, schedule)
    numbers = list(table.round.tables.values_list("number", flat=True))
    here = numbers.index(table.number)
    sheet = display.sheet_report(view, deals, table.sheet_totals)
    sheet_check = offers_sheet_check(tournament, result)
    revisions = DealRevision.objects.none()
    if number in deals:
        revisions = deals[number].revisions.select_related("user").order_by("-version")
    return {
        "tournament": tournament,
        "table": table,
        "view": view,
        "schedule": schedule,
        "contracts": schedule.enabled_contracts(),
        "rows": rows,
        "result": result,
        "typed_seats": _typed_seats(view, result) if result.typed else [],
        "totals": [{"total": seat.points} for seat in result.seats],
        "number": number,
        "deal": deals.get(number),
        "form": form,
        "players": view.players_for(number) if number else [],
        "history": display.history(revisions, view, schedule),
        "sheet": None if result.typed else sheet,
        "sheet_check": sheet_check,
        "sheet_form": extra.pop("sheet_form", None) or _sheet_form(table, view),
        "missing": missing,
        "prev_table": numbers[here - 1] if here > 0 else None,
        "next_table": numbers[here + 1] if here + 1 < len(numbers) else None,
        **extra,
    }


def _typed_seats(view, result: TableResult) -> list[tuple[int, str, object]]:
    """(position, name shown, the seat's result) of a table typed as totals."""
    seats = zip(view.shown_seats, result.seats, strict=False)
    return [(position, name, seat) for (position, name), seat in seats]


def offers_sheet_check(tournament, result: TableResult) -> bool:
    """Whether the table page offers to type the paper sheet's totals as a
    check of its deals. Not for a table typed as totals (its sheet *is* its
    totals), nor on a totals evening before any deal is entered: there the
    sheet's totals are typed on the totals page, where they count."""
    if result.typed:
        return False
    typed_evening = tournament.score_entry == tournament.ScoreEntry.TOTALS
    return not typed_evening or result.played or result.from_totals


def _sheet_form(table, view, data=None) -> SheetForm:
    seats = [(s.position, view.name_of(s.position)) for s in view.seats]
    initial = {f"seat{k}": v for k, v in (table.sheet_totals or {}).items()}
    return SheetForm(data, initial=initial, seats=seats)


def _render(request, table, status=200, push=None, **ctx) -> HttpResponse:
    context = _context(table, td=request.user, **ctx)
    if _htmx(request):
        response = render(request, "td/entry/_panel.html", context, status=status)
        if push:
            response["HX-Push-Url"] = push
        return response
    return render(request, "td/entry/page.html", context, status=status)


@td_required
@hall_safe
def table_page(request, tournament, round, table):
    return _render(request, table_of(tournament, round, table))


@td_required
@hall_safe
def deal_page(request, tournament, round, table, deal):
    """GET: the form for this deal (prefilled when stored). POST: save it."""
    table = table_of(tournament, round, table)
    number = _number(tournament, deal)
    if request.method != "POST":
        return _render(request, table, number=number)
    view = table_view(table)
    form = deal_form(table, view, number, request.POST, td=request.user)
    record = form.record()
    if record is None:
        return _render(request, table, number=number, form=form)
    jury = form.jury_decisions()
    try:
        save_deal(
            table, number, record, request.user, form.expected_version(), jury=jury
        )
    except DealRejectedError as exc:
        form.add_violations(exc.violations)
    except ClosedError as exc:
        form.add_error(None, refusal(exc).message)
    except StaleDealError as exc:
        current = Deal.objects.filter(table=table, number=number).first()
        data = request.POST.copy()
        data["version"] = str(current.version) if current else ""
        form = deal_form(table, view, number, data, td=request.user)
        form.is_valid()
        form.add_error(None, f"{refusal(exc).message} {CURRENT_SHOWN}")
        stale = current and {
            "deal": current,
            "summary": display.summary(view, current.record, tournament.schedule),
            "scores": display.scores_by_label(view, current.seat_scores),
        }
        return _render(request, table, number=number, form=form, stale=stale)
    else:
        notice = _("Deal %(n)s saved.") % {"n": number}
        if jury is not None:
            notice = _("Deal %(n)s saved with the jury's decision.") % {"n": number}
        if not _htmx(request):
            messages.success(request, notice)
            return redirect(_url("entry-table", table))
        return _render(request, table, notice=notice, push=_url("entry-table", table))
    return _render(request, table, number=number, form=form)


@td_required
@hall_safe
@require_POST
def preview(request, tournament, round, table, deal):
    """The score effect of the form as it stands, or the engine's violations."""
    table = table_of(tournament, round, table)
    return preview_response(request, table, _number(tournament, deal), request.user)


def preview_response(request, table, number: int, td=None):
    """The preview partial for the deal form as posted: the TD's screen and
    the table's own page show the same. The same validation of the same
    input also gives the form's errors, which the partial carries as
    out-of-band swaps (htmx), so a fixed field loses its red message with
    the preview that shows its scores. ``td``: the TD's form, whose jury
    decisions count before they are stored."""
    view = table_view(table)
    form = deal_form(table, view, number, request.POST, td=td)
    record = form.record()
    context = {"scores": None, "violations": [], "empty": record is None}
    if record is not None:
        result, scores = preview_deal(table, number, record, form.jury_decisions())
        context["violations"] = form.shown(result.violations)
        form.add_violations(result.violations)
        if scores is not None:
            context["scores"] = display.scores_by_label(view, scores)
    context["form"] = form
    return render(request, "td/entry/_preview.html", context)


@td_required
@hall_safe
def delete(request, tournament, round, table, deal):
    """GET: ask for confirmation. POST: delete (history and audit keep it)."""
    table = table_of(tournament, round, table)
    number = _number(tournament, deal)
    stored = get_object_or_404(Deal, table=table, number=number)
    if request.method != "POST":
        summary = display.summary(table_view(table), stored.record, tournament.schedule)
        context = {
            "tournament": tournament,
            "table": table,
            "deal": stored,
            "summary": summary,
        }
        return render(request, "td/entry/confirm_delete.html", context)
    try:
        delete_deal(table, number, request.user)
    except ClosedError as exc:
        messages.error(request, refusal(exc).message)
    else:
        messages.success(request, _("Deal %(n)s deleted.") % {"n": number})
    return redirect(_url("entry-table", table))


@td_required
@hall_safe
@require_POST
def sheet(request, tournament, round, table):
    table = table_of(tournament, round, table)
    form = _sheet_form(table, table_view(table), request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter a whole number for every player."))
        return _render(request, table, sheet_form=form)
    try:
        actions.store_sheet(table, form.totals(), request.user)
    except actions.SheetRefusedError as exc:
        messages.error(request, str(exc))
        return redirect(_url("entry-table", table))
    messages.success(request, _("Paper sheet totals stored."))
    return redirect(_url("entry-table", table))


@td_required
@hall_safe
@require_POST
def close(request, tournament, round, table):
    table = table_of(tournament, round, table)
    try:
        actions.close_table(table, request.user)
    except actions.NotCompleteError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("%(table)s closed.") % {"table": table})
    return redirect(_url("entry-table", table))


@td_required
@hall_safe
@require_POST
def reopen(request, tournament, round, table):
    table = table_of(tournament, round, table)
    reason = clean_reason(request.POST.get("reason"))
    if needs_reason(table.round) and not (reason and request.POST.get("confirmed")):
        return reason_page(request, table.round, _("Reopen table"))
    actions.reopen_table(table, request.user, reason)
    messages.success(request, _("%(table)s reopened.") % {"table": table})
    return redirect(_url("entry-table", table))
