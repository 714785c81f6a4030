"""The table's own page on the players' phones: no account, the link is the
key (``/k/<slot>/<secret>/``), for exactly one table-round.

A submit answers JSON to ``static/js/tableside.js`` (which keeps a deal typed
offline on the phone and sends it when the connection returns, with the same
idempotency key) and redirects a browser without script. The same deal form,
validation and score preview as the TD's screen.
"""

import json

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.entry import display
from scoring.entry.views import deal_form, preview_response
from scoring.models import Deal, Submission
from scoring.services import (
    ClosedError,
    DealRejectedError,
    StaleDealError,
    table_view,
)
from scoring.tableside import services, throttle
from tournaments.locks import BusyError, GoneError

SEAT_COOKIE = "seat-%s"


def _key_or_refuse(request, slot: str, secret: str):
    """(key, None) or (None, the refusal page). Misses are counted per
    address; too many and the address waits (``throttle``)."""
    if throttle.blocked(request):
        response = render(request, "scoring/tableside/refused.html",
                          {"reason": "slow"}, status=429)  # fmt: skip
        response["Retry-After"] = str(throttle.WINDOW)
        return None, response
    key = services.find_key(slot, secret)
    if key is None:
        throttle.miss(request)
        if _wants_json(request):  # a queued deal: the phone says so, and stops
            return None, JsonResponse(
                {"ok": False, "message": _("This table link does not work")},
                status=404,
            )
        return None, render(request, "scoring/tableside/refused.html",
                            {"reason": "unknown"}, status=404)  # fmt: skip
    return key, None


def _wants_json(request) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _seat(request, key, view) -> int | None:
    raw = request.POST.get("seat") or request.COOKIES.get(SEAT_COOKIE % key.slot)
    try:
        seat = int(raw)
    except (TypeError, ValueError):
        return None
    return seat if seat in {s.position for s in view.seats} else None


def _base(key) -> str:
    return reverse("scoring:tableside", args=[key.slot, key.secret])


def page(request, slot: str, secret: str):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table
    services.seen(key)
    view = table_view(table)
    if "seat" in request.GET:  # "I am …": remembered on this phone
        response = redirect(_base(key))
        response.set_cookie(SEAT_COOKIE % key.slot, request.GET["seat"],
                            max_age=12 * 3600, samesite="Lax")  # fmt: skip
        return response
    return render(request, "scoring/tableside/page.html",
                  _context(request, key, view))  # fmt: skip


def _context(request, key, view, form=None) -> dict:
    table = key.table
    tournament = table.round.tournament
    deals = {d.number: d for d in table.deals.all()}
    pending = services.waiting(table)
    seat = _seat(request, key, view)
    number = next((n for n in range(1, tournament.deals_per_round + 1)
                   if n not in deals and not _entered(pending, n, seat, tournament)),
                  None)  # fmt: skip
    if form is None and number is not None:
        form = deal_form(table, view, number)
    rows = display.grid(view, deals, tournament.deals_per_round, tournament.schedule)
    return {
        "key": key, "table": table, "tournament": tournament, "view": view,
        "schedule": tournament.schedule,
        "contracts": tournament.schedule.enabled_contracts(),
        "seat": seat, "seat_label": view.label_of(seat) if seat else "",
        "open": services.is_open(table), "mode": tournament.entry_mode,
        "rows": rows, "totals": rows[-1]["cells"] if rows else [],
        "pending": [_pending(p, view, seat, tournament, services.is_open(table))
                    for p in pending],
        "number": number, "form": form, "tableside": True,
        "players": view.players_for(number) if number else [],
        "deal_url": reverse("scoring:tableside-deal",
                            args=[key.slot, key.secret, number or 1]),
        "preview_url": reverse("scoring:tableside-preview",
                               args=[key.slot, key.secret, number or 1]),
    }  # fmt: skip


def _entered(pending: list[Submission], number: int, seat, tournament) -> bool:
    """Whether this phone is done with deal ``number`` for now: it waits for
    confirmation (confirm: the other side confirms, nobody enters it again),
    this seat's own blind entry is in, or the TD decides. The form moves on
    to the next deal, so a table never waits for a confirmation."""
    for entry in pending:
        if entry.number != number:
            continue
        if entry.status == Submission.Status.DISPUTED:
            return True
        if tournament.entry_mode != "blind" or entry.seat == seat:
            return True
    return False


