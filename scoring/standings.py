"""Standings from table-round results. Pure: does not interact with the database.

Input: one ``SeatResult`` per player per table-round, and the byes (a round a
player sat out whole). Output: ranked rows. The primary key is total points,
or placement points (e.g. 4-3-2-1 by rank at the table); then a configurable
tie-break chain of metrics, each with a key, a name and a direction. Equal on
every key means a shared rank. A bye scores by the event's bye policy: 0, the
player's average per round played (recomputed as rounds are played, so final
at the end), or a fixed number; it counts in the primary key only.

A table of three (the blind man's hand at chair 4) has three results; the
blind man is nobody and has none. Its players play every deal, so the
normalisation of tables of five leaves them as they are, and placement
points give its places 1-3 what places 1-3 earn at a table of four
(docs/decisions.md, "Tables of three: standings").
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.ranking import (
    DEFAULT_PLACEMENT,
    DEFAULT_TIEBREAKS,
    METRICS,
    chain,
)


@dataclass(frozen=True, slots=True)
class SeatResult:
    player: int
    round: int
    table: int  # any id unique per table-round
    points: int
    deals_played: int = 0
    declared_made: int = 0
    sanction_points: int = 0
    deals_sat_out: int = 0  # as the dealer sitting out at a table of five


@dataclass
class Row:
    player: int
    rank: int | None = 0
    points: float = 0
    raw_points: int = 0
    placement: float = 0
    rounds_won: int = 0
    best_round: int | None = None
    declared_made: int = 0
    sanction_points: int = 0
    deals_played: int = 0
    sat_out: int = 0  # deals sat out as the dealer at a table of five
    h2h: int = 0
    by_round: dict[int, float] = field(default_factory=dict)
    byes: list[int] = field(default_factory=list)  # rounds sat out whole
    placements: dict[int, float] = field(default_factory=dict)
    #: The total is normalised (``Options.normalise_to``): it differs from
    #: the points scored, so it is not the sum of the rounds, and every
    #: reader says why (``scoring.legends``).
    normalised: bool = False

    def value(self, key: str):
        return getattr(self, key)


BYE_ZERO, BYE_AVERAGE, BYE_FIXED = "zero", "average", "fixed"


@dataclass(frozen=True)
class Options:
    method: str = "points"  # or "placement"
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS
    placement_points: Sequence[int] = DEFAULT_PLACEMENT
    #: Deals per round when normalising 5-tables: points per deal played
    #: times the deals of the rounds the player was seated in (a player of
    #: a table of three or four played every deal: unchanged).
    normalise_to: int | None = None
    bye_policy: str = BYE_ZERO
    bye_points: int = 0


def placement_by_table(results: Iterable[SeatResult], points: Sequence[int]):
    """Placement points per (player, round): ties share the better place."""
    tables: dict[int, list[SeatResult]] = defaultdict(list)
    for r in results:
        tables[r.table].append(r)
    out: dict[tuple[int, int], tuple[int, bool]] = {}
    for seats in tables.values():
        for r in seats:
            better = sum(1 for o in seats if o.points > r.points)
            award = points[better] if better < len(points) else 0
            out[(r.player, r.round)] = (award, better == 0)
    return out


def compute(
    results: Sequence[SeatResult],
    players: Iterable[int],
    options: Options = Options(),
    byes: Iterable[tuple[int, int]] = (),
    unranked: Iterable[int] = (),
) -> list[Row]:
    """Ranked standings rows for ``players`` (players without results score 0).

    ``byes``: (player, round) for every round a player sat out whole.
    ``unranked`` (substitutes) get rows after the ranked ones, rank None."""
    rows = {p: Row(p) for p in players}
    places = placement_by_table(results, options.placement_points)
    for r in results:
        row = rows.setdefault(r.player, Row(r.player))
        row.raw_points += r.points
        row.by_round[r.round] = row.by_round.get(r.round, 0) + r.points
        row.deals_played += r.deals_played
        row.sat_out += r.deals_sat_out
        row.declared_made += r.declared_made
        row.sanction_points += r.sanction_points
        award, won = places[(r.player, r.round)]
        row.placement += award
        row.placements[r.round] = row.placements.get(r.round, 0) + award
        row.rounds_won += won
    for row in rows.values():
        row.best_round = max(row.by_round.values(), default=0)
        row.points = _normalised(row, options.normalise_to)
        row.normalised = row.points != row.raw_points
    for player, rnd in sorted(set(byes)):
        _add_bye(rows.setdefault(player, Row(player)), rnd, options)
    keys = chain(options.method, options.tiebreaks)
    if "h2h" in keys:
        _head_to_head(rows, results, keys[: keys.index("h2h")])
    ordered = sorted(rows.values(), key=lambda r: _sort_key(r, keys))
    apart = set(unranked)
    ranked = [r for r in ordered if r.player not in apart]
    _assign_ranks(ranked, keys)
    rest = [r for r in ordered if r.player in apart]
    for row in rest:
        row.rank = None
    return ranked + rest


def _normalised(row: Row, per_round: int | None) -> float:
    if not per_round or not row.deals_played:
        return row.raw_points
    return round(row.raw_points / row.deals_played * per_round * len(row.by_round), 1)


def bye_value(played: Sequence[float], options: Options) -> float:
    """What one bye scores, given the player's scores in the rounds played."""
    if options.bye_policy == BYE_FIXED:
        return options.bye_points
    if options.bye_policy == BYE_AVERAGE and played:
        return round_half_up(sum(played) / len(played))
    return 0


def round_half_up(value: float, digits: int = 1) -> float:
    """Round to ``digits`` decimals, halves away from zero (as people do)."""
    from decimal import ROUND_HALF_UP, Decimal

    step = Decimal(1).scaleb(-digits)
    rounded = float(Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP))
    return int(rounded) if rounded.is_integer() else rounded


def _add_bye(row: Row, rnd: int, options: Options) -> None:
    """A bye adds to the primary key only: points, or placement points."""
    played = [v for r, v in row.by_round.items() if r not in row.byes]
    value = bye_value(played, options)
    row.byes.append(rnd)
    if options.method == "placement":
        placements = list(row.placements.values())
        award = bye_value(placements, options)
        row.placement += award
        row.placements[rnd] = award
    row.by_round[rnd] = value
    row.points += value


def _sort_key(row: Row, keys: Sequence[str]) -> tuple:
    return tuple(
        -row.value(k) if METRICS[k].higher_is_better else row.value(k) for k in keys
    )


def _head_to_head(rows: dict[int, Row], results, before: Sequence[str]) -> None:
    """Among players tied on ``before``: points scored at tables they shared."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for row in rows.values():
        groups[_sort_key(row, before)].append(row.player)
    tables: dict[int, list[SeatResult]] = defaultdict(list)
    for r in results:
        tables[r.table].append(r)
    for group in groups.values():
        if len(group) < 2:
            continue
        members = set(group)
        for seats in tables.values():
            here = [r for r in seats if r.player in members]
            if len(here) >= 2:
                for r in here:
                    rows[r.player].h2h += r.points


def _assign_ranks(ordered: list[Row], keys: Sequence[str]) -> None:
    previous = None
    for i, row in enumerate(ordered, start=1):
        key = _sort_key(row, keys)
        row.rank = ordered[i - 2].rank if key == previous else i
        previous = key
