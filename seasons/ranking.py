"""The season ranking, pure: evening results in, ranked season rows out.

A club picks how its season counts (``SeasonRules``):

- ``method``: ``sum`` of points, ``average`` points per deal played (for
  clubs where attendance varies), or ``placement`` points per evening (the
  evening's rank looked up in a table the club edits);
- ``best_of``: only the best N evenings count; the others are kept and shown
  as dropped;
- ``min_evenings``: fewer evenings played and a player is listed below the
  ranking, unranked;
- ``absent``: an evening a player missed counts as ``zero``, as the player's
  ``average`` evening, or as ``nothing``; only evenings after the player's
  first evening are filled (a newcomer missed nothing before joining);
- ``order``: ``high`` wins, or ``low`` wins as some clubs count; a season
  shown in penalty points ranks them lowest first whatever the order says
  (``SeasonRules.ranks_high``);
- ``tiebreaks``: a chain of ``evenings`` (more played), ``best`` (best single
  evening), ``wins`` (evenings won), ``points`` (points over the season);
- ``penalty_points``: the season's rule set shows its standings as penalty
  points (``rules.engine.penalty_points``): each ranked row's ``penalty`` is
  the leader's total less its own, display only (the order is the total's,
  the highest first: the fewest penalty points lead).

Teams count what the ranking counts (``rank_teams`` over ``team_scores``):
each member's season total, and nothing for a member below the minimum.

Imports nothing from the database: the service layer loads and saves.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.engine.penalty_points import penalty_points

METHODS = ("sum", "average", "placement")
ABSENT = ("zero", "average", "nothing")
ORDERS = ("high", "low")
TIEBREAKS = ("evenings", "best", "wins", "points")


@dataclass(frozen=True)
class EveningResult:
    """One player's evening: points and deals played; ``rank`` in the
    evening (1 = best, ties share) and ``deals`` the evening's full count
    (what an absent evening stands for under ``average``)."""

    points: int | float
    deals: int
    rank: int


@dataclass(frozen=True)
class SeasonRules:
    method: str = "sum"
    placement_points: tuple[int, ...] = ()
    best_of: int | None = None
    min_evenings: int = 0
    absent: str = "nothing"
    order: str = "high"
    tiebreaks: tuple[str, ...] = ("evenings", "best")
    penalty_points: bool = False  # display only: the rule set's switch

    @property
    def ranks_high(self) -> bool:
        """Whether the highest total ranks first: as ``order`` says, except
        in a season shown in penalty points. Those rank lowest first by
        definition, that is the highest total first, so "lowest wins" there
        reads the penalty points (the fewest win) and never turns the
        ranking upside down (docs/decisions.md, "Penalty points and lowest
        wins"). Every order of the season follows this one answer: the
        ranking, the evenings' ranks, the best evening, best-N, the teams."""
        return self.order == "high" or self.penalty_points


@dataclass
class Cell:
    """What one evening adds to a player's season."""

    value: float
    points: int | float = 0
    deals: int = 0
    played: bool = True
    dropped: bool = False
    #: The player's rank in that evening (None: an evening missed, filled in).
    rank: int | None = None


@dataclass
class SeasonRow:
    player: int
    cells: dict[int, Cell] = field(default_factory=dict)
    total: float = 0
    played: int = 0
    wins: int = 0
    points: int | float = 0
    best: float = 0
    qualified: bool = True
    rank: int | None = None
    #: The leader's total less this row's, when the season shows penalty
    #: points; None otherwise and below the minimum (not ranked).
    penalty: int | float | None = None


def evening_ranks(points: dict[int, int | float], high: bool = True) -> dict[int, int]:
    """{player: rank} within one evening; equal points share the rank."""
    order = sorted(points, key=lambda p: -points[p] if high else points[p])
    ranks, previous, rank = {}, None, 0
    for place, player in enumerate(order, start=1):
        if points[player] != previous:
            rank, previous = place, points[player]
        ranks[player] = rank
    return ranks


def season_ranking(
    evenings: list[int],
    results: dict[int, dict[int, EveningResult]],
    rules: SeasonRules,
) -> list[SeasonRow]:
    """Every player with a result, ranked: qualified players first by the
    club's method and tie-breaks, the others after them without a rank."""
    _check(rules)
    full_deals = {
        e: max((r[e].deals for r in results.values() if e in r), default=0)
        for e in evenings
    }
    rows = [_row(p, evenings, res, rules, full_deals) for p, res in results.items()]
    sign = 1 if rules.ranks_high else -1

    def key(row: SeasonRow) -> tuple:
        chain = [sign * row.total]
        for name in rules.tiebreaks:
            if name == "evenings":
                chain.append(row.played)
            elif name == "best":
                chain.append(sign * row.best)
            elif name == "wins":
                chain.append(row.wins)
            elif name == "points":
                chain.append(sign * row.points)
        return tuple(-x for x in chain)

    ranked = sorted((r for r in rows if r.qualified), key=lambda r: (key(r), r.player))
    previous = None
    for place, row in enumerate(ranked, start=1):
        if key(row) != previous:
            rank, previous = place, key(row)
        row.rank = rank
    if rules.penalty_points:
        shown = penalty_points([r.total for r in ranked])
        for row, value in zip(ranked, shown, strict=True):
            row.penalty = value
    below = sorted(
        (r for r in rows if not r.qualified),
        key=lambda r: (-r.played, key(r), r.player),
    )
    return ranked + below


def _check(rules: SeasonRules) -> None:
    if rules.method not in METHODS:
        raise ValueError(f"unknown method {rules.method!r}")
    if rules.absent not in ABSENT:
        raise ValueError(f"unknown absent rule {rules.absent!r}")
    if rules.order not in ORDERS:
        raise ValueError(f"unknown order {rules.order!r}")
    unknown = set(rules.tiebreaks) - set(TIEBREAKS)
    if unknown:
        raise ValueError(f"unknown tie-breaks {sorted(unknown)}")
    if rules.best_of is not None and rules.best_of < 1:
        raise ValueError("best_of counts at least one evening")


def _value(result: EveningResult, rules: SeasonRules) -> float:
    if rules.method == "placement":
        table = rules.placement_points
        return table[result.rank - 1] if result.rank <= len(table) else 0
    if rules.method == "average":
        return result.points / result.deals if result.deals else 0
    return result.points


def _row(player, evenings, results, rules, full_deals) -> SeasonRow:
    row = SeasonRow(player)
    for e in evenings:
        if e in results:
            r = results[e]
            row.cells[e] = Cell(_value(r, rules), r.points, r.deals, rank=r.rank)
            row.wins += r.rank == 1
    played = list(row.cells.values())
    row.played = len(played)
    row.points = sum(c.points for c in played)
    row.qualified = row.played >= rules.min_evenings
    if rules.absent != "nothing" and played:
        if rules.method == "average":  # an evening of 0 points, or of the mean
            mean = row.points / max(sum(c.deals for c in played), 1)
            per_deal = 0 if rules.absent == "zero" else mean
        else:
            fill = (
                0
                if rules.absent == "zero"
                else sum(c.value for c in played) / len(played)
            )
        first = next(i for i, e in enumerate(evenings) if e in row.cells)
        for e in evenings[first + 1 :]:
            if e not in row.cells:
                if rules.method == "average":
                    deals = full_deals[e]
                    row.cells[e] = Cell(per_deal, per_deal * deals, deals, False)
                else:
                    row.cells[e] = Cell(fill, 0, 0, False)
    counted = [c for c in row.cells.values()]
    if rules.best_of is not None and len(counted) > rules.best_of:
        high = rules.ranks_high
        ordered = sorted(counted, key=lambda c: -c.value if high else c.value)
        for cell in ordered[rules.best_of :]:
            cell.dropped = True
    kept = [c for c in row.cells.values() if not c.dropped]
    if rules.method == "average":
        deals = sum(c.deals for c in kept)
        row.total = sum(c.points for c in kept) / deals if deals else 0
    else:
        row.total = sum(c.value for c in kept)
    values = [c.value for c in played]
    if values:
        row.best = max(values) if rules.ranks_high else min(values)
    return row


@dataclass(frozen=True)
class TeamMember:
    """A member as the team counts them: ``score`` None when the member has
    no result; ``ranked`` False below the season's minimum (counts nothing);
    ``counted`` whether the score is in the team's total (best k)."""

    name: str
    score: float | None
    ranked: bool = True
    counted: bool = False


@dataclass
class TeamRow:
    team: int
    name: str
    members: list[TeamMember]
    total: float
    rank: int = 0


def team_scores(rows: Iterable[SeasonRow]) -> tuple[dict[int, float], frozenset]:
    """({player: season total} of the ranked players, the unranked players):
    what a season team counts, the very totals of the ranking."""
    rows = list(rows)
    scores = {r.player: r.total for r in rows if r.qualified}
    return scores, frozenset(r.player for r in rows if not r.qualified)


def rank_teams(
    teams,
    scores: dict[int, float | None],
    unranked: frozenset = frozenset(),
    high: bool = True,
) -> list[TeamRow]:
    """Teams ranked by the sum of their members' ``scores`` (or the best k:
    a team's ``best_of``); a member in ``unranked`` counts nothing. ``teams``
    as ``seasons.services.teams_of`` gives them."""
    sign = 1 if high else -1
    rows = []
    for team_id, name, best_of, members in teams:
        found = [
            TeamMember(n, None if p in unranked else scores.get(p), p not in unranked)
            for p, n in members
        ]
        scored = sorted(
            (m for m in found if m.score is not None), key=lambda m: -sign * m.score
        )
        keep = len(scored) if not best_of else min(best_of, len(scored))
        listed = [
            TeamMember(m.name, m.score, m.ranked, i < keep)
            for i, m in enumerate(scored)
        ] + [m for m in found if m.score is None]
        total = sum(m.score for m in listed if m.counted)
        rows.append(TeamRow(team_id, name, listed, total))
    rows.sort(key=lambda r: (-sign * r.total, r.name))
    previous, rank = None, 0
    for place, row in enumerate(rows, start=1):
        if row.total != previous:
            rank, previous = place, row.total
        row.rank = rank
    return rows
