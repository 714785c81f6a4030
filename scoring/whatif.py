"""What-if: an event's stored deals rescored under other rules, in memory.

Every stored deal goes through the deal pipeline (``scoring.pipeline.run_deal``)
under the other schedule, in play order, with the context the one builder
(``scoring.context``) gives it: the solo-limit contracts its players made
earlier (under the *other* rules) and the jury's recorded calls. The seat
totals are summed as a stored deal's are (``services.totals``) and ranked by
the pure ``scoring.standings`` with the event's own method, tie-breaks and
bye policy, beside the real standings. Nothing is stored.

A deal the other rules refuse is listed with the reasons and scores 0 for
all four players (it was played, so it counts as a deal played).

At a table of three the blind man's hand is the fourth player of every deal
(chair 4, ``tournaments.dealing.chairs``): the pipeline settles it as the
event's deals were settled, it has no seat, so no line and no count.

Fast (a 12,800-deal event in well under 200 ms): seats, deals and jury calls
are read in one query each, the records as their JSON text (decoding 12,800
JSON fields costs more than the whole rescoring). The pipeline runs once per
distinct key of (deal, context), with the players named as the standings
name them. The key holds the record with each player as their place in play
order (canonical JSON), so a deal seen at several seatings is scored once and
its result moves to the seats; and of the context what validation reads. A
refused deal's reasons come from a run at its own table: the players named
as the table's deals name them (one more query), the counts exact; reasons
that name nobody are kept for the deal's key.
"""

import json
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache
from itertools import groupby
from operator import itemgetter

from django.db.models import TextField
from django.db.models.functions import Cast

from rules.engine.schedules import Schedule
from scoring import standings
from scoring.context import EMPTY, ContextBuilder
from scoring.models import Deal, JuryCall
from scoring.pipeline import (
    DealContext,
    deal_players,
    run_deal,
    solo_declarers,
)
from scoring.records import by_name
from scoring.rowsource import as_asked
from scoring.services.deal_rows import PLAY_ORDER
from scoring.services.ranking import options_for, standings_for
from scoring.services.totals import seat_totals
from tournaments.dealing import (
    BLIND_LABEL,
    SMALLEST_TABLE,
    chairs,
    playing_positions,
    sitting_out,
    unique_labels,
)
from tournaments.models import Seat, Tournament
from tournaments.ranking import chain

#: What a deal adds per seat: points, deals played, made, sanction points.
WIDTH = 4


