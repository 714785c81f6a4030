"""The table's own page on the players' phones: no account, the link is the
key (``/k/<slot>/<secret>/``), for exactly one table-round.

Who is acting is never what the page says: a phone picks its seat once and
the server binds it (``phones``); every entry and confirmation speaks for
the seat bound to the phone that sends it. A submit answers JSON to
``static/js/tableside.js`` (which queues deals typed offline, each with its
own idempotency key) and redirects a browser without script. The same deal
form, validation and score preview as the TD's screen.
"""

import json
import secrets
from functools import partial

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.numbers import parse_int
from scoring.models import Deal, Submission
from scoring.services import DealRejectedError, table_view
from scoring.services.errors import REFUSALS, refusal
from scoring.tableside import phones, seat_codes, services
from tableside import form_templates, page_state, status_cache, tablet, throttle
from tableside.texts import page_texts
from td import entry_display as display
from td.forms_deal import initial_from_record
from td.views_entry import deal_form, preview_response
from tournaments.locks import GoneError


def _key_or_refuse(request, slot: str, secret: str):
    """(key, None) or (None, the refusal page). A valid link always works;
    a wrong one is counted per address, and past the limit further guesses
    are answered 429 instead of 404 (``throttle``)."""
    key = services.find_key(slot, secret)
    if key is not None:
        return key, None
    blocked = throttle.blocked(request)
    throttle.miss(request)
    code = 429 if blocked else 404
    if _wants_json(request):  # a queued deal: the phone shows it on the deal
        response = JsonResponse(
            {"ok": False, "message": _("This table link does not work")}, status=code
        )
    else:
        response = render(
            request,
            "tableside/refused.html",
            {"reason": "slow" if blocked else "unknown"},
            status=code,
        )
    if blocked:
        response["Retry-After"] = str(throttle.WINDOW)
    return None, response


def _wants_json(request) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _token(request, key) -> str | None:
    return request.COOKIES.get(phones.COOKIE % key.slot)


def _phone_seat(request, key) -> int | None:
    """The seat bound to the phone sending ``request`` (None: none)."""
    return phones.seat_of(key.table, _token(request, key))


def _base(key) -> str:
    return reverse("tableside:table", args=[key.slot, key.secret])


def _is_tablet(request, key) -> bool:
    """Whether this device is this table's tablet (``tablet``)."""
    return tablet.base_of(request) == _base(key)


BAD_CODE = "bad_code"


def _acting_seat(request, key):
    """(the seat this post acts for, None) or (None, the refusal). A phone
    acts for the seat bound to it; the table's tablet for the seat whose
    code from the score sheet came with the post (``seat_codes``)."""
    if not _is_tablet(request, key):
        seat = _phone_seat(request, key)
        return (seat, None) if seat is not None else (None, _no_seat(request, key))
    seat = parse_int(request.POST.get("tablet_seat", ""))
    if seat not in {s.position for s in key.table.seats.all()}:
        said = _("Choose who you are, and type your seat's code from the score sheet.")
        return None, _answer(request, key, False, said, 400, code=BAD_CODE)
    if throttle.blocked(request):  # guessed codes count as guessed links do
        said = _("Too many wrong codes: wait a few minutes, or call the TD.")
        refused = _answer(request, key, False, said, 429, code=BAD_CODE)
        refused["Retry-After"] = str(throttle.WINDOW)
        return None, refused
    if not seat_codes.matches(key.secret, seat, request.POST.get("tablet_code", "")):
        throttle.miss(request)
        said = _(
            "That is not the code of seat %(n)s: it is on the score sheet, "
            "next to the name."
        ) % {"n": seat}
        return None, _answer(request, key, False, said, 403, code=BAD_CODE)
    return seat, None


def page(request, slot: str, secret: str):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    services.seen(key)
    view = table_view(key.table)
    context = _context(request, key, view)
    if context["enters_here"]:
        per_round = context["state"]["deals"]
        context["variants_html"] = form_templates.variants_html(
            request, context, key, key.table, view, per_round
        )
        if context["number"] and context["change"] is None:
            context["form_html"] = form_templates.empty_form_html(
                request, context, key, key.table, view, per_round
            )
    response = render(request, "tableside/page.html", context)
    response["Cache-Control"] = "no-store"  # the service worker keeps its own copy
    return response


