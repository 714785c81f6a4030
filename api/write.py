"""Deals sent by a score-pad app: ``POST /api/v1/events/{slug}/deals/``.

The app holds a token the event's TD made (``api.tokens``). A deal goes
through the one deal pipeline, ``save_deal``, exactly as the TD's form sends
it: the rules' verdict comes back with the codes ``score_deal`` uses, and
nothing is scored or checked here beyond finding the table and the deal.
The deal is stored as by the token's maker, its audit line naming the token.

Every send carries an ``Idempotency-Key``: the first answer that stored the
deal is kept (``ApiWrite``) and given again for the same key and body; the
key row is claimed in the deal's own transaction, so two sends of one key
at the same moment store one deal. A refusal keeps nothing: fix the deal and
send it again under the same key or a new one.

Token requests are never cookie requests: the session is not read and no
CSRF token is asked (ninja exempts its views; no cookie auth is declared).
The token is checked first, against the event's code: an unknown event is
refused as a wrong token is, so the routes never tell which codes exist.
Refused tokens are counted per client (``api.limits.WRONG_TOKENS``); past
the limit a refused token is answered 429, a live one still works.

Every answer is documented in the OpenAPI document (``api.schemas``:
``DealStored``, ``DealTable``, ``WriteErrors``).
"""

import hashlib
import json

from django.db import IntegrityError, transaction
from django.http import JsonResponse
from django.utils.translation import gettext as _
from ninja import Router

from api import limits
from api.limits import WRITES_PER_MINUTE, over_limit
from api.models import ApiToken, ApiWrite
from api.schemas import DealStored, DealTable, WriteErrors
from api.tokens import TokenError, mark_used, verify
from core.numbers import NotANumberError, load_json
from core.transactions import BusyError
from rules.engine.problems import PROBLEMS
from scoring.models import Deal
from scoring.pipeline import deal_players
from scoring.services import (
    DealRejectedError,
    StaleDealError,
    save_deal,
    table_view,
)
from scoring.services.errors import REFUSALS, refusal
from tournaments.dealing import SMALLEST_TABLE, blind_in
from tournaments.models import TableRound, Tournament
from tournaments.people import for_public

router = Router(tags=["deals"])

KEY_LENGTH = 100
LARGEST = 2**31 - 1  # a number the database column holds
FIELDS = {"round", "table", "deal", "record", "expected_version"}


class RefusedError(Exception):
    """An answer other than success: status, errors, extra headers/keys."""

    def __init__(self, status: int, errors: list[dict], headers=None, **extra):
        super().__init__(status)
        self.status, self.errors = status, errors
        self.headers, self.extra = headers or {}, extra

    def response(self) -> JsonResponse:
        out = JsonResponse({"errors": self.errors, **self.extra}, status=self.status)
        for name, value in self.headers.items():
            out[name] = value
        return out


def error(code: str, field: str, message) -> dict:
    return {"code": code, "field": field, "message": str(message)}


def refuse(status: int, code: str, field: str, message, **kw) -> RefusedError:
    return RefusedError(status, [error(code, field, message)], **kw)


TOKEN_MESSAGES = {
    "token_missing": lambda: _("Send the event's token: Authorization: Bearer …"),
    "token_invalid": lambda: _("This is not a token of this event."),
    "token_revoked": lambda: _("This token was revoked by the tournament director."),
}


# -- the request -----------------------------------------------------------------
def authorised(request, slug: str) -> ApiToken:
    """The live token of event ``slug`` the request carries (its
    ``tournament`` loaded), within its rate; else ``RefusedError``."""
    try:
        token = verify(slug, request.headers.get("Authorization"))
    except TokenError as exc:
        raise token_refused(request, exc.code) from None
    wait = over_limit(f"write:{token.pk}", WRITES_PER_MINUTE)
    if wait:
        raise refuse(
            429,
            "rate_limited",
            "",
            _("Too many requests with this token: wait a minute."),
            headers={"Retry-After": str(wait)},
        )
    mark_used(token)
    return token


