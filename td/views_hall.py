"""The TD's side of table-side entry: the hall view of the running round
(every table's deals counted, waiting and disputed, refreshed every few
seconds without reloading; quiet tables and calls stand out), the table
links, the round clock, and the disputes with both versions side by side."""

import datetime

from django.contrib import messages
from django.db.models import Count, Max
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.numbers import is_id, parse_int
from scoring.models import SeatBinding, Submission
from scoring.services import table_view
from scoring.services.errors import REFUSALS, refusal
from scoring.table_result import round_table_results
from scoring.tableside import phones, services
from tableside import page_state
from td import entry_display as display
from td.access import td_required
from td.views_entry import table_of
from tournaments.models import Round, TableRound

#: A running table with no deal counted or entered for this long stands out.
QUIET = datetime.timedelta(minutes=12)
REFRESH_SECONDS = 5


def _round(tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def hall_rows(round_: Round) -> list[dict]:
    """One row per table, in five queries: the tables' results (deals
    counted, typed as totals: ``scoring.table_result``), the last change,
    the open table-side entries, the keys (calls, links), the phones holding
    seats. Waiting and disputed count deals, not entries (a disputed deal
    has two)."""
    now = timezone.now()
    results = {
        r.id: r
        for r in round_table_results(round_.tournament, round_.number, with_deals=False)
    }
    tables = (
        TableRound.objects.filter(round=round_)
        .annotate(
            last_deal=Max("deals__updated"),
            size=Count("seats", distinct=True),
        )
        .order_by("number")
    )
    open_entries: dict[int, dict] = {}
    for table_id, number, state, created in Submission.objects.filter(
        table__round=round_, status__in=Submission.OPEN
    ).values_list("table_id", "number", "status", "created"):
        row = open_entries.setdefault(table_id, {"w": set(), "d": set(), "last": None})
        row["d" if state == Submission.Status.DISPUTED else "w"].add(number)
        row["last"] = max(filter(None, (row["last"], created)))
    keys = {
        t.table_id: t for t in services.TableKey.objects.filter(table__round=round_)
    }
    phones_at: dict[int, int] = {}
    for table_id in SeatBinding.objects.filter(table__round=round_).values_list(
        "table_id", flat=True
    ):
        phones_at[table_id] = phones_at.get(table_id, 0) + 1
    rows = []
    for table in tables:
        found = open_entries.get(table.pk, {"w": set(), "d": set(), "last": None})
        disputed, waiting = found["d"], found["w"] - found["d"]
        key = keys.get(table.pk)
        last = max((t for t in (table.last_deal, found["last"]) if t), default=None)
        result = results.get(table.pk)
        done = table.closed or (result is not None and result.complete)
        rows.append(
            {
                "table": table,
                "counted": result.deals_entered if result else 0,
                "typed": result is not None and result.typed,
                "waiting": len(waiting),
                "disputed": len(disputed),
                "last": last,
                "key": key,
                "phones": phones_at.get(table.pk, 0),
                "called": bool(key and key.called_at),
                "quiet": not done
                and round_.status == Round.Status.SEATED
                and (last or round_.tournament.created) < now - QUIET,
                "done": done,
            }
        )
    return rows


def _hall_context(request, tournament, round_) -> dict:
    return {
        "tournament": tournament,
        "round": round_,
        "rows": hall_rows(round_),
        "per_round": tournament.deals_per_round,
        "refresh": REFRESH_SECONDS,
        "now": timezone.now(),
    }


@td_required
def hall(request, tournament, round):
    round_ = _round(tournament, round)
    if tournament.entry_mode != "td":
        for table in round_.tables.all():
            services.key_for(table)
    return render(
        request,
        "td/hall/hall.html",
        _hall_context(request, tournament, round_),
    )


@td_required
def hall_tables(request, tournament, round):
    """The refreshing part of the hall view (htmx polls it)."""
    context = _hall_context(request, tournament, _round(tournament, round))
    return render(request, "td/hall/_tables.html", context)


@td_required
@require_POST
def clock(request, tournament, round):
    round_ = _round(tournament, round)
    minutes = parse_int(request.POST.get("minutes", ""))
    minutes = -1 if minutes is None else minutes
    if not 0 <= minutes <= 600:
        messages.error(request, _("Enter the minutes left, 0 to 600 (0 stops)."))
    else:
        round_.ends_at = (
            timezone.now() + datetime.timedelta(minutes=minutes) if minutes else None
        )
        round_.save(update_fields=["ends_at"])
        messages.success(request, _("Round clock set."))
    return redirect(reverse("td:hall", args=[tournament.slug, round]))


@td_required
@require_POST
def answered(request, tournament, round, table):
    services.answer_call(table_of(tournament, round, table))
    return redirect(reverse("td:hall", args=[tournament.slug, round]))


@td_required
@require_POST
def release(request, tournament, round, table):
    """The TD frees a seat for another phone (audited)."""
    table = table_of(tournament, round, table)
    seat = parse_int(request.POST.get("seat", "")) or 0
    if phones.release(table, seat, request.user):
        messages.success(
            request,
            _("Seat %(n)s is free: the player picks it again on their phone.")
            % {"n": seat},
        )
    else:
        messages.error(request, _("No phone holds that seat."))
    return redirect(reverse("td:disputes", args=[tournament.slug, round, table.number]))


@td_required
def disputes(request, tournament, round, table):
    """Waiting and disputed entries of one table, side by side per deal; the
    TD picks the version that counts, with a reason (audited)."""
    table = table_of(tournament, round, table)
    if request.method == "POST":
        reason = request.POST.get("reason", "").strip()[:500]
        raw = request.POST.get("entry", "")
        entry_id = parse_int(raw) if is_id(raw) else 0
        if not reason:
            messages.error(request, _("Give a reason: it goes to the audit log."))
        else:
            try:
                services.decide(table, entry_id, request.user, reason)
            except Submission.DoesNotExist:
                messages.error(request, _("There is no such entry."))
            except REFUSALS as exc:
                messages.error(request, refusal(exc).message)
            else:
                messages.success(request, _("Decided: that version counts."))
        back = reverse("td:disputes", args=[tournament.slug, round, table.number])
        return redirect(back)
    view = table_view(table)
    schedule = tournament.schedule
    by_deal: dict[int, list] = {}
    for entry in services.waiting(table):
        by_deal.setdefault(entry.number, []).append(
            {
                "entry": entry,
                "by": seat_words(view, entry.seat),
                **page_state.entry_words(entry, view, schedule),
            }
        )
    bound = phones.bound_seats(table)
    seats = [
        {"seat": s, "label": view.name_of(s.position), "phone": bound.get(s.position)}
        for s in view.seats
    ]
    return render(
        request,
        "td/hall/disputes.html",
        {
            "tournament": tournament,
            "table": table,
            "deals": sorted(by_deal.items()),
            "counted": how_counted(table, view, schedule),
            "seats": seats,
        },
    )


def seat_words(view, seat: int | None) -> str:
    """A seat as the TD reads it: "Anna de Vries (seat 3)"."""
    if seat is None:
        return ""
    return _("%(name)s (seat %(seat)s)") % {"name": view.name_of(seat), "seat": seat}


def how_counted(table: TableRound, view, schedule) -> list[dict]:
    """Each counted deal of ``table`` and how it came to count: who entered
    it at the table and who confirmed it (confirm mode), the two players
    whose entries agreed (blind), the TD who decided and why; or entered
    on the TD's own screen. A deal changed on the TD's screen since says
    so (its version)."""
    accepted: dict[int, list[Submission]] = {}
    for entry in table.submissions.filter(
        status=Submission.Status.ACCEPTED
    ).select_related("decided_by"):
        accepted.setdefault(entry.number, []).append(entry)
    rows = []
    for deal in table.deals.select_related("updated_by").order_by("number"):
        entries = accepted.get(deal.number, [])
        rows.append(
            {
                "deal": deal,
                "summary": display.summary(view, deal.record, schedule),
                "entered": [seat_words(view, e.seat) for e in entries],
                "confirmed": _confirmed_words(view, entries),
                "decided": next((e for e in entries if e.decided_by_id), None),
                "changed_since": bool(entries) and deal.version > 1,
            }
        )
    return rows


def _confirmed_words(view, entries: list[Submission]) -> str:
    """Who confirmed a single entry (confirm mode); blind entries that
    agreed confirm each other, so their players are the "entered" list."""
    if len(entries) != 1 or entries[0].confirmed_by is None:
        return ""
    return seat_words(view, entries[0].confirmed_by)
