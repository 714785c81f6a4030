"""One table-round as its players see it after scanning the sheet's QR code:
who sits where, the deals entered so far with their scores, and the stored
totals of the round. Read from the one row source (``deal_rows``) and the
seats' stored totals; nothing is scored again here.
"""

from dataclasses import dataclass, field

from django.db.models import Count

from scoring.rowsource import deal_rows
from tournaments.dealing import dealer_position, sitting_out
from tournaments.models import Round, Seat, TableRound, Tournament
from tournaments.public_names import name_fields, shown


@dataclass
class TableSeat:
    position: int
    entry: int
    name: str
    club: str
    points: int
    deals_played: int


@dataclass
class TableRoundRows:
    round: int
    table: int
    closed: bool
    deals_per_round: int
    seats: list[TableSeat]
    deals: list[dict] = field(default_factory=list)

    @property
    def next_dealer(self) -> TableSeat | None:
        """Who deals the next deal to enter, while the round runs."""
        number = len(self.deals) + 1
        if self.closed or not self.seats or number > self.deals_per_round:
            return None
        position = dealer_position(len(self.seats), number)
        return next(s for s in self.seats if s.position == position)

    @property
    def sits_out_next(self) -> TableSeat | None:
        seat = self.next_dealer
        if seat is None or sitting_out(len(self.seats), len(self.deals) + 1) is None:
            return None
        return seat


def table_round_rows(
    tournament: Tournament,
    round_number: int,
    table_number: int,
    with_deals: bool = True,
) -> TableRoundRows:
    """The table-round (``TableRound.DoesNotExist`` when it is not
    seated): seats with their stored totals, and its deals in order; the
    names as the asker may see them."""
    table = TableRound.objects.exclude(round__status=Round.Status.DRAFT).get(
        round__tournament=tournament,
        round__number=round_number,
        number=table_number,
    )
    seats = [
        TableSeat(pos, entry, shown(name, choice, number), club or "", points, played)
        for pos, entry, name, _mark, choice, number, club, points, played in (
            table.seats.values_list(
                "position",
                "entry_id",
                *name_fields("entry__player__"),
                "entry__player__club__name",
                "points",
                "deals_played",
            ).order_by("position")
        )
    ]
    rows = TableRoundRows(
        round_number, table_number, table.closed, tournament.deals_per_round, seats
    )
    if with_deals and seats:
        rows.deals = list(deal_rows(tournament, round_number, entry_id=seats[0].entry))
    return rows


@dataclass
class TableProgress:
    table: int
    names: list[str]
    entered: int
    closed: bool


def round_progress(tournament: Tournament, round_number: int) -> list[TableProgress]:
    """Every table of a round with its players in seat order and how many
    deals are entered (the hall's screen while the round runs): two queries."""
    tables = {
        pk: TableProgress(number, [], entered, closed)
        for pk, number, closed, entered in TableRound.objects.filter(
            round__tournament=tournament, round__number=round_number
        )
        .annotate(entered=Count("deals"))
        .values_list("pk", "number", "closed", "entered")
        .order_by("number")
    }
    seats = Seat.objects.filter(table_id__in=tables).order_by("table_id", "position")
    named = seats.values_list("table_id", *name_fields("entry__player__"))
    for table_id, name, _mark, choice, number in named:  # public_names decides
        tables[table_id].names.append(shown(name, choice, number))
    return sorted(tables.values(), key=lambda t: t.table)
