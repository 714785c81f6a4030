"""The standings order before a round, for seating by standing.

The standings are computed a layer up (``scoring``); it hands its reader in
here when the apps are ready (``scoring.apps``), so this layer asks without
importing it. Without a reader (scoring not installed) the order is the
players' total points of the earlier rounds.
"""

from collections.abc import Callable

from django.db.models import Sum

from tournaments.models import Seat, Tournament

#: (tournament, last round counted) -> entry ids, leader first
Reader = Callable[[Tournament, int], list[int]]
_reader: Reader | None = None


def provide(reader: Reader) -> None:
    global _reader
    _reader = reader


def standings_order(tournament: Tournament, before_round: int) -> list[int]:
    """Entry ids, leader first, by the standings after round ``before_round - 1``."""
    last = before_round - 1
    if _reader is not None:
        return list(_reader(tournament, last))
    totals = (
        Seat.objects.filter(
            table__round__tournament=tournament, table__round__number__lte=last
        )
        .values("entry_id")
        .annotate(total=Sum("points"))
        .order_by("-total", "entry_id")
    )
    return [row["entry_id"] for row in totals]