def _context(request, key, view) -> dict:
    table = key.table
    tournament = table.round.tournament
    mode, per_round = tournament.entry_mode, tournament.deals_per_round
    deals = {d.number: d for d in table.deals.all()}
    pending = services.waiting(table)
    is_tablet = _is_tablet(request, key)
    seat = None if is_tablet else _phone_seat(request, key)
    is_open = services.is_open(table)
    skipped = page_state.sat_out(view, seat, per_round)
    done = page_state.done_numbers(deals, pending, seat, mode, skipped)
    change = _change(request, pending, seat, is_open)
    number = (
        change.number
        if change
        else next((n for n in range(1, per_round + 1) if n not in done), None)
    )
    form = None
    if number is not None:
        # made only when the page's kept empty form is not (form_templates)
        form = SimpleLazyObject(partial(deal_form, table, view, number))
        if change is not None:
            form = deal_form(table, view, number)
            form.initial = initial_from_record(
                view.named(change.record), view.players_for(number)
            )
    _shapes, variant_of = page_state.variant_shapes(view, per_round)
    rows = display.grid(view, deals, per_round, tournament.schedule)
    bound = phones.bound_seats(table)
    return {
        "key": key,
        "table": table,
        "tournament": tournament,
        "view": view,
        "schedule": tournament.schedule,
        "contracts": tournament.schedule.enabled_contracts(),
        "seat": seat,
        "seat_label": view.name_of(seat) if seat else "",
        "seats": [
            {"seat": s, "name": view.name_of(s.position), "taken": s.position in bound}
            for s in view.seats
        ],
        "open": is_open,
        "mode": mode,
        "entering": is_open and mode != "td",
        "tablet": is_tablet,
        # this device enters: a phone holding a seat, or the table's tablet
        "enters_here": is_open and mode != "td" and (seat or is_tablet),
        "rows": rows,
        "totals": rows[-1]["cells"] if rows else [],
        "pending": page_state.pending_rows(
            pending, view, seat, tournament, is_open, tablet=is_tablet
        ),
        "number": number,
        "form": form,
        "change": change,
        "tableside": True,
        "idem_key": secrets.token_hex(16),  # a browser without script sends it
        "players": view.players_for(number) if number else [],
        "state": {
            "base": _base(key),
            "deals": per_round,
            "seat": seat,
            "tablet": is_tablet,
            "mode": mode,
            "open": is_open,
            "done": sorted(done),
            "variant": variant_of,
            "fixed": change is not None,
            "texts": page_texts(),
            "status": _status_of(table, deals, pending, is_open),
            "worker": reverse("tableside:worker"),
        },
        **page_state.deal_urls(key, number or 1),
    }


def _change(request, pending, seat, is_open: bool) -> Submission | None:
    """The phone's own waiting entry it asked to change (``?change=<id>``)."""
    wanted = parse_int(request.GET.get("change", ""))
    if not (is_open and seat and wanted):
        return None
    return next(
        (
            e
            for e in pending
            if e.pk == wanted
            and e.seat == seat
            and e.status == Submission.Status.WAITING
        ),
        None,
    )


