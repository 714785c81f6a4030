"""A table's result: the one read model of what a table-round holds.

A table is scored deal by deal, or its players' totals are typed from the
paper sheet (``scoring.services.table_totals``), or first one and then the
other (typed totals, then deals that must add up to them). Whichever way,
the seats carry what counts (``Seat.points`` and ``deals_played``: the typed
totals while the table is ``totals_only``, else the sums of its deals), and
the standings read those. Every reader (the TD's round and table pages, the
public table and player pages, the hall's screen, the cards, the workbook,
the score sheets, the API, the statistics) asks this module whether a table
was played, how it was entered, its seat scores, the deals each seat played
and sat out, and its deals; none counts deals or reads ``totals_only`` on
its own, so a table of typed totals looks played everywhere.

``table_results`` loads any set of tables in one query (the tables with
their seats; two with the deals), whatever their number;
``round_table_results``, ``event_table_results`` and ``table_result`` are
its usual questions.
"""

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from scoring.models import Deal
from tournaments.dealing import sitting_out
from tournaments.models import Round, Seat, TableRound, Tournament
from tournaments.paper_sheet import complete, deals_at_table, off_sheet
from tournaments.visibility import public_rounds_q


class Entered(StrEnum):
    """How a table's result came in."""

    NOTHING = "nothing"  # seated, nothing entered yet
    DEALS = "deals"  # deal by deal (a paper sheet typed beside: a check only)
    TOTALS = "totals"  # each player's total typed from the paper sheet
    BOTH = "both"  # typed totals first, then its deals (which must agree)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a table-round: who (the entry, and its player in the
    register: the same person over a season's evenings), what counts, the
    deals played and sat out, and the paper sheet's total typed for it
    (None: none typed)."""

    position: int
    entry: int
    player: int
    points: int
    deals_played: int
    deals_sat_out: int
    sheet: int | None = None


@dataclass(frozen=True)
class DealScores:
    """One deal as a table's result knows it: its number, the score of each
    seat (five places, as stored) and the seat sitting it out (a table of
    five's dealer). What the deal was is the row source's
    (``scoring.rowsource.deal_rows``)."""

    number: int
    scores: tuple[int, ...]
    sits_out: int | None


@dataclass(frozen=True)
class TableResult:
    """One table-round's result, the same whether it was entered deal by
    deal, as typed totals, or both. ``deals`` are the deals entered, in
    number order (empty for typed totals, and when loaded without them;
    ``deals_entered`` counts them either way)."""

    id: int
    event: int
    round: int
    table: int
    closed: bool
    deals_per_round: int
    entered: Entered
    seats: tuple[SeatResult, ...]
    deals_entered: int = 0
    deals: tuple[DealScores, ...] = ()
    #: Moved from typed totals to deals: the deals must add up to the typed
    #: totals (``sheet_differences``) before the table closes.
    from_totals: bool = False

    @property
    def played(self) -> bool:
        """It has a result: deals, or typed totals (``paper_sheet.HAS_RESULTS``)."""
        return self.entered is not Entered.NOTHING

    @property
    def typed(self) -> bool:
        """Its result is typed totals, no deals: a statistic of deals has
        nothing of it to count."""
        return self.entered is Entered.TOTALS

    @property
    def complete(self) -> bool:
        """Nothing left to enter: closed, typed as totals, or every deal in
        (``tournaments.paper_sheet.complete``)."""
        return complete(
            self.closed, self.typed, self.deals_entered, self.deals_per_round
        )

    @property
    def deals_at_table(self) -> int:
        """Deals the table played: every deal of the round when typed as
        totals (the paper sheet holds them), else the deals entered."""
        return deals_at_table(self.typed, self.deals_entered, self.deals_per_round)

    @property
    def missing_deals(self) -> list[int]:
        """The deal numbers still to enter (none for typed totals); read
        from ``deals``, so loaded with them."""
        if self.typed:
            return []
        entered = {d.number for d in self.deals}
        return [n for n in range(1, self.deals_per_round + 1) if n not in entered]

    @property
    def next_deal(self) -> int | None:
        """The deal to enter next while the table is open, or None: the
        first one missing (loaded without its deals: the one after those
        entered)."""
        if self.complete:
            return None
        if len(self.deals) != self.deals_entered:
            return self.deals_entered + 1
        missing = self.missing_deals
        return missing[0] if missing else None

    @property
    def sheet_differences(self) -> list[SeatResult]:
        """The seats whose deals do not yet add up to the typed totals of a
        table that moved from totals to deals: it may not close until none
        is left (``tournaments.paper_sheet``)."""
        if not self.from_totals or self.typed:
            return []
        found = off_sheet(
            {str(s.position): s.sheet for s in self.seats if s.sheet is not None},
            [(s.position, s.points) for s in self.seats],
        )
        return [s for s in self.seats if s.position in found]


#: A table's own fields, read off its seats' rows (one query for both).
TABLE_FIELDS = (
    "table_id",
    "table__round__tournament_id",
    "table__round__number",
    "table__number",
    "table__closed",
    "table__round__tournament__deals_per_round",
    "table__totals_only",
    "table__from_totals",
    "table__sheet_totals",
)
SEAT_FIELDS = ("position", "entry_id", "entry__player_id", "points", "deals_played")


def table_results(
    tables: QuerySet[TableRound], with_deals: bool = True
) -> list[TableResult]:
    """The results of ``tables`` in event, round and table order: one query
    for the tables and their seats (read together: a seated table has
    seats), one more for the deals (``with_deals``; without, they are
    counted in the first)."""
    seats = Seat.objects.filter(table__in=tables).order_by(
        "table__round__tournament_id",
        "table__round__number",
        "table__number",
        "position",
    )
    fields = [*TABLE_FIELDS, *SEAT_FIELDS]
    if not with_deals:
        seats = seats.annotate(n_deals=_deals_at("table_id"))
        fields.append("n_deals")
    tables_found: dict[int, tuple] = {}
    seats_of: dict[int, list[tuple]] = defaultdict(list)
    counted: dict[int, int] = {}
    width = len(TABLE_FIELDS)
    for row in seats.values_list(*fields):
        tables_found.setdefault(row[0], row[:width])
        seats_of[row[0]].append(row[width : width + len(SEAT_FIELDS)])
        if not with_deals:
            counted[row[0]] = row[-1]
    deals: dict[int, list[tuple]] = defaultdict(list)
    if with_deals:
        for table_id, *deal in (
            Deal.objects.filter(table_id__in=list(tables_found))
            .order_by("table_id", "number")
            .values_list("table_id", "number", "s1", "s2", "s3", "s4", "s5")
        ):
            deals[table_id].append(deal)
        counted = {pk: len(deals[pk]) for pk in tables_found}
    return [
        _result(table, counted[pk], seats_of[pk], deals[pk])
        for pk, table in tables_found.items()
    ]


def _deals_at(table: str):
    """The number of deals stored at the table ``table`` names (a
    correlated count: no row per deal)."""
    count = (
        Deal.objects.filter(table_id=OuterRef(table))
        .order_by()
        .values("table_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(count), 0)


def _entered(totals_only: bool, from_totals: bool, n_deals: int) -> Entered:
    """How the table's result came in, from what the writers stored: the
    rule written once (``tournaments.paper_sheet.HAS_RESULTS`` is its query
    form: played means deals, or typed totals)."""
    if totals_only:
        return Entered.TOTALS
    if not n_deals:
        return Entered.NOTHING
    return Entered.BOTH if from_totals else Entered.DEALS


def _result(
    row: tuple, n_deals: int, seats: list[tuple], deals: list[tuple]
) -> TableResult:
    table_id, event, rnd, number, closed, per_round, totals_only, moved = row[:8]
    sheet = row[8] or {}
    entered = _entered(totals_only, moved, n_deals)
    size = len(seats)
    at_table = deals_at_table(totals_only, n_deals, per_round)
    return TableResult(
        id=table_id,
        event=event,
        round=rnd,
        table=number,
        closed=closed,
        deals_per_round=per_round,
        entered=entered,
        seats=tuple(
            SeatResult(
                position,
                entry,
                player,
                points,
                played,
                max(at_table - played, 0),
                _typed(sheet.get(str(position))),
            )
            for position, entry, player, points, played in seats
        ),
        deals_entered=n_deals,
        from_totals=moved,
        deals=tuple(
            DealScores(deal, tuple(scores), sitting_out(size, deal) if size else None)
            for deal, *scores in deals
        ),
    )


def _typed(value) -> int | None:
    """A sheet total as typed: a whole number, or None (none, or damaged)."""
    return value if isinstance(value, int) else None


def round_table_results(
    tournament: Tournament, number: int, with_deals: bool = True
) -> list[TableResult]:
    """The tables of one round, in table order (none before it is seated)."""
    tables = TableRound.objects.filter(
        round__tournament=tournament, round__number=number
    )
    return table_results(tables, with_deals)


def event_table_results(
    events: Tournament | Iterable[Tournament],
    *,
    rounds: Iterable[int] | None = None,
    entry_ids: Iterable[int] | None = None,
    public: bool = False,
    with_deals: bool = True,
) -> list[TableResult]:
    """The tables of one event or several (a season's evenings): ``rounds``
    limits to those round numbers, ``entry_ids`` to the tables where those
    entries sat, ``public`` to the rounds the public sees
    (``tournaments.visibility``)."""
    if isinstance(events, Tournament):
        events = [events]
    which = Q(round__tournament__in=[e.pk for e in events])
    which &= ~Q(round__status=Round.Status.DRAFT)
    if rounds is not None:
        which &= Q(round__number__in=list(rounds))
    if public:
        which &= public_rounds_q("round__")
    tables = TableRound.objects.filter(which)
    if entry_ids is not None:
        seated = Seat.objects.filter(entry_id__in=list(entry_ids)).values("table_id")
        tables = tables.filter(pk__in=seated)
    return table_results(tables, with_deals)


def table_result(table: TableRound, with_deals: bool = True) -> TableResult:
    """One table's result."""
    return table_results(TableRound.objects.filter(pk=table.pk), with_deals)[0]


def by_round(results: Iterable[TableResult]) -> dict[tuple[int, int], list]:
    """{(event, round): its tables' results}, in the order given."""
    out: dict[tuple[int, int], list[TableResult]] = defaultdict(list)
    for result in results:
        out[(result.event, result.round)].append(result)
    return out


#: What a deal row holds for a table typed as totals (``typed_rows``):
#: no deal, no contract, the seat scores the whole round's.
TYPED = "typed"


def typed_rows(
    results: Iterable[TableResult], seats: dict[int, list]
) -> Iterator[dict]:
    """One row per table typed as totals, shaped as the row source's deal
    rows (``scoring.rowsource.deal_rows``: ``round``, ``table``, ``seats``
    [(position, entry, name)] from ``seats`` {table id: ...}, ``scores`` by
    seat) with ``deal`` None and ``TYPED`` True: a player's card and page
    list the round's typed total in its place among the deals, and the
    running total (``player_deals``) goes on through it."""
    for result in results:
        if not result.typed:
            continue
        scores = [0] * 5
        for seat in result.seats:
            scores[seat.position - 1] = seat.points
        size = len(result.seats)
        yield {
            "round": result.round,
            "table": result.table,
            "deal": None,
            TYPED: True,
            "dealer": None,
            "sits_out": None,
            "blind": None,
            "seats": seats.get(result.id, []),
            "codes": "",
            "contract": "",
            "declarer": "",
            "partner": "",
            "declarer_seats": [],
            "partner_seats": [],
            "tricks": [],
            "queen_of_spades": "",
            "last_trick": "",
            "sanctions": "",
            "sanction_rows": [],
            "sanction_text": "",
            "sanction_seats": [],
            "jury": [],
            "scores": scores[:size],
            "running": scores[:size],
            "record": {},
            "event": result.event,
            "plays": [],
            "deals_played": {s.position: s.deals_played for s in result.seats},
            "deals_sat_out": {s.position: s.deals_sat_out for s in result.seats},
        }


def with_typed(rows: Iterable[dict], results: Iterable[TableResult], seats) -> list:
    """Deal rows (in round, table and deal order) with a ``typed_rows`` row
    for each table typed as totals, in its round and table's place."""
    typed = list(typed_rows(results, seats))
    merged = [*rows, *typed]
    merged.sort(key=lambda r: (r["round"], r["table"], r["deal"] or 0))
    return merged
