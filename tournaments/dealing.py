"""Who deals and who plays each deal at a table. Pure: no database.

Seat 1 deals first; the deal passes to the left (the next seat). At a table of
five the dealer sits out the deal. At a table of three the blind man's hand
lies at chair 4, between seat 3 and seat 1: it is dealt to but never deals
(000, "Rikken for three players"). The players of a deal are listed clockwise
starting left of the dealer, as the deal record wants them.
"""

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from django.utils.translation import gettext_lazy


def dealer_position(seat_count: int, deal_number: int) -> int:
    if seat_count < 1:
        raise ValueError("a table without seats has no dealer")
    return (deal_number - 1) % seat_count + 1


#: The blind man's chair at a table of three, and the name it plays under.
BLIND_POSITION = 4
BLIND_LABEL = "Blinde"
#: The blind man's hand as people read it; the value posted and recorded
#: stays ``BLIND_LABEL`` (the pipeline's name for it).
BLIND_SHOWN = gettext_lazy("the blind man")


#: The fewest players a table seats: three, with the blind man's hand.
SMALLEST_TABLE = 3

T = TypeVar("T")


def table_sizes(threes: bool) -> tuple[int, ...]:
    """How many players a table of a round may seat: 4 or 5, and 3 (with the
    blind man) when the event plays tables of three or the TD asked for
    them. The one rule the seating, a move and a withdrawal all check."""
    return (3, 4, 5) if threes else (4, 5)


def blind_position(seat_count: int) -> int | None:
    """The blind man's chair at a table of ``seat_count`` players: chair 4
    at a table of three; None elsewhere. The one rule every other question
    about the blind man asks (``has_blind_man``, ``chairs``, ``blind_in``)."""
    return BLIND_POSITION if seat_count == SMALLEST_TABLE else None


def has_blind_man(seat_count: int) -> bool:
    """Whether a table of ``seat_count`` players plays with the blind man's
    hand (a table of three)."""
    return blind_position(seat_count) is not None


def chairs(labels: Sequence[T], blind: T = BLIND_LABEL) -> list[T]:
    """A table's players by chair: at a table of three the blind man's hand
    takes chair 4, as ``blind`` (his label by default; a page passes the
    name people read, ``shown_name(BLIND_LABEL)``)."""
    return [*labels, blind] if has_blind_man(len(labels)) else list(labels)


def blind_in(players: Sequence[str]) -> str | None:
    """The blind man's label when he is one of a deal's ``players`` (a table
    of three), else None: what a deal record's ``blind`` says."""
    return BLIND_LABEL if BLIND_LABEL in players else None


def playing_positions(seat_count: int, deal_number: int) -> list[int]:
    """The four seat positions that play this deal, starting left of the
    dealer (chair 4 is the blind man's at a table of three)."""
    dealer = dealer_position(seat_count, deal_number)
    if has_blind_man(seat_count):
        return [(dealer + i - 1) % 4 + 1 for i in range(1, 5)]
    order = [(dealer + i - 1) % seat_count + 1 for i in range(1, seat_count + 1)]
    if seat_count == 5:
        order = order[:4]  # the last one in the order is the dealer, sitting out
    return order


def sitting_out(seat_count: int, deal_number: int) -> int | None:
    return dealer_position(seat_count, deal_number) if seat_count == 5 else None


def unique_labels(names: list[str]) -> list[str]:
    """Names made distinct at one table (a deal record needs four distinct names)."""
    seen: dict[str, int] = {BLIND_LABEL: 1}  # the blind man's name is taken
    labels = []
    for name in names:
        name = name.strip() or "?"
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return labels


class SitOutSpread(NamedTuple):
    """Deals each seat of a table sits out in one round, and what evens it."""

    per_seat: tuple[int, ...]  # seat 1 first
    spread: int  # most minus fewest
    even_below: int  # the nearest deal counts that share sitting out evenly
    even_above: int  # (multiples of the table's players; 0: none below)


def sit_out_spread(deals_per_round: int, players_at_table: int = 5) -> SitOutSpread:
    """How the dealer's sitting out falls on the seats of a table of
    ``players_at_table`` over ``deals_per_round`` deals (the dealer sits out
    in turn, seat 1 deals first): e.g. 8 deals at a table of five, seats 1-3
    sit out twice and seats 4-5 once (spread 1; 5 or 10 deals are even).
    At a table of four nobody sits out."""
    if deals_per_round < 0:
        raise ValueError("a round has no negative number of deals")
    seats = max(players_at_table, 0)
    per_seat = [0] * seats
    for deal in range(1, deals_per_round + 1):
        out = sitting_out(seats, deal)
        if out is not None:
            per_seat[out - 1] += 1
    spread = max(per_seat) - min(per_seat) if per_seat else 0
    if seats != 5:
        return SitOutSpread(tuple(per_seat), spread, deals_per_round, deals_per_round)
    below = deals_per_round - deals_per_round % seats
    above = below if below == deals_per_round else below + seats
    return SitOutSpread(tuple(per_seat), spread, below, above)


def shown_name(label: str) -> str:
    """A player's label as a page shows it: the blind man's hand by its
    translated name, everyone else by their label."""
    return str(BLIND_SHOWN) if label == BLIND_LABEL else label