@require_POST
def choose_seat(request, slot: str, secret: str):
    """ "I am …": the server binds the seat to this phone (a cookie holds the
    phone's token), once; taken seats and a second seat are refused."""
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    view = table_view(key.table)
    response = redirect(_base(key))
    seat = parse_int(request.POST.get("seat", ""))
    if seat not in {s.position for s in view.seats}:
        messages.error(request, _("Choose one of the seats of this table."))
        return response
    if not services.is_open(key.table):
        messages.error(request, _("This table is closed."))
        return response
    try:
        token = phones.bind(key.table, seat, _token(request, key))
    except phones.SeatTakenError:
        messages.error(
            request,
            _(
                "Another phone already holds the seat of %(name)s. Is that not "
                "you? Call the TD: they can free the seat."
            )
            % {"name": view.name_of(seat)},
        )
        return response
    except phones.AlreadySeatedError as exc:
        messages.error(
            request,
            _(
                "This phone already holds the seat of %(name)s at this table. "
                "Only the TD can move it to another seat."
            )
            % {"name": view.name_of(exc.seat)},
        )
        return response
    except GoneError as exc:  # the round was seated again meanwhile
        messages.error(request, refusal(exc).message)
        return response
    response.set_cookie(
        phones.COOKIE % key.slot,
        token,
        max_age=phones.COOKIE_SECONDS,
        path=_base(key),
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def _answer(request, key, ok: bool, message: str, status: int = 200, **extra):
    if _wants_json(request):
        return JsonResponse({"ok": ok, "message": message, **extra}, status=status)
    (messages.success if ok else messages.error)(request, message)
    return redirect(_base(key))


NO_SEAT = "no_seat"
SITS_OUT = "sits_out"


def _no_seat(request, key):
    return _answer(
        request,
        key,
        False,
        _(
            "This phone holds no seat at this table: choose who you are first "
            "(or ask the TD to free your seat)."
        ),
        403,
        code=NO_SEAT,
    )


@require_POST
def submit(request, slot: str, secret: str, number: int):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table
    idem = request.POST.get("key", "")[:64]
    if not idem:
        return _answer(request, key, False, _("Reload this page and save again."), 400)
    stored = Submission.objects.filter(table=table, key=idem).first()
    if stored is not None:  # a retry of what the server already has
        return _saved(request, key, stored)
    seat, refused = _acting_seat(request, key)
    if refused:
        return refused
    if not 1 <= number <= table.round.tournament.deals_per_round:
        return _answer(request, key, False, _("There is no such deal."), 400)
    form = deal_form(table, table_view(table), number, request.POST)
    record = form.record()
    if record is None:
        errors = [str(e) for errs in form.errors.values() for e in errs]
        return _answer(
            request,
            key,
            False,
            " ".join(errors) or _("Fill in the deal."),
            400,
            errors=errors,
        )
    try:
        entry = services.submit(table, number, seat, record, idem)
    except DealRejectedError as exc:
        errors = [v.message for v in exc.violations]
        codes = [v.code for v in exc.violations]  # as the API and score_deal
        return _answer(
            request, key, False, " ".join(errors), 400, errors=errors, codes=codes
        )
    except services.TableModeError:
        return _answer(
            request, key, False, _("At this event the TD enters the deals."), 403
        )
    except REFUSALS as exc:  # as the TD's pages and the API word it
        said = refusal(exc)
        return _answer(request, key, False, said.message, said.status)
    except services.NotYoursError:
        return _no_seat(request, key)
    except services.SitsOutError:
        return _answer(
            request,
            key,
            False,
            _(
                "You sit deal %(n)s out: a player of each side of the deal "
                "enters and confirms it."
            )
            % {"n": number},
            403,
            code=SITS_OUT,
        )
    return _saved(request, key, entry)


def _saved(request, key, entry: Submission):
    return _answer(
        request,
        key,
        True,
        _status_text(entry),
        status=200,
        status_code=entry.status,
        deal=entry.number,
        entry=entry.pk,
    )


def _status_text(entry: Submission) -> str:
    n = {"n": entry.number}
    if entry.status == Submission.Status.ACCEPTED:
        return _("Deal %(n)s saved: both sides agree.") % n
    if entry.status == Submission.Status.DISPUTED:
        return _("Deal %(n)s: the two entries differ; the TD decides.") % n
    if entry.status == Submission.Status.SET_ASIDE:
        return _("Deal %(n)s was saved before and has since been replaced.") % n
    if entry.table.round.tournament.entry_mode == "blind":
        return (
            _(
                "Deal %(n)s saved on the server; it counts once the other "
                "side's entry matches."
            )
            % n
        )
    return (
        _(
            "Deal %(n)s saved on the server; it counts once a player of the "
            "other side confirms it."
        )
        % n
    )


@require_POST
def confirm(request, slot: str, secret: str, entry_id: int):
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    seat, refused = _acting_seat(request, key)
    if refused:
        return refused
    try:
        entry = services.confirm(key.table, entry_id, seat)
    except Submission.DoesNotExist:
        return _answer(request, key, False, _("There is no such entry."), 404)
    except services.NotYoursError:
        return _answer(
            request, key, False, _("A player of the other side confirms."), 403
        )
    except services.TableModeError:
        return _answer(
            request, key, False, _("This entry can no longer be confirmed."), 409
        )
    except REFUSALS as exc:  # as the TD's pages and the API word it
        said = refusal(exc)
        return _answer(request, key, False, said.message, said.status)
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
    if throttle.too_many_calls(request, key):
        return _too_many_calls(request, key)
    services.call_td(key)
    return _answer(request, key, True, _("The TD has been called to your table."))


def _too_many_calls(request, key):
    """429 with ``Retry-After``: this phone called the TD to its table more
    often than ``throttle.CALLS`` allows; the call already stands."""
    message = _("The TD has been called already: please wait for the TD to come.")
    if _wants_json(request):
        response = JsonResponse({"ok": False, "message": message}, status=429)
    else:
        context = {"message": message, "back": _base(key)}
        response = render(request, "tableside/too_many_calls.html", context, status=429)
    response["Retry-After"] = str(throttle.CALLS.window)
    return response


def status(request, slot: str, secret: str):
    """What the page shows, small, for the phone to notice a change (JSON):
    deal numbers and statuses only, nothing an entry says."""
    key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    table = key.table

    def make():
        counted = Deal.objects.filter(table=table).values_list("number", flat=True)
        return _status_of(
            table, counted, services.waiting(table), services.is_open(table)
        )

    answer = status_cache.status_of(table, make)
    status_cache.remember_link(key)
    return HttpResponse(json.dumps(answer), content_type="application/json")


def token(request, slot: str, secret: str):
    """A fresh CSRF token for the table's page (JSON), which also sets the
    cookie it goes with: a phone whose cookies went after the page was
    loaded (cleared, a login) sends the deals it kept with this one, once
    the server refused the page's own (``rikscore.csrf``)."""
    _key, refused = _key_or_refuse(request, slot, secret)
    if refused:
        return refused
    response = JsonResponse({"token": get_token(request)})
    response["Cache-Control"] = "no-store"
    return response


def _status_of(table, counted, pending, is_open: bool) -> dict:
    """The same in the page's state, for the phone to compare."""
    return {
        "counted": sorted(counted),
        "waiting": [{"deal": p.number, "status": p.status} for p in pending],
        "open": is_open,
    }