def token_refused(request, code: str) -> RefusedError:
    """401 for a refused token, counted per client: past
    ``limits.WRONG_TOKENS`` it is 429 with ``Retry-After``."""
    refused = limits.WRONG_TOKENS
    if refused.over(request):
        message = _(
            "Too many requests with a token that does not work: wait "
            "%(minutes)s minutes."
        ) % {"minutes": refused.window // 60}
        return refuse(
            429,
            "rate_limited",
            "Authorization",
            message,
            headers={"Retry-After": str(refused.window)},
        )
    return refuse(
        401,
        code,
        "Authorization",
        TOKEN_MESSAGES[code](),
        headers={"WWW-Authenticate": "Bearer"},
    )


def idempotency_key(request) -> str:
    key = (request.headers.get("Idempotency-Key") or "").strip()
    if not key or len(key) > KEY_LENGTH:
        raise refuse(
            400,
            "idempotency_key_missing",
            "Idempotency-Key",
            _("Send an Idempotency-Key header of 1 to 100 characters."),
        )
    return key


def parsed_body(request) -> dict:
    """The JSON object sent, its fields checked for shape only."""
    try:  # the one parser of JSON people send (core.numbers): no NaN, no Infinity
        body = load_json(request.body.decode("utf-8"))
    except NotANumberError as exc:
        raise refuse(
            422,
            "bad_json",
            "",
            _("The request body holds %(x)s, which is no number a deal may hold.")
            % {"x": exc.literal},
        ) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        body = None
    if not isinstance(body, dict):
        raise refuse(422, "bad_json", "", _("The request body is not one JSON object."))
    errors = [
        PROBLEMS["unknown_field"].violation(key, key=key).as_dict()
        for key in body
        if key not in FIELDS
    ]
    for name in ("round", "table", "deal"):
        if not _whole(body.get(name), 1):
            errors.append(error("bad_request", name, _whole_message(name)))
    version = body.get("expected_version")
    if version is not None and not _whole(version, 0):
        errors.append(
            error(
                "bad_request",
                "expected_version",
                _("expected_version is the deal's version (0 or more), or null."),
            )
        )
    if not isinstance(body.get("record"), dict):
        errors.append(PROBLEMS["bad_json"].violation("record").as_dict())
    if errors:
        raise RefusedError(422, errors)
    return body


def _whole(value, least: int) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and least <= value <= LARGEST
    )


def _whole_message(name: str) -> str:
    return _("%(field)s must be a whole number of 1 or more.") % {"field": name}