@dataclass(frozen=True)
class Refused:
    """A stored deal the other rules refuse, with every reason."""

    round: int
    table: int
    deal: int
    messages: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One player: the real standings row beside the what-if row."""

    entry: int
    name: str
    real: standings.Row
    other: standings.Row

    @property
    def rank_change(self) -> int | None:
        """Places gained (positive) or lost under the other rules."""
        if self.real.rank is None or self.other.rank is None:
            return None
        return self.real.rank - self.other.rank


@dataclass
class WhatIf:
    schedule: Schedule
    metric: str  # the primary ranking key: "points" or "placement"
    lines: list[Line]
    refused: list[Refused]
    deals: int  # deals rescored


@dataclass(slots=True)
class _Table:
    """A table as the rescoring reads it, once seated and named (``name``):
    ``labels`` by seat, ``seats`` {label: entry}, ``players`` the labels of
    each deal's players by the dealer's seat (0 for seat 1): the four, less
    the blind man's hand at a table of three (it has no count). Slots and
    tuples: they live through the whole rescoring, and the garbage collector
    then has fewer objects to follow."""

    id: int
    round: int
    number: int
    entries: dict[int, int] = field(default_factory=dict)  # position → entry
    size: int = 0
    labels: tuple[str, ...] = ()
    seats: dict[str, int] = field(default_factory=dict)
    players: tuple[tuple[str, ...], ...] = ()

    def name(self, names: dict[int, str]) -> None:
        """Label the seats with ``names`` ({entry: name}), made distinct."""
        entries = [self.entries[p] for p in sorted(self.entries)]
        self.size = len(entries)
        self.labels = tuple(unique_labels([names.get(e, "?") for e in entries]))
        self.seats = dict(zip(self.labels, entries, strict=True))
        if self.size >= SMALLEST_TABLE:
            at = chairs(self.labels)  # the blind man's hand at chair 4 of three
            self.players = tuple(
                _real(_players_of(self.size, dealer)(at)) for dealer in range(self.size)
            )


def _real(players: tuple[str, ...]) -> tuple[str, ...]:
    """A deal's players less the blind man's hand (a table of three)."""
    return tuple(p for p in players if p != BLIND_LABEL)


@cache
def _seat_order(size: int, dealer: int) -> tuple[int, ...]:
    """The seats of a deal's players in play order, the dealer sitting out
    last, when seat ``dealer`` + 1 deals (``tournaments.dealing``; at a
    table of three chair 4 is the blind man's hand)."""
    positions = tuple(playing_positions(size, dealer + 1))
    out = sitting_out(size, dealer + 1)
    return positions if out is None else (*positions, out)


@cache
def _players_of(size: int, dealer: int) -> itemgetter:
    """Picks the deal's four players from a table's labels (seat order)."""
    return itemgetter(*(p - 1 for p in _seat_order(size, dealer)[:4]))


class _Scored:
    """What one distinct deal adds, by the deal's players in play order (the
    dealer sitting out last): ``delta`` holds (points, deals played, made,
    sanction points) for each, flat; ``solo`` who made a solo-limit
    contract. ``placed`` keeps the same delta by seat, per seating. A
    refused deal's ``reasons`` are kept once known, if they name nobody."""

    __slots__ = ("delta", "placed", "reasons", "refused", "solo")

    def __init__(self, delta, solo=(), refused=False) -> None:
        self.delta, self.solo, self.refused = delta, solo, refused
        self.placed: dict[tuple, tuple] = {}
        self.reasons: tuple[str, ...] | None = None

    def by_seat(self, positions: tuple) -> tuple:
        """The delta by seat position 1–5 when the deal's players sit at
        ``positions``."""
        placed = self.placed.get(positions)
        if placed is None:
            flat = [0] * (5 * WIDTH)
            for i, position in enumerate(positions):
                flat[(position - 1) * WIDTH : position * WIDTH] = self.delta[
                    i * WIDTH : (i + 1) * WIDTH
                ]
            placed = self.placed[positions] = tuple(flat)
        return placed


@dataclass(frozen=True)
class _StoredDeal:
    """A scored deal as ``seat_totals`` reads a stored one."""

    record: dict
    facts: dict
    seat_scores: tuple[int, ...]


def what_if(tournament: Tournament, schedule: Schedule) -> WhatIf:
    """The event's standings, real and under ``schedule``, player by player
    in the real order; and the deals ``schedule`` refuses."""
    rows, names, numbers = standings_for(tournament)
    names = as_asked(tournament, names)  # the lines and the refused deals' reasons
    tables = _tables(tournament, numbers, names)
    rescorer = _Rescorer(
        schedule,
        tables,
        _jury_calls(tournament),
        lambda: _table_labels(tournament, numbers, names),
    )
    sums = rescorer.run(_deals(tournament, numbers))
    results = [
        standings.SeatResult(
            entry, info.round, table_id, *_at_seat(sums.get(table_id), position)
        )
        for table_id, info in tables.items()
        for position, entry in info.entries.items()
    ]
    byes = [(row.player, rnd) for row in rows for rnd in row.byes]
    unranked = [row.player for row in rows if row.rank is None]
    other = standings.compute(results, names, options_for(tournament), byes, unranked)
    by_player = {row.player: row for row in other}
    for row in rows:  # who sat out is the seating's, whatever the rules
        if row.player in by_player:
            by_player[row.player].sat_out = row.sat_out
    lines = [
        Line(row.player, names.get(row.player, "?"), row, by_player[row.player])
        for row in rows
    ]
    metric = chain(tournament.method, tournament.tiebreaks or None)[0]
    return WhatIf(schedule, metric, lines, rescorer.refused, rescorer.count)


def _tables(tournament: Tournament, numbers: list[int], names) -> dict[int, _Table]:
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=numbers
    ).values_list(
        "table_id", "position", "entry_id", "table__round__number", "table__number"
    )
    tables: dict[int, _Table] = {}
    for table_id, position, entry, rnd, number in seats:
        info = tables.setdefault(table_id, _Table(table_id, rnd, number))
        info.entries[position] = entry
    for info in tables.values():
        info.name(names)
    return tables


