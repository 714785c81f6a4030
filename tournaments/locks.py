"""Row locks, always taken in one order, so seat and deal changes never
deadlock and never act on seats read before the lock.

Order: the round, the tables of a round (by id), then what hangs off them
(seats, deals). The round row comes first so that two requests seating a
round that has no tables yet take turns too (there is no table to lock).
A table's lock takes its players' register rows too (``lock_players``),
before anything reads their names: a member's erasure (``seasons.privacy``)
locks that row first, so a deal line never writes a name it read before
the erasure and commits after it.
Every path that changes seats or deals locks the tables it touches first: a
deal save its one table; seating a round, swapping, a withdrawal the round
and all its tables. Whoever has a table first finishes first; the other
then reads the seats as they are now. A deadlock the database still finds
(it can, with other locks) is tried once more, then answered with
``BusyError`` (a message, never a 500).
"""

from django.db import connection

from tournaments.models import Player, Round, TableRound


class GoneError(Exception):
    """The table was removed (its round seated again) while waiting."""


def lock_round_tables(round_: Round) -> list[TableRound]:
    """The round, then every table of it, locked, in id order (inside a
    transaction)."""
    # Only the round's own row: its default order joins the tournament,
    # whose row every audit line's foreign key then waited for.
    list(
        Round.objects.select_for_update(of=("self",))
        .filter(pk=round_.pk)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return list(
        TableRound.objects.select_for_update().filter(round=round_).order_by("id")
    )


def lock_table(table: TableRound) -> TableRound:
    """``table`` locked and read afresh, then its players' register rows
    (inside a transaction): what is written at a table names them."""
    try:
        locked = TableRound.objects.select_for_update().get(pk=table.pk)
    except TableRound.DoesNotExist:
        raise GoneError from None
    locked.round = table.round
    lock_players(Player.objects.filter(entries__seats__table=locked))
    return locked


def lock_players(players) -> None:
    """The register rows of ``players`` (a queryset) locked, in id order,
    inside a transaction. A write that copies a player's name into stored
    text (an audit line, a mail) takes this before it reads the name: a
    member's erasure, which locks the row first, has then either committed
    (the name read is the pseudonym) or waits for the write to commit (and
    rewrites its text). No key lock: rows that refer to the player (entries,
    ratings) are still written meanwhile."""
    if not connection.features.has_select_for_update:
        return  # SQLite: one writer at a time already, nothing to lock
    list(
        players.select_for_update(no_key=True, of=("self",))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