def body_digest(body: dict) -> str:
    """The body as JSON with sorted keys, hashed: the same deal sent twice
    gives the same digest however its keys were ordered."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# -- the table and the deal --------------------------------------------------------
def complete(view) -> bool:
    """Whether the table is seated for play: three (with the blind man's
    hand), four or five seats."""
    return len(view.seats) >= SMALLEST_TABLE


def table_of(tournament: Tournament, round_number: int, number: int) -> TableRound:
    table = (
        TableRound.objects.select_related("round")
        .filter(round__tournament=tournament, round__number=round_number, number=number)
        .first()
    )
    if table is None:
        field = "round"
        if tournament.round_set.filter(number=round_number).exists():
            field = "table"
        raise refuse(404, "not_found", field, _("No such table in this round."))
    table.round.tournament = tournament
    return table


def deal_number(tournament: Tournament, number: int) -> int:
    if number > tournament.deals_per_round:
        raise refuse(
            404,
            "not_found",
            "deal",
            _("A round of this event has %(n)s deals.")
            % {"n": tournament.deals_per_round},
        )
    return number


def this_deal(table: TableRound, number: int, record: dict) -> None:
    """A record that says its rules, players, dealer sitting out or blind
    man must say this deal's (as the import asks); left out, the table's
    stand."""
    view = table_view(table)
    players, out = deal_players(view.labels, number) if complete(view) else ([], None)
    blind = blind_in(players)
    wrong = []
    rules = table.round.tournament.rules
    if "rules" in record and record["rules"] != rules:
        wrong.append(
            ("record.rules", _("The event plays %(rules)s.") % {"rules": rules})
        )
    if "players" in record and record["players"] != players:
        names = ", ".join(players)
        wrong.append(
            (
                "record.players",
                _("The players of this deal are %(names)s.") % {"names": names},
            )
        )
    if "sitting_out" in record and record["sitting_out"] != out:
        wrong.append(
            ("record.sitting_out", _("Not the dealer who sits out this deal."))
        )
    if "blind" in record and record["blind"] != blind:
        message = (
            _("At this table of three the blind man's hand is “%(name)s”.")
            % {"name": blind}
            if blind
            else _("This table has four or five players: no blind man.")
        )
        wrong.append(("record.blind", message))
    if wrong:
        raise RefusedError(422, [error("not_this_deal", f, m) for f, m in wrong])


# -- storing -----------------------------------------------------------------------
class KeyTakenError(Exception):
    """Another send stored a deal under this key first."""


def replay(tournament: Tournament, key: str, digest: str) -> JsonResponse | None:
    """The answer kept for ``key``: the same body gets it again; another body
    is refused. None: nothing kept under this key."""
    kept = ApiWrite.objects.filter(tournament=tournament, key=key).first()
    if kept is None:
        return None
    if kept.body.get("request") != digest:
        raise refuse(
            409,
            "idempotency_key_reused",
            "Idempotency-Key",
            _("This Idempotency-Key was used for another deal: use a new one."),
        )
    out = JsonResponse(kept.body.get("response", {}), status=kept.status)
    out["Idempotent-Replayed"] = "true"
    return out


def store(table, number, body, token: ApiToken, key: str, digest: str) -> dict:
    """Claim the key, save the deal, keep the answer: one transaction."""
    tournament = table.round.tournament
    with transaction.atomic():
        try:
            with transaction.atomic():
                kept = ApiWrite.objects.create(
                    tournament=tournament, key=key, status=201, body={"request": digest}
                )
        except IntegrityError:
            raise KeyTakenError from None
        deal = save_deal(
            table,
            number,
            body["record"],
            token.created_by,
            body.get("expected_version"),
            logged={"api_token": token.name},  # the log says it came by the API
        )
        answer = deal_answer(table, deal)
        kept.body = {"request": digest, "response": answer}
        kept.save(update_fields=["body"])
    return answer


def deal_answer(table: TableRound, deal: Deal) -> dict:
    """The stored deal as the app reads it: players by the table's names."""
    view = table_view(table)
    return {
        "round": table.round.number,
        "table": table.number,
        "deal": deal.number,
        "version": deal.version,
        "record": view.named(deal.record),
        "scores": {
            view.label_of(s.position): deal.seat_scores[s.position - 1]
            for s in view.seats
        },
    }


def saved(table, number, body, token, key, digest) -> JsonResponse:
    try:
        answer = store(table, number, body, token, key, digest)
    except KeyTakenError:
        kept = replay(table.round.tournament, key, digest)
        if kept is None:  # the other send was undone meanwhile
            raise busy() from None
        return kept
    except DealRejectedError as exc:  # each rule broken, by its own code
        errors = [
            error(v.code, f"record.{v.field}".rstrip("."), v.message)
            for v in exc.violations
        ]
        raise RefusedError(422, errors) from None
    except StaleDealError as exc:
        current = Deal.objects.filter(table=table, number=number).first()
        version = current.version if current else None
        raise refused(exc, version=version) from None
    except REFUSALS as exc:
        raise refused(exc) from None
    return JsonResponse(answer, status=201)


def refused(exc: Exception, **extra) -> RefusedError:
    """``exc`` answered as every reader words it (``scoring.services.errors``)."""
    said = refusal(exc)
    headers = {"Retry-After": "1"} if isinstance(exc, BusyError) else None
    return refuse(
        said.status, said.code, said.field, said.message, headers=headers, **extra
    )


