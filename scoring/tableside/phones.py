"""Seats bound to phones: which seat of a table-round a phone speaks for.

A phone that picks a seat gets a random token (a cookie, ``COOKIE``); the
server keeps only its hash, with the seat. Whatever a page sends about who
is acting, the seat is the one bound to the phone's token. One phone per
seat, one seat per phone: a second phone cannot take a seat already bound,
and a phone cannot move to another seat during the round. Only the TD
releases a seat (a phone changed hands, a battery died). docs/table-side.md
says what this does and does not stop.
"""

import hashlib
import secrets

from django.db import IntegrityError, transaction

from scoring.models import SeatBinding
from tournaments.audit import table_line
from tournaments.locks import lock_table
from tournaments.models import TableRound

#: The cookie holding a phone's token for one table link (``% slot``).
COOKIE = "rik-seat-%s"
#: How long a phone keeps its seat without the TD: a long playing day.
COOKIE_SECONDS = 24 * 3600


class SeatTakenError(Exception):
    """Another phone holds that seat."""


class AlreadySeatedError(Exception):
    """This phone already holds a seat at this table."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(table: TableRound, token: str | None) -> int | None:
    """The seat the phone holding ``token`` speaks for at ``table``, or None."""
    if not token or len(token) > 100:
        return None
    return (
        SeatBinding.objects.filter(table=table, token_hash=_hash(token))
        .values_list("seat", flat=True)
        .first()
    )


def bound_seats(table: TableRound) -> dict[int, SeatBinding]:
    return {b.seat: b for b in table.bindings.all()}


def bind(table: TableRound, seat: int, token: str | None) -> str:
    """Bind ``seat`` to the phone holding ``token`` (a new token when it has
    none); the token to keep. Under the table's lock, so two phones taking
    the same seat at once get one each: the first."""
    token = token if token and len(token) <= 100 else None
    with transaction.atomic():
        lock_table(table)
        if token is not None:
            mine = seat_of(table, token)
            if mine == seat:
                return token
            if mine is not None:
                raise AlreadySeatedError(mine)
        if SeatBinding.objects.filter(table=table, seat=seat).exists():
            raise SeatTakenError
        token = secrets.token_urlsafe(32)
        try:
            with transaction.atomic():
                SeatBinding.objects.create(
                    table=table, seat=seat, token_hash=_hash(token)
                )
        except IntegrityError:  # taken at this very moment (no row lock)
            raise SeatTakenError from None
    return token


def release(table: TableRound, seat: int, user) -> bool:
    """The TD frees ``seat`` for another phone (audited). False: it was free."""
    with transaction.atomic():
        lock_table(table)
        gone, _detail = SeatBinding.objects.filter(table=table, seat=seat).delete()
        if gone:
            table_line(table, user, "table.release", seat=seat)
    return bool(gone)
