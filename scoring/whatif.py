"""What-if: an event's stored deals rescored under other rules, in memory.

Every stored deal (its record by seat) goes through the one deal pipeline
(``scoring.pipeline.run_deal``) under the other schedule, with the context
the event gives it: the solo-limit contracts its players made earlier (under
the *other* rules, counted in play order) and the jury's recorded calls. The
seat totals are summed as a stored deal's are (``services.totals``) and
ranked by the pure ``scoring.standings`` with the event's own method,
tie-breaks and bye policy, beside the real standings. Nothing is stored.

A deal the other rules refuse is listed with the reasons and scores 0 for
all four players (it was played, so it counts as a deal played).

Fast path (a 12,800-deal event in well under 200 ms): seats, deals and jury
calls are read in one query each, the records as their JSON text (decoding
12,800 JSON fields costs more than the whole rescoring). Each distinct text
is parsed once and put in the deal's own terms (players in play order, not
by seat), so one deal seen at several seatings is scored once; the pipeline
runs once per distinct (deal, context) and the result moves to the seats. A
refused deal's reasons name the players as at the table.
"""

import gc
import json
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db.models import TextField
from django.db.models.functions import Cast

from rules.jury import latest_decisions
from rules.schedules import Schedule
from scoring import standings
from scoring.models import Deal, JuryCall
from scoring.pipeline import (
    DealContext,
    run_deal,
    solo_declarers,
    solo_limit_counts,
)
from scoring.records import by_name
from scoring.services.ranking import options_for, standings_for
from scoring.services.totals import seat_totals
from tournaments.dealing import playing_positions, sitting_out, unique_labels
from tournaments.models import Seat, Tournament
from tournaments.ranking import chain

#: A deal's players in its own terms: play order, the dealer sitting out last
#: (never a name, so a message can name the real player instead).
OWN = ("⟦1⟧", "⟦2⟧", "⟦3⟧", "⟦4⟧", "⟦5⟧")
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


@dataclass
class _Table:
    round: int
    number: int
    entries: dict[int, int] = field(default_factory=dict)  # position → entry
    size: int = 0


class _Scored:
    """What one distinct deal adds, by the deal's players in play order (the
    dealer sitting out last): ``delta`` holds (points, deals played, made,
    sanction points) for each, flat; ``solo`` who made a solo-limit contract.
    ``placed`` keeps the same delta by seat, per seating of the deal;
    ``refused`` the violations (in the deal's own terms) when refused."""

    __slots__ = ("delta", "placed", "refused", "solo")

    def __init__(self, delta, solo=(), refused=()) -> None:
        self.delta, self.solo, self.refused = delta, solo, refused
        self.placed: dict[tuple, tuple] = {}

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
    with _no_collection():
        return _what_if(tournament, schedule)


