"""The month's prize list of a prize evening: the season's ranking over the
evenings of one calendar month, with the season's prize table applied.

The same pure code ranks it (``seasons.ranking``, ``seasons.prizes``); only
the evenings are fewer. Two of the season's rules are about a whole season
and are left out for a month: ``best_of`` (the best N evenings of the
season) and ``min_evenings`` (a month has four or five evenings; a season
minimum of ten would leave nobody ranked). The method, the placement
points, an evening missed, the order and the tie-breaks are the season's,
and so is the display: penalty points when the season's rule set shows them,
with the season's legends (``seasons.services.season_legends``).
"""

import dataclasses
from dataclasses import dataclass, field

from seasons.models import Competition
from seasons.prize_labels import prize_label, prize_order
from seasons.prizes import Prize, PrizeTable, award
from seasons.ranking import EveningResult, SeasonRow, SeasonRules
from seasons.ranking import season_ranking as rank_season
from seasons.services import (
    evening_results,
    newcomers,
    player_names,
    rules_of,
    season_legends,
)


@dataclass
class MonthStandings:
    year: int
    month: int
    evenings: list[int]  # the month's evenings with results, by number
    rows: list[SeasonRow]
    names: dict[int, str]
    prizes: dict[int, Prize] = field(default_factory=dict)
    rules: SeasonRules = field(default_factory=SeasonRules)
    legends: list[str] = field(default_factory=list)

    @property
    def penalty_points(self) -> bool:
        """Whether the rows carry penalty points (the rule set's display)."""
        return self.rules.penalty_points


@dataclass
class PrizeList:
    """A prize evening and its month's ranking, as the pages show it."""

    evening: int
    date: object
    standings: MonthStandings
    lines: list[dict] = field(default_factory=list)  # rank, name, total, penalty…
    winners: list[dict] = field(default_factory=list)


def restrict(
    results: dict[int, dict[int, EveningResult]], keep: set[int]
) -> dict[int, dict[int, EveningResult]]:
    """The results of the evenings in ``keep`` only; a player with none of
    them is left out. Pure."""
    out = {}
    for player, by_evening in results.items():
        mine = {e: r for e, r in by_evening.items() if e in keep}
        if mine:
            out[player] = mine
    return out


def month_numbers(competition: Competition, year: int, month: int) -> set[int]:
    """The numbers of the season's evenings whose event is in that month."""
    return set(
        competition.evenings.filter(
            tournament__date__year=year, tournament__date__month=month
        ).values_list("number", flat=True)
    )


def month_standings(
    competition: Competition, year: int, month: int, public: bool = False
) -> MonthStandings:
    """The season's ranking over the evenings of ``year``-``month``, with
    the season's prize table. ``public``: published rounds only."""
    rules = _month_rules(competition)
    played, results, _slugs = evening_results(competition, public, rules)
    keep = month_numbers(competition, year, month)
    mine = restrict(results, keep)
    fresh = newcomers(competition, mine)
    names = _names(mine)
    return _rank(competition, rules, (year, month), played, mine, keep, fresh, names)


def _month_rules(competition: Competition) -> SeasonRules:
    """The season's rules without its whole-season ones (best-N, minimum)."""
    return dataclasses.replace(rules_of(competition), best_of=None, min_evenings=0)


def _names(players) -> dict[int, str]:
    """The players' names as whoever asks may see them (the public's choice)."""
    return player_names(players)[0]


def _rank(
    competition, rules, when, played, results, keep, fresh, names
) -> MonthStandings:
    """Pure from here: the ranking and the prizes of the month's evenings."""
    evenings = [n for n in played if n in keep]
    mine = restrict(results, set(evenings))
    rows = rank_season(evenings, mine, rules)
    prizes = award(
        [(r.player, r.rank) for r in rows],
        PrizeTable.of(competition.prizes),
        frozenset(fresh) & frozenset(mine),
    )
    names = {p: names.get(p, "?") for p in mine}
    legends = season_legends(rules)
    return MonthStandings(*when, evenings, rows, names, prizes, rules, legends)


def prize_lists(competition: Competition, public: bool = False) -> list[PrizeList]:
    """Every prize evening of the season with its month's ranking: the
    season's results are read once, whatever the number of prize evenings."""
    heads = list(
        competition.evenings.filter(prize_evening=True)
        .order_by("number")
        .values_list("number", "tournament__date")
    )
    if not heads:
        return []
    rules = _month_rules(competition)
    played, results, _slugs = evening_results(competition, public, rules)
    dates = dict(competition.evenings.values_list("number", "tournament__date"))
    fresh = newcomers(competition, results)
    names = _names(results)
    out = []
    for number, day in heads:
        keep = {
            n for n, d in dates.items() if (d.year, d.month) == (day.year, day.month)
        }
        when = (day.year, day.month)
        standings = _rank(competition, rules, when, played, results, keep, fresh, names)
        lines = _lines(standings)
        won = [line for line in lines if line["prize"] is not None]
        won.sort(key=lambda line: prize_order(line["prize"]))
        out.append(PrizeList(number, day, standings, lines, won))
    return out


def _lines(standings: MonthStandings) -> list[dict]:
    lines = []
    for row in standings.rows:
        prize = standings.prizes.get(row.player)
        lines.append(
            {
                "player": row.player,
                "rank": row.rank,
                "name": standings.names.get(row.player, "?"),
                "played": row.played,
                "total": row.total,
                "penalty": row.penalty,  # None unless the rule set shows them
                "prize": prize,
                "prize_label": prize_label(prize),
            }
        )
    return lines