def _table_labels(
    tournament: Tournament, numbers: list[int], shown: dict[int, str]
) -> dict[int, list[str]]:
    """{table id: the players' labels in seat order} (``unique_labels`` of
    ``shown``, {entry: name as shown to the asker}, as the row source names
    a table's deals)."""
    names = defaultdict(list)
    for table_id, entry_id in (
        Seat.objects.filter(
            table__round__tournament=tournament, table__round__number__in=numbers
        )
        .order_by("table_id", "position")
        .values_list("table_id", "entry_id")
    ):
        names[table_id].append(shown.get(entry_id, "?"))
    return {t: unique_labels(n) for t, n in names.items()}


def _deals(tournament: Tournament, numbers: list[int]):
    """(table id, deal number, record as JSON text) in play order."""
    return (
        Deal.objects.filter(
            table__round__tournament=tournament, table__round__number__in=numbers
        )
        .order_by(*PLAY_ORDER)
        .values_list("table_id", "number", Cast("record", TextField()))
    )


def _jury_calls(tournament: Tournament) -> dict[tuple[int, int], list]:
    """{(table id, deal number): [(entry, contract, decision)] oldest first}."""
    calls = defaultdict(list)
    for table_id, number, entry, contract, decision in (
        JuryCall.objects.filter(table__round__tournament=tournament)
        .order_by("at", "id")
        .values_list("table_id", "deal_number", "entry_id", "contract", "decision")
    ):
        calls[(table_id, number)].append((entry, contract, decision))
    return calls