def busy() -> RefusedError:
    return refused(BusyError())


# -- the routes --------------------------------------------------------------------
SEND_DOC = {
    "parameters": [
        {
            "in": "header",
            "name": "Idempotency-Key",
            "required": True,
            "schema": {"type": "string", "maxLength": KEY_LENGTH},
        },
        {
            "in": "header",
            "name": "Authorization",
            "required": True,
            "schema": {"type": "string", "example": "Bearer <token>"},
        },
    ],
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["round", "table", "deal", "record"],
                    "properties": {
                        "round": {"type": "integer", "minimum": 1},
                        "table": {"type": "integer", "minimum": 1},
                        "deal": {"type": "integer", "minimum": 1},
                        "record": {"type": "object", "description": "deal-record.md"},
                        "expected_version": {"type": ["integer", "null"]},
                    },
                }
            }
        },
    },
}


def _answer(view):
    """Run ``view``; a ``RefusedError`` becomes its JSON answer."""

    def run(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except RefusedError as refusal:
            return refusal.response()

    return run


#: What each route answers, as the OpenAPI document lists it: every refusal
#: is ``WriteErrors`` (``RefusedError``, or the API's own for an invalid
#: path parameter).
SEND_ANSWERS = {
    201: DealStored,
    **dict.fromkeys((400, 401, 404, 409, 422, 429, 503), WriteErrors),
}
TABLE_ANSWERS = {200: DealTable, **dict.fromkeys((401, 404, 422, 429), WriteErrors)}


@router.post(
    "/events/{slug}/deals/",
    summary="Send a deal",
    response=SEND_ANSWERS,
    openapi_extra=SEND_DOC,
    url_name="api-send-deal",
)
def send_deal(request, slug: str):
    """Store one deal at a table of the event (201 with the stored deal)."""
    return _answer(_send)(request, slug)


def _send(request, slug: str):
    token = authorised(request, slug)
    tournament = token.tournament
    key = idempotency_key(request)
    body = parsed_body(request)
    digest = body_digest(body)
    kept = replay(tournament, key, digest)
    if kept is not None:
        return kept
    table = table_of(tournament, body["round"], body["table"])
    number = deal_number(tournament, body["deal"])
    this_deal(table, number, body["record"])
    return saved(table, number, body, token, key, digest)


@router.get(
    "/events/{slug}/deals/tables/{round_number}/{table_number}/",
    summary="A table's seats and deals, for the token's app",
    response=TABLE_ANSWERS,
    url_name="api-deal-table",
)
def deal_table(request, slug: str, round_number: int, table_number: int):
    """The names the table's players go by in a deal record, who plays each
    deal, and each stored deal's version (for a correction). Full names:
    the token is the TD's, not the public's (the register's marks too)."""
    with for_public(False):
        return _answer(_table)(request, slug, round_number, table_number)


def _table(request, slug, round_number, table_number):
    tournament = authorised(request, slug).tournament
    if not (_whole(round_number, 1) and _whole(table_number, 1)):
        raise refuse(404, "not_found", "table", _("No such table in this round."))
    table = table_of(tournament, round_number, table_number)
    view = table_view(table)
    versions = dict(table.deals.values_list("number", "version"))
    deals = []
    for number in range(1, tournament.deals_per_round + 1):
        players, out = (
            deal_players(view.labels, number) if complete(view) else ([], None)
        )
        deals.append(
            {
                "deal": number,
                "players": players,
                "sitting_out": out,
                "blind": blind_in(players),
                "version": versions.get(number),
            }
        )
    return JsonResponse(
        {
            "round": table.round.number,
            "table": table.number,
            "rules": tournament.rules,
            "closed": table.closed,
            "seats": [
                {"seat": s.position, "name": label, "shown": view.shown(label)}
                for s, label in zip(view.seats, view.labels, strict=True)
            ],
            "deals": deals,
        }
    )