def _pending(entry: Submission, view, seat, tournament, is_open: bool) -> dict:
    return {
        "entry": entry,
        "by": view.label_of(entry.seat),
        "summary": display.describe(entry.record, tournament.schedule),
        "may_confirm": (
            tournament.entry_mode == "confirm" and seat is not None
            and is_open
            and entry.status == Submission.Status.WAITING
            and services.other_side(entry.record, view, entry.seat, seat)
        ),
    }  # fmt: skip


def _answer(request, key, ok: bool, message: str, status: int = 200, **extra):
    if _wants_json(request):
        return JsonResponse({"ok": ok, "message": message, **extra}, status=status)
    (messages.success if ok else messages.error)(request, message)
    return redirect(_base(key))


@require_POST
def submit(request, slot: str, secret: str, number: int):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table
    view = table_view(table)
    seat = _seat(request, key, view)
    idem = request.POST.get("key", "")[:64]
    if seat is None or not idem:
        return _answer(request, key, False, _("Choose who you are first."), 400)
    if not 1 <= number <= table.round.tournament.deals_per_round:
        return _answer(request, key, False, _("There is no such deal."), 400)
    form = deal_form(table, view, number, request.POST)
    record = form.record()
    if record is None:
        errors = [str(e) for errs in form.errors.values() for e in errs]
        return _answer(request, key, False, " ".join(errors) or _("Fill in the deal."),
                       400, errors=errors)  # fmt: skip
    try:
        entry = services.submit(table, number, seat, record, idem)
    except DealRejectedError as exc:
        errors = [v.message for v in exc.violations]
        return _answer(request, key, False, " ".join(errors), 400, errors=errors)
    except services.TableModeError:
        return _answer(request, key, False, _("At this event the TD enters the deals."),
                       403)  # fmt: skip
    except (ClosedError, GoneError):
        return _answer(request, key, False, _("This table is closed."), 409)
    except StaleDealError:
        counted = _("Deal %(n)s already counts.") % {"n": number}
        return _answer(request, key, False, counted, 409)
    except services.NotYoursError:
        return _answer(request, key, False, _("Choose who you are first."), 400)
    except BusyError:
        return _answer(request, key, False, _("Busy: please try again."), 503)
    return _answer(request, key, True, _status_text(entry), status=200,
                   status_code=entry.status, deal=number, entry=entry.pk)  # fmt: skip


def _status_text(entry: Submission) -> str:
    n = {"n": entry.number}
    if entry.status == Submission.Status.ACCEPTED:
        return _("Deal %(n)s saved: both sides agree.") % n
    if entry.status == Submission.Status.DISPUTED:
        return _("Deal %(n)s: the two entries differ; the TD decides.") % n
    if entry.table.round.tournament.entry_mode == "blind":
        return _("Deal %(n)s saved on the server; it counts once the other "
                 "side's entry matches.") % n  # fmt: skip
    return _("Deal %(n)s saved on the server; it counts once a player of the "
             "other side confirms it.") % n  # fmt: skip


@require_POST
def confirm(request, slot: str, secret: str, entry_id: int):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    view = table_view(key.table)
    seat = _seat(request, key, view)
    if seat is None:
        return _answer(request, key, False, _("Choose who you are first."), 400)
    try:
        entry = services.confirm(key.table, entry_id, seat)
    except Submission.DoesNotExist:
        return _answer(request, key, False, _("There is no such entry."), 404)
    except services.NotYoursError:
        return _answer(request, key, False,
                       _("A player of the other side confirms."), 403)  # fmt: skip
    except (services.TableModeError, StaleDealError, ClosedError, DealRejectedError):
        return _answer(request, key, False, _("This entry can no longer be confirmed."),
                       409)  # fmt: skip
    done = _("Deal %(n)s confirmed: it counts.") % {"n": entry.number}
    return _answer(request, key, True, done)


@require_POST
def preview(request, slot: str, secret: str, number: int):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table
    if not 1 <= number <= table.round.tournament.deals_per_round:
        return HttpResponse(status=404)
    return preview_response(request, table, number)


@require_POST
def call(request, slot: str, secret: str):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    services.call_td(key)
    return _answer(request, key, True, _("The TD has been called to your table."))


def status(request, slot: str, secret: str):
    """What the page shows, small, for the phone to refresh (JSON)."""
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table
    counted = sorted(Deal.objects.filter(table=table).values_list("number", flat=True))
    waiting = [{"deal": p.number, "status": p.status} for p in services.waiting(table)]
    return HttpResponse(json.dumps({"counted": counted, "waiting": waiting,
                                    "open": services.is_open(table)}),
                        content_type="application/json")  # fmt: skip
