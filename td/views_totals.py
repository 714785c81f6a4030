"""The TD's totals page: every table of one round (partij) on one page, each
player's total typed from the paper sheet, a table saved at a time.

Each table is a small form posted with htmx; the answer is that table's
fragment (saved, or the form with the service's message), and
``static/js/totals.js`` then puts the cursor in the next table. Without
JavaScript the same URLs post and redirect. The rule (totals add up to
zero, one transaction) is ``scoring.services.table_totals``; this module
only reads the input and shows the answer. TD only (``td_required``).
"""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.services.table_totals import TotalsError, record_totals, to_deals
from scoring.services.tables import table_view
from scoring.table_result import round_table_results, table_result
from td.access import td_required
from td.forms_totals import TotalsForm
from td.views_entry import hall_safe, table_of
from td.views_round import reason_page
from tournaments.corrections import clean_reason, needs_reason
from tournaments.dealing import has_blind_man
from tournaments.models import Round, TableRound


def _htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _page_url(table: TableRound) -> str:
    tournament = table.round.tournament
    return reverse("td:totals", args=[tournament.slug, table.round.number])


def _form(table: TableRound, view, data=None) -> TotalsForm:
    """The table's form; a table saved as totals starts from what it holds."""
    initial = {}
    if table.totals_only:
        for seat in view.seats:
            initial[f"seat{seat.position}"] = seat.points
            initial[f"deals{seat.position}"] = seat.deals_played
    return TotalsForm(
        data,
        initial=initial,
        seats=view.shown_seats,
        deals_per_round=table.round.tournament.deals_per_round,
        prefix_id=f"t{table.number}",
    )


def _card(
    table: TableRound, form=None, editing=False, saved=False, focus="", result=None
) -> dict:
    """What ``_table.html`` shows of one table: its form, or what it holds.
    ``focus``: where totals.js puts the cursor after the swap ("next" table,
    this table's first "self" field). ``result``: the table's result when
    the caller loaded the round's (``scoring.table_result``)."""
    view = table_view(table)
    result = result or table_result(table, with_deals=False)
    has_deals = result.deals_entered > 0
    show_form = form is not None or (
        not has_deals and not table.closed and (editing or not table.totals_only)
    )
    if show_form and form is None:
        form = _form(table, view)
    return {
        "table": table,
        "form": form if show_form else None,
        "seats": [(view.name_of(s.position), s) for s in view.seats],
        "has_deals": has_deals,
        "saved": saved,
        "focus": focus,
        "reason_needed": needs_reason(table.round),
        # three totals: the blind man's hand (chair 4) is never paid
        "three": has_blind_man(len(view.seats)),
    }


def _fragment(request, table, status=200, **card) -> HttpResponse:
    context = {"tournament": table.round.tournament, "card": _card(table, **card)}
    return render(request, "td/totals/_table.html", context, status=status)


@td_required
def totals_page(request, tournament, round):
    """GET: every table of the round, each with its form or its totals."""
    round_ = get_object_or_404(Round, tournament=tournament, number=round)
    round_.tournament = tournament
    tables = list(round_.tables.order_by("number"))
    for table in tables:
        table.round = round_
    results = {
        r.id: r for r in round_table_results(tournament, round, with_deals=False)
    }
    editing = request.GET.get("edit")
    context = {
        "tournament": tournament,
        "round": round_,
        "cards": [
            _card(t, editing=str(t.number) == editing, result=results.get(t.pk))
            for t in tables
        ],
    }
    return render(request, "td/totals/page.html", context)


@td_required
@hall_safe
def totals_table(request, tournament, round, table):
    """GET: the table's fragment (``?edit=1``: its form to change it).
    POST: save the totals; refused, nothing is stored and the form says why."""
    table = table_of(tournament, round, table)
    if request.method != "POST":
        editing = request.GET.get("edit") == "1"
        return _fragment(request, table, editing=editing, focus="self" * editing)
    form = _form(table, table_view(table), request.POST)
    if not form.is_valid():
        return _refused(request, table, form)
    reason = clean_reason(request.POST.get("reason")) or None
    try:
        record_totals(table, form.totals(), form.deals(), request.user, reason=reason)
    except TotalsError as exc:
        for message in exc.messages:
            form.add_error(None, message)
        return _refused(request, table, form)
    table.refresh_from_db()
    if not _htmx(request):
        messages.success(request, _("%(table)s saved.") % {"table": table})
        return redirect(f"{_page_url(table)}#totals-table-{table.number + 1}")
    return _fragment(request, table, saved=True, focus="next")


def _refused(request, table, form) -> HttpResponse:
    """The form again with its messages: a fragment for htmx (status 200 so
    htmx swaps it in), the whole page without JavaScript."""
    if _htmx(request):
        return _fragment(request, table, form=form, focus="self")
    round_ = table.round
    cards = []
    for other in round_.tables.order_by("number"):
        other.round = round_
        cards.append(_card(other, form=form if other.pk == table.pk else None))
    context = {"tournament": round_.tournament, "round": round_, "cards": cards}
    return render(request, "td/totals/page.html", context, status=400)


@td_required
@hall_safe
@require_POST
def totals_to_deals(request, tournament, round, table):
    """Enter the table deal by deal instead: asked first (the browser's
    dialog or the confirmation page), with a reason in a public round."""
    table = table_of(tournament, round, table)
    if not table.totals_only:
        raise Http404
    reason = clean_reason(request.POST.get("reason"))
    if request.POST.get("confirmed") != "1" or (
        needs_reason(table.round) and not reason
    ):
        if needs_reason(table.round):
            return reason_page(request, table.round, _("Enter deals instead"))
        return render(
            request,
            "td/confirm.html",
            {
                "tournament": tournament,
                "round": table.round,
                "question": _(
                    "Enter the deals of %(table)s one by one instead of its totals?"
                )
                % {"table": table},
                "action": request.path,
                "button": _("Enter deals instead"),
                "fields": {},
            },
        )
    try:
        to_deals(table, request.user, reason=reason or None)
    except TotalsError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect(f"{_page_url(table)}#totals-table-{table.number}")
    messages.success(
        request, _("%(table)s: enter its deals one by one.") % {"table": table}
    )
    return redirect(
        reverse("td:entry-table", args=[tournament.slug, round, table.number])
    )
