"""The season table the PDF and the XLSX print: one row per player with a
cell per evening, in ranking order, from ``season_standings`` (every round,
published or not: the exports are the secretary's)."""

from dataclasses import dataclass, field

from django.utils import formats

from seasons.prize_labels import prize_label, prize_order
from seasons.ranking import Cell
from seasons.services import season_standings


@dataclass
class Line:
    rank: int | None
    name: str
    club: str
    cells: list[Cell | None]
    played: int
    total: float
    prize: str
    qualified: bool
    player: int = 0
    #: Points behind the leader when the season's rule set shows penalty
    #: points (``seasons.ranking``); None otherwise or when not ranked.
    penalty: float | None = None


@dataclass
class EveningInfo:
    number: int
    date: object
    name: str
    prize_evening: bool


@dataclass
class SeasonTable:
    evenings: list[EveningInfo]  # those with results: the table's columns
    lines: list[Line]
    winners: list[tuple[str, Line]] = field(default_factory=list)
    every_evening: list[EveningInfo] = field(default_factory=list)  # by number
    #: The season shows penalty points (its rule set's display): a column.
    penalty_points: bool = False
    #: What the standing says beside its numbers (``SeasonStandings``).
    legends: list[str] = field(default_factory=list)


def season_table(competition) -> SeasonTable:
    """Two queries beyond ``season_standings``'s."""
    standings = season_standings(competition)
    info = {
        n: EveningInfo(n, date, name, prize)
        for n, date, name, prize in competition.evenings.values_list(
            "number", "tournament__date", "tournament__name", "prize_evening"
        )
    }
    lines = [
        Line(
            r.rank,
            standings.names.get(r.player, "?"),
            standings.clubs.get(r.player, ""),
            [r.cells.get(n) for n in standings.evenings],
            r.played,
            r.total,
            prize_label(standings.prizes.get(r.player)),
            r.qualified,
            r.player,
            r.penalty,
        )
        for r in standings.rows
    ]
    by_player = {line.player: line for line in lines}
    won = sorted(standings.prizes.items(), key=lambda pp: prize_order(pp[1]))
    winners = [
        (prize_label(p), by_player[player]) for player, p in won if player in by_player
    ]
    columns = [info[n] for n in standings.evenings if n in info]
    every = [info[n] for n in sorted(info)]
    return SeasonTable(
        columns, lines, winners, every, standings.penalty_points, standings.legends
    )


def number(value) -> str:
    """A score as the pages show it: whole, or with up to two decimals, in
    the active language's notation."""
    if value is None:
        return ""
    value = round(float(value), 2)
    if value.is_integer():
        return formats.number_format(int(value))
    return formats.number_format(value, 2).rstrip("0")