@contextmanager
def _no_collection():
    """No cyclic garbage collection while tens of thousands of small acyclic
    tuples are made: a collection pass in the middle costs a third of the
    time (measured). Freed objects still go at once."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _what_if(tournament: Tournament, schedule: Schedule) -> WhatIf:
    rows, names, numbers = standings_for(tournament)
    tables = _tables(tournament, numbers)
    rescorer = _Rescorer(schedule, tables, _jury_calls(tournament))
    totals = rescorer.run(_deal_texts(tournament, numbers))
    results = [
        standings.SeatResult(entry, info.round, table_id, *totals[table_id][position])
        for table_id, info in tables.items()
        for position, entry in info.entries.items()
    ]
    byes = [(row.player, rnd) for row in rows for rnd in row.byes]
    unranked = [row.player for row in rows if row.rank is None]
    other = standings.compute(results, names, options_for(tournament), byes, unranked)
    by_player = {row.player: row for row in other}
    lines = [
        Line(row.player, names.get(row.player, "?"), row, by_player[row.player])
        for row in rows
    ]
    metric = chain(tournament.method, tournament.tiebreaks or None)[0]
    return WhatIf(schedule, metric, lines, rescorer.refused_deals(), rescorer.count)


def _tables(tournament: Tournament, numbers: list[int]) -> dict[int, _Table]:
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=numbers
    ).values_list("table_id", "position", "entry_id", "table__round__number",
                  "table__number")  # fmt: skip
    tables: dict[int, _Table] = {}
    for table_id, position, entry, rnd, number in seats:
        info = tables.setdefault(table_id, _Table(rnd, number))
        info.entries[position] = entry
        info.size = len(info.entries)
    return tables


def _seat_labels(table_ids) -> dict[int, list[str]]:
    """{table id: the players' labels in seat order} (``unique_labels``, as
    the table's deals name them), for the tables of refused deals only."""
    names = defaultdict(list)
    for table_id, name in (
        Seat.objects.filter(table_id__in=set(table_ids))
        .order_by("table_id", "position")
        .values_list("table_id", "entry__player__name")
    ):
        names[table_id].append(name)
    return {t: unique_labels(n) for t, n in names.items()}


def _deal_texts(tournament: Tournament, numbers: list[int]):
    """(table id, deal number, record as JSON text) in play order: rounds in
    order, each table's deals in order (a player sits at one table a round)."""
    return (
        Deal.objects.filter(
            table__round__tournament=tournament, table__round__number__in=numbers
        )
        .order_by("table__round__number", "table_id", "number")
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
    """Rescores deals in play order, each distinct deal once.

    A deal is scored in its own terms: its players named ``⟦1⟧``…``⟦4⟧``
    in play order and ``⟦5⟧`` for the dealer sitting out, seated as if seat
    1 sat left of the dealer. The same deal at another seating is then the
    same record, and its result only moves to other seats. Of the solo-limit
    counts the key holds only whether each declarer reached the limit: that
    is all validation asks of them (``rules.validation``; a test holds it)."""

    def __init__(self, schedule: Schedule, tables: dict[int, _Table], jury) -> None:
        self.schedule = schedule
        self.tables = tables
        self.jury = jury
        self.limit = schedule.solo_limit if solo_limit_counts(schedule) else None
        self.solo: Counter = Counter()  # entry → solo-limit contracts made
        self.own: dict[tuple, tuple] = {}  # (text, size, dealer) → own terms
        self.scored: dict[tuple, _Scored] = {}
        self.refused: list[tuple] = []
        self.count = 0

    def run(self, deals) -> dict[int, dict[int, tuple]]:
        """{table id: {position: (points, deals played, made, sanction
        points)}} over ``deals``: (table id, deal number, record text) in
        play order."""
        placed: dict[int, list[tuple]] = defaultdict(list)
        tables, own_terms, scored_deals = self.tables, self.own, self.scored
        plain = not self.jury and self.limit is None
        for table_id, number, text in deals:
            info = tables.get(table_id)
            if info is None or info.size < 4:
                continue  # no longer seated, or too few players to deal
            size = info.size
            seen = (text, size, (number - 1) % size)
            own = own_terms.get(seen)
            if own is None:
                own = own_terms[seen] = self._own(text, size, number)
            key, record, positions, declarers = own
            context = None
            if not plain:
                context = self._context(info, table_id, number, positions, declarers)
                key = (key, context)
            scored = scored_deals.get(key)
            if scored is None:
                scored = scored_deals[key] = self._score(
                    record, size, self._deal_context(declarers, context)
                )
            placed[table_id].append(
                scored.placed.get(positions) or scored.by_seat(positions)
            )
            if scored.refused:
                self._refused(info, table_id, number, scored, own, context)
            if scored.solo:
                for i in scored.solo:
                    self.solo[info.entries[positions[i]]] += 1
        self.count = sum(len(deltas) for deltas in placed.values())
        return {
            table_id: _seat_sums(placed[table_id], info.entries)
            for table_id, info in tables.items()
        }

    def _own(self, text: str, size: int, number: int) -> tuple:
        """(key, record, positions, declarers): the stored record in the
        deal's own terms and as a key, the seat of each of the deal's
        players, and which of them declare."""
        positions = tuple(playing_positions(size, number))
        out = sitting_out(size, number)
        if out is not None:
            positions += (out,)
        labels = [""] * size
        for i, position in enumerate(positions):
            labels[position - 1] = OWN[i]
        record = by_name(json.loads(text), labels)
        declarers = tuple(sorted({
            OWN.index(play["declarer"]) for play in record.get("plays", [])
            if isinstance(play, dict) and play.get("declarer") in OWN[:4]
        }))  # fmt: skip
        key = (size, repr(record))  # equal records print alike (same writer)
        return key, record, positions, declarers

    def _context(self, info: _Table, table_id, number, positions, declarers):
        """(jury calls, declarers at the solo limit) in the deal's own terms:
        what ``deal_context`` gives, as much as validation asks of it."""
        calls = self.jury.get((table_id, number))
        jury = ()
        if calls:
            label = {info.entries[p]: OWN[i] for i, p in enumerate(positions)}
            decisions = latest_decisions((label.get(e, ""), c, d) for e, c, d in calls)
            jury = tuple(sorted(decisions.items()))
        at_limit = ()
        if self.limit is not None:
            solo, limit, entries = self.solo, self.limit, info.entries
            at_limit = tuple(solo[entries[positions[i]]] >= limit for i in declarers)
        return jury, at_limit

    def _deal_context(self, declarers, context) -> DealContext:
        """The context a key stands for: a declarer at the limit has made
        exactly the limit, everyone else none."""
        if context is None:
            return DealContext({}, {})
        jury, at_limit = context
        made = {}
        if self.limit is not None:
            pairs = zip(declarers, at_limit, strict=True)
            made = {OWN[i]: self.limit * reached for i, reached in pairs}
        return DealContext(made, dict(jury))

    def _score(self, record: dict, size: int, context: DealContext) -> _Scored:
        outcome = run_deal(self.schedule, OWN[:size], size, record, context)
        if not outcome.ok:  # played, scored nothing
            delta = tuple(v for i in range(size) for v in (0, int(i < 4), 0, 0))
            return _Scored(delta, refused=outcome.violations)
        deal = _StoredDeal(outcome.stored, outcome.facts, outcome.seat_scores)
        totals = seat_totals([deal], range(1, size + 1))
        delta = tuple(
            v for i in range(1, size + 1) for v in _standing_values(totals[i])
        )
        solo = tuple(p - 1 for p in solo_declarers(outcome.stored, outcome.facts))
        return _Scored(delta, solo)

    def _refused(self, info, table_id, number, scored, own, context) -> None:
        """Keep a refused deal; with the exact solo counts of its moment when
        the reason is the solo limit (its message says how many)."""
        _key, record, positions, _declarers = own
        exact = None
        if any(v.code == "solo_limit" for v in scored.refused):
            made = {OWN[i]: self.solo[info.entries[p]]
                    for i, p in enumerate(positions[:4])}  # fmt: skip
            exact = DealContext(made, dict(context[0]) if context else {})
        self.refused.append((table_id, number, scored, record, positions, exact))

    def refused_deals(self) -> list[Refused]:
        """The refused deals with every reason, the players named as at the
        table (``unique_labels``)."""
        labels = _seat_labels(r[0] for r in self.refused) if self.refused else {}
        out = []
        for table_id, number, scored, record, positions, exact in self.refused:
            info = self.tables[table_id]
            violations = scored.refused
            if exact is not None:
                violations = run_deal(self.schedule, OWN[: info.size], info.size,
                                      record, exact).violations  # fmt: skip
            names = [(OWN[i], labels[table_id][p - 1]) for i, p in enumerate(positions)]
            messages = dict.fromkeys(_named(v.message, names) for v in violations)
            out.append(Refused(info.round, info.number, number, tuple(messages)))
        return out


def _standing_values(totals: list[int]) -> tuple[int, int, int, int]:
    """Of ``seat_totals``' [points, played, made, solo made, sanction points]
    what a ``SeatResult`` takes."""
    points, played, made, _solo, sanctions = totals
    return points, played, made, sanctions


def _seat_sums(deltas: list[tuple], entries) -> dict[int, tuple]:
    """{position: (points, played, made, sanction points)} of a table."""
    sums = [sum(column) for column in zip(*deltas, strict=True)] or [0] * (5 * WIDTH)
    return {p: tuple(sums[(p - 1) * WIDTH : p * WIDTH]) for p in entries}


def _named(message: str, names) -> str:
    for own, name in names:
        message = message.replace(own, name)
    return message