class _Rescorer:
    """Rescores deals in play order, each distinct (deal, context) once."""

    def __init__(
        self,
        schedule: Schedule,
        tables: dict[int, _Table],
        jury,
        table_labels: Callable[[], dict[int, list[str]]],
    ) -> None:
        self.schedule = schedule
        self.tables = tables
        self.jury = jury
        self.table_labels = table_labels
        self.contexts = ContextBuilder(schedule)
        self.limit = schedule.solo_limit
        self.seen: dict[tuple, tuple] = {}  # (text, size, dealer) → ``_seen``
        self.scored: dict[Hashable, _Scored] = {}  # (deal, context) → _Scored
        self.refused: list[Refused] = []
        self.labels: dict[int, list[str]] | None = None  # for refused deals
        self.count = 0

    def run(self, deals) -> dict[int, tuple[int, ...]]:
        """{table id: what its deals add by seat, ``WIDTH`` values per seat
        1–5} over ``deals``: (table id, deal number, record text) in play
        order, so a table's deals come together."""
        sums = {}
        for table_id, rows in groupby(deals, key=itemgetter(0)):
            table = self.tables.get(table_id)
            if table is None or table.size < SMALLEST_TABLE:
                continue  # no longer seated, or too few players to deal
            placed = [self._deal(table, number, text) for _t, number, text in rows]
            self.count += len(placed)
            sums[table_id] = tuple(map(sum, zip(*placed, strict=True)))
        return sums

    def _deal(self, table: _Table, number: int, text: str) -> tuple[int, ...]:
        """What deal ``number`` at ``table`` adds by seat; counts its
        solo-limit contracts, keeps it when refused."""
        size, dealer = table.size, (number - 1) % table.size
        positions, key, declarers = self.seen.get((text, size, dealer)) or self._seen(
            text, size, dealer
        )
        calls = self.jury.get((table.id, number), ())
        context = self.contexts.context(table.seats, table.players[dealer], calls)
        if context is not EMPTY:
            key = (key, self._context_key(context, table, positions, declarers))
        scored = self.scored.get(key)
        if scored is None:
            scored = self._score(table, number, text, positions, context)
            self.scored[key] = scored
        if scored.refused:
            reasons = scored.reasons or self._reasons(
                table, number, text, calls, scored
            )
            self.refused.append(Refused(table.round, table.number, number, reasons))
        elif scored.solo:
            self.contexts.count_made(table.entries[positions[i]] for i in scored.solo)
        return scored.placed.get(positions) or scored.by_seat(positions)

    def _seen(self, text: str, size: int, dealer: int) -> tuple:
        """(positions, key, declarers) of the stored record ``text`` when
        seat ``dealer`` + 1 deals at a table of ``size``: the seat of each of
        the deal's players in play order (the dealer sitting out last); the
        same key wherever the deal was played: the table size and the record
        with each player as their place in play order, as canonical JSON
        (sorted keys: equal exactly when the records are); and the places
        of its declarers."""
        positions = _seat_order(size, dealer)
        place = [0] * max(size, len(positions))  # chair 4 of a table of three
        for i, position in enumerate(positions):
            place[position - 1] = i
        own = by_name(json.loads(text), place)
        declarers = sorted(
            {
                play["declarer"]
                for play in own.get("plays", [])
                if isinstance(play, dict) and play.get("declarer") in range(4)
            }
        )
        seen = self.seen[(text, size, dealer)] = (
            positions,
            json.dumps([size, own], sort_keys=True),
            tuple(declarers),
        )
        return seen

    def _context_key(
        self, context: DealContext, table: _Table, positions, declarers
    ) -> tuple:
        """``context`` as much as validation reads of it, the players by
        their place in play order: whether each declarer reached the solo
        limit (validation asks no more; tests/scoring/test_whatif.py holds
        it), and the jury's decisions."""
        labels = chairs(table.labels)
        place = {labels[p - 1]: i for i, p in enumerate(positions)}
        made = context.solo_made
        reached = tuple(
            made.get(labels[positions[i] - 1], 0) >= self.limit for i in declarers
        )
        jury = frozenset(
            ((place.get(declarer, -1), contract), decision)
            for (declarer, contract), decision in context.jury.items()
        )
        return reached, jury

    def _score(self, table: _Table, number: int, text: str, positions, context):
        """Deal ``number`` through the pipeline at ``table``, as a delta by
        the deal's players in play order."""
        record = by_name(json.loads(text), table.labels)
        outcome = run_deal(self.schedule, table.labels, number, record, context)
        if not outcome.ok:  # played, scored nothing
            delta = tuple(
                v for i in range(len(positions)) for v in (0, int(i < 4), 0, 0)
            )
            return _Scored(delta, refused=True)
        deal = _StoredDeal(outcome.stored, outcome.facts, outcome.seat_scores)
        totals = seat_totals([deal], positions)
        delta = tuple(v for p in positions for v in _standing_values(totals[p]))
        solo = solo_declarers(outcome.stored, outcome.facts)
        return _Scored(delta, tuple(positions.index(p) for p in solo))

    def _reasons(self, table: _Table, number: int, text: str, calls, scored):
        """Refused deal ``number`` run again at its own table for its
        reasons: the players named as the table's deals name them (read at
        the first refusal), the counts of its moment. Reasons that name
        nobody are kept for the deal's key (``scored``)."""
        if self.labels is None:
            self.labels = self.table_labels()
        labels = self.labels[table.id]
        entries = [table.entries[p] for p in sorted(table.entries)]
        seats = dict(zip(labels, entries, strict=True))
        players, _out = deal_players(labels, number)
        context = self.contexts.context(seats, _real(tuple(players)), calls)
        record = by_name(json.loads(text), labels)
        outcome = run_deal(self.schedule, labels, number, record, context)
        reasons = tuple(dict.fromkeys(v.message for v in outcome.violations))
        if not _name_any(reasons, labels):
            scored.reasons = reasons
        return reasons


def _name_any(reasons: tuple[str, ...], labels) -> bool:
    """Whether any reason names one of ``labels``. Reasons that name nobody
    read the same for every deal of the same key: the key fixes which
    reasons arise, and the one reason that tells a count (the solo limit)
    names its declarer."""
    return any(label in reason for reason in reasons for label in labels)


def _standing_values(totals: list[int]) -> tuple[int, int, int, int]:
    """Of ``seat_totals``' [points, played, made, solo made, sanction points]
    what a ``SeatResult`` takes."""
    points, played, made, _solo, sanctions = totals
    return points, played, made, sanctions


def _at_seat(sums: tuple[int, ...] | None, position: int) -> tuple[int, ...]:
    """(points, played, made, sanction points) at seat ``position`` of a
    table's sums (None: the table scored no deal)."""
    if sums is None:
        return (0,) * WIDTH
    return sums[(position - 1) * WIDTH : position * WIDTH]
