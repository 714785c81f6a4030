"""One table-round as its players see it after scanning the sheet's QR code,
and a round's tables on the hall's screen: the table's result
(``scoring.table_result``: played or not, how it was entered, the seat
scores) with the names as the asker may see them, and the deals entered so
far from the one row source (``deal_rows``). Nothing is counted or scored
again here: a table of typed totals is played, with its totals and no deals.
"""

from dataclasses import dataclass, field

from scoring.rowsource import deal_rows
from scoring.table_result import TableResult, round_table_results, table_results
from tournaments.dealing import dealer_position, sitting_out
from tournaments.models import Round, Seat, TableRound, Tournament
from tournaments.people import event_names


@dataclass
class TableSeat:
    position: int
    entry: int
    name: str
    club: str
    points: int
    deals_played: int


class ResultFacts:
    """What a view of one table passes on unchanged from its
    ``TableResult`` (``self.result``): said here once for both views."""

    result: TableResult

    @property
    def table(self) -> int:
        return self.result.table

    @property
    def closed(self) -> bool:
        return self.result.closed

    @property
    def typed(self) -> bool:
        """Typed as totals from the paper sheet: its points, no deals."""
        return self.result.typed


@dataclass
class TableRoundRows(ResultFacts):
    """The table's result with names: ``seats`` in position order, and
    ``deals`` (the row source's rows) when they are shown."""

    result: TableResult
    seats: list[TableSeat]
    deals: list[dict] = field(default_factory=list)

    @property
    def round(self) -> int:
        return self.result.round

    @property
    def deals_per_round(self) -> int:
        return self.result.deals_per_round

    @property
    def next_dealer(self) -> TableSeat | None:
        """Who deals the next deal to enter, while the round runs."""
        number = self.result.next_deal
        if number is None or not self.seats:
            return None
        position = dealer_position(len(self.seats), number)
        return next(s for s in self.seats if s.position == position)

    @property
    def sits_out_next(self) -> TableSeat | None:
        seat = self.next_dealer
        number = self.result.next_deal
        if seat is None or sitting_out(len(self.seats), number) is None:
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
    tables = TableRound.objects.exclude(round__status=Round.Status.DRAFT).filter(
        round__tournament=tournament,
        round__number=round_number,
        number=table_number,
    )
    found = table_results(tables, with_deals=False)
    if not found:
        raise TableRound.DoesNotExist
    result = found[0]
    names = event_names(tournament)
    clubs = dict(
        Seat.objects.filter(table_id=result.id).values_list(
            "entry_id", "entry__player__club__name"
        )
    )
    seats = [
        TableSeat(
            s.position,
            s.entry,
            names.get(s.entry, "?"),
            clubs.get(s.entry) or "",
            s.points,
            s.deals_played,
        )
        for s in result.seats
    ]
    rows = TableRoundRows(result, seats)
    if with_deals and seats and result.deals_entered:
        rows.deals = list(deal_rows(tournament, round_number, entry_id=seats[0].entry))
    return rows


@dataclass
class TableProgress(ResultFacts):
    """A table on the hall's screen: its players and how far it is."""

    result: TableResult
    names: list[str]

    @property
    def entered(self) -> int:
        return self.result.deals_entered


def round_progress(tournament: Tournament, round_number: int) -> list[TableProgress]:
    """Every table of a round with its players in seat order and how far it
    is (the hall's screen while the round runs): three queries."""
    names = event_names(tournament)  # as shown to the asker (tournaments.people)
    return [
        TableProgress(result, [names.get(s.entry, "?") for s in result.seats])
        for result in round_table_results(tournament, round_number, with_deals=False)
    ]
