"""The round page: seat (generate, swap), seating lists, table status, and the
round's close / reopen / publish controls (close and publish ask first)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from core.transactions import BUSY_MESSAGE, BusyError
from scoring.services.ranking import standings_order
from scoring.table_result import TableResult, round_table_results
from td.access import td_required
from td.forms import GenerateForm, MoveForm, SwapForm, sit_out_sentence
from tournaments.corrections import (
    REASON_LENGTH,
    REASON_NEEDED,
    clean_reason,
    needs_reason,
)
from tournaments.models import Entry, Round
from tournaments.moves import Place, move_player
from tournaments.people import entry_name, event_names, name_order
from tournaments.rounds import (
    RoundRefusedError,
    close_round,
    publish_round,
    reopen_round,
)
from tournaments.seating_screen import (
    full_history,
    generate_tables,
    new_repeats,
    seating_lists,
)
from tournaments.services import SeatingRefusedError, seat_round, swap_seats

#: What the TD confirms before a round-wide step.
QUESTIONS = {
    "close": gettext_lazy(
        "Close round %(n)s? Every table closes: no deal can be changed until "
        "you reopen the round."
    ),
    "publish": gettext_lazy(
        "Publish the results of round %(n)s? Everybody can see them on the "
        "public pages."
    ),
    "unpublish": gettext_lazy("Take the results of round %(n)s off the public pages?"),
    "correct": gettext_lazy(
        "The results of round %(n)s are published. Change them only with a "
        "reason: the public pages will say the round was corrected, when and why."
    ),
}


def questions(number: int) -> dict[str, str]:
    return {step: str(text) % {"n": number} for step, text in QUESTIONS.items()}


def _confirmed(request) -> bool:
    """The confirmation travels with the POST: from the browser's dialog
    (static/js/site.js) or from the confirmation page without JavaScript."""
    return request.POST.get("confirmed") == "1"


def _confirm_page(request, round_, step: str, button: str, **fields):
    """The question again, as a page that posts ``confirmed=1`` back."""
    return render(
        request,
        "td/confirm.html",
        {
            "tournament": round_.tournament,
            "round": round_,
            "question": questions(round_.number)[step],
            "action": request.path,
            "button": button,
            "fields": fields,
        },
    )


def reason_page(request, round_, button: str):
    """A published round changes only with a reason the public will read:
    the question, a reason field, and the form posting both back (again,
    naming what is missing, when it came back without a reason)."""
    missing = _confirmed(request) and not clean_reason(request.POST.get("reason"))
    return render(
        request,
        "td/confirm.html",
        {
            "tournament": round_.tournament,
            "round": round_,
            "question": QUESTIONS["correct"] % {"n": round_.number},
            "action": request.path,
            "button": button,
            "fields": {},
            "reason": REASON_LENGTH,
            "reason_error": REASON_NEEDED if missing else "",
        },
        status=400 if missing else 200,
    )


def entry_url(slug: str, round_no: int, table_no: int) -> str:
    """The deal-entry page of a table (built by the deal-entry app)."""
    kwargs = {"slug": slug, "round": round_no, "table": table_no}
    try:
        return reverse("td:entry-table", kwargs=kwargs)
    except NoReverseMatch:
        return f"/manage/{slug}/round/{round_no}/table/{table_no}/"


def table_link(tournament, result: TableResult) -> tuple[str, str]:
    """(URL, words) of a table's link on the round page: a table typed as
    totals, and on a totals evening a table not yet played, to its place on
    the totals page; any other to its deals."""
    typed = result.typed
    typed_evening = tournament.score_entry == tournament.ScoreEntry.TOTALS
    if typed or (typed_evening and not result.played):
        url = reverse("td:totals", args=[tournament.slug, result.round])
        words = _("change totals") if typed else _("enter totals")
        return f"{url}#totals-table-{result.table}", words
    return entry_url(tournament.slug, result.round, result.table), _("enter deals")


def _round(tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _back(round_):
    return redirect("td:round", round_.tournament.slug, round_.number)


@td_required
def round_page(request, tournament, number: int):
    round_ = _round(tournament, number)
    tables = round_table_results(tournament, number, with_deals=False)
    by_table, by_name, byes = seating_lists(round_)
    seated = [[s.entry_id for s in seats] for seats in by_table.values()]
    rows = [(t, by_table.get(t.table, []), *table_link(tournament, t)) for t in tables]
    names = event_names(tournament)  # every name on the page (tournaments.people)
    return render(
        request,
        "td/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "tables": rows,
            "by_name": by_name,
            "byes": byes,
            "deals_per_round": tournament.deals_per_round,
            "has_results": any(t.played for t in tables),
            "repeats": new_repeats(full_history(round_), seated) if seated else 0,
            "diag": request.session.pop(_diag_key(round_), None),
            "names": names,
            "swap_form": SwapForm(round_, names=names),
            "move_form": MoveForm(round_, names=names),
            "generate_form": GenerateForm(),
            "may_seat_by_standing": number > 1,
            "unseated": _unseated(round_) if seated else [],
            "five_note": five_note(tournament, by_table),
            "rounds": tournament.round_set.all(),
            "questions": questions(number),
        },
    )


def _diag_key(round_) -> str:
    return f"seating-diag-{round_.pk}"


def _unseated(round_) -> list[Entry]:
    """Checked-in players with neither a seat nor a bye (latecomers)."""
    return name_order(
        Entry.objects.filter(tournament=round_.tournament, status=Entry.Status.PRESENT)
        .exclude(seats__table__round=round_)
        .exclude(byes__round=round_)
        .select_related("player"),
        lambda entry: entry.player.name,  # the Dutch order
    )


def five_note(tournament, by_table) -> str:
    """At a table of five the dealer sits out each deal in turn: said when
    the deals per round do not share the sit-outs evenly."""
    if not any(len(seats) == 5 for seats in by_table.values()):
        return ""
    return sit_out_sentence(tournament.deals_per_round, tournament.normalise_five)


def seated_message(number: int, tables: int, repeats: int) -> str:
    """ "Round 2 seated: 5 tables, 1 repeat meeting." (plurals as they come)."""
    return _("Round %(n)s seated: %(tables)s, %(repeats)s.") % {
        "n": number,
        "tables": ngettext("%(n)s table", "%(n)s tables", tables) % {"n": tables},
        "repeats": (
            ngettext("%(n)s repeat meeting", "%(n)s repeat meetings", repeats)
            % {"n": repeats}
            if repeats
            else _("no repeat meetings")
        ),
    }


@td_required
@require_POST
def generate(request, tournament, number: int):
    round_ = _round(tournament, number)
    form = GenerateForm(request.POST)
    byes = form.is_valid() and form.cleaned_data["byes"]
    threes = form.is_valid() and form.cleaned_data["threes"]
    standings = standings_order(tournament, number) if form.by_standing() else None
    tables, out, diag = generate_tables(
        round_, byes=byes, standings=standings, threes=threes
    )
    if diag["error"]:
        request.session[_diag_key(round_)] = diag
        messages.error(request, diag["error"])
        return _back(round_)
    source = "engine" if diag["engine"] == "optimal" else "simple"
    if diag["by_standing"] and source == "engine":
        source = "standing"
    try:
        seat_round(round_, tables, request.user, source=source, byes=out, threes=threes)
    except (SeatingRefusedError, BusyError) as exc:
        # the card would describe a seating that was not stored
        messages.error(request, str(exc) or BUSY_MESSAGE)
    else:
        request.session[_diag_key(round_)] = diag
        messages.success(request, seated_message(number, len(tables), diag["repeats"]))
    return _back(round_)


@td_required
@require_POST
def move(request, tournament, number: int):
    """Move one player to any table and seat, or to sit the round out."""
    round_ = _round(tournament, number)
    form = MoveForm(round_, request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, errors[0])
        return _back(round_)
    entry = form.cleaned_data["entry"]
    table, seat = form.target()
    try:
        _was, now = move_player(round_, entry, Place(table, seat), request.user)
    except (SeatingRefusedError, BusyError) as exc:
        messages.error(request, str(exc) or BUSY_MESSAGE)
        return _back(round_)
    name = entry_name(entry)
    if now.table is None:
        done = _("%(name)s sits round %(n)s out.") % {"name": name, "n": number}
    else:
        done = _("%(name)s now sits at table %(table)s, seat %(seat)s.") % {
            "name": name,
            "table": now.table,
            "seat": now.seat,
        }
    messages.success(request, done)
    return _back(round_)


@td_required
@require_POST
def swap(request, tournament, number: int):
    round_ = _round(tournament, number)
    form = SwapForm(round_, request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, errors[0])
        return _back(round_)
    a, b = form.cleaned_data["a"], form.cleaned_data["b"]
    try:
        swap_seats(round_, a, b, request.user)
    except (SeatingRefusedError, BusyError) as exc:
        messages.error(request, str(exc) or BUSY_MESSAGE)
    else:
        messages.success(
            request,
            _("%(a)s and %(b)s swapped seats.")
            % {"a": entry_name(a), "b": entry_name(b)},
        )
    return _back(round_)


def _state_change(request, round_, action, done: str):
    try:
        action()
    except (RoundRefusedError, BusyError) as exc:
        messages.error(request, str(exc) or BUSY_MESSAGE)
    else:
        messages.success(request, done)
    return _back(round_)


@td_required
@require_POST
def close(request, tournament, number: int):
    round_ = _round(tournament, number)
    if not _confirmed(request):
        return _confirm_page(request, round_, "close", _("Close round"))
    return _state_change(
        request,
        round_,
        lambda: close_round(round_, request.user),
        _("Round %(n)s closed.") % {"n": number},
    )


@td_required
@require_POST
def reopen(request, tournament, number: int):
    round_ = _round(tournament, number)
    reason = clean_reason(request.POST.get("reason"))
    if needs_reason(round_) and not (reason and _confirmed(request)):
        return reason_page(request, round_, _("Reopen round"))
    return _state_change(
        request,
        round_,
        lambda: reopen_round(round_, request.user, reason),
        _("Round %(n)s reopened.") % {"n": number},
    )


@td_required
@require_POST
def publish(request, tournament, number: int):
    round_ = _round(tournament, number)
    on = request.POST.get("publish") == "1"
    if not _confirmed(request):
        step, button = (
            ("publish", _("Publish results"))
            if on
            else ("unpublish", _("Unpublish results"))
        )
        return _confirm_page(request, round_, step, button, publish="1" if on else "0")
    done = (
        _("Results of round %(n)s published.")
        if on
        else _("Results of round %(n)s withdrawn from the public pages.")
    )
    return _state_change(
        request,
        round_,
        lambda: publish_round(round_, on, request.user),
        done % {"n": number},
    )
