"""Loads what the statistics need and calls the pure code (``seasons.stats``).

Each function reads a constant number of queries, however long the event or
the season: the deals of all a season's evenings come in one query and their
seats in another (``scoring.rowsource.events_deal_rows``). Only what the
public may see counts (``tournaments.visibility``): published rounds, not
the hidden last ones.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Exists, F, OuterRef

from scoring.player_rows import PlayerStanding
from scoring.rowsource import by_player, deal_rows, events_deal_rows
from seasons.models import Competition, Evening
from seasons.ranking import Cell, SeasonRow, SeasonRules, season_ranking
from seasons.services import evening_results, rules_of
from seasons.stats import (
    PlayerStats,
    SeasonNumbers,
    player_stats,
    ranking_build_up,
    running,
)
from seasons.stats import season_numbers as count_season
from tournaments.models import Club, Entry, Round, TableRound, Tournament
from tournaments.public_names import name_fields, shown_label
from tournaments.visibility import played_in_public, public_rounds_q


@dataclass
class Progress:
    """Running totals to chart: one line per player over the steps."""

    steps: list[int]
    lines: list[tuple[str, list[float]]] = field(default_factory=list)


def event_player_stats(tournament: Tournament, entry_id: int, rounds) -> PlayerStats:
    """A player's statistics over the event's public ``rounds``: two queries."""
    rows = deal_rows(tournament, round_numbers=rounds, entry_id=entry_id)
    return player_stats(by_player(rows, {entry_id}).get(entry_id, []))


def event_progress(
    standings: dict[int, PlayerStanding],
    entry_id: int,
    rounds: list[int],
    names: dict[int, str],
) -> Progress:
    """The player's running total over the rounds (byes as the standings
    score them), and the leader's for comparison when that is someone else."""
    progress = Progress(list(rounds))
    leader = next((e for e, s in standings.items() if s.rank == 1), None)
    for entry in dict.fromkeys([entry_id, leader]):
        if entry is not None and entry in standings:
            by_round = standings[entry].by_round
            totals = running([by_round.get(n) for n in rounds])
            progress.lines.append((names.get(entry, "?"), totals))
    return progress


def totals_only_tables():
    """The tables of rounds the public sees whose seats hold typed totals
    and no deals (``TableRound.totals_only``): what every per-deal statistic
    leaves out and names instead. The one rule; the pages below ask it."""
    return TableRound.objects.filter(totals_only=True).filter(
        public_rounds_q("round__")
    )


def totals_only_rounds(events, entry_id: int | None = None) -> dict[int, list[int]]:
    """{event id: round numbers} with a totals-only table (the entry's
    table, given ``entry_id``): one query."""
    tables = totals_only_tables().filter(round__tournament__in=list(events))
    if entry_id is not None:
        tables = tables.filter(seats__entry_id=entry_id)
    out: dict[int, list[int]] = {}
    pairs = tables.values_list("round__tournament_id", "round__number").distinct()
    for event, number in pairs.order_by("round__tournament_id", "round__number"):
        out.setdefault(event, []).append(number)
    return out


class SeasonEvening(NamedTuple):
    """One evening of the player's season as the ranking counts it."""

    number: int
    slug: str | None
    entry: int | None  # None: an evening missed, filled by the absent rule
    value: float  # what the evening adds in the ranking's method
    counts: bool  # False: not among the best k evenings
    totals_only: bool  # no deals to count: left out of the per-deal numbers
    points: int | float  # the points scored (0 on a missed evening)


@dataclass
class SeasonPlayer:
    """A player's season: the ranking's own row (total, rank, which
    evenings count), the statistics of the deals of the evenings with deals,
    and the ranking total built up over the evenings."""

    stats: PlayerStats
    evenings: list[SeasonEvening]
    progress: Progress
    row: SeasonRow
    rules: SeasonRules
    ranked_players: int = 0
    totals_only: list[int] = field(default_factory=list)  # evening numbers


def season_player_stats(
    competition: Competition, player_id: int
) -> SeasonPlayer | None:
    """Five queries: the player's entries (with their events and whether a
    table was totals only), every entry's player (partners are players, not
    entries), the seats and the deals, and the season's ranking (its two
    queries: ``seasons.services.evening_results``). None when the player
    entered no evening of the season."""
    flagged = totals_only_tables().filter(seats__entry=OuterRef("pk"))
    entries = list(
        Entry.objects.filter(
            player_id=player_id, tournament__evening__competition=competition
        )
        .annotate(number=F("tournament__evening__number"), totals_only=Exists(flagged))
        .select_related("tournament")
        .order_by("tournament__evening__number")
    )
    if not entries:
        return None
    player_of = dict(
        Entry.objects.filter(tournament__evening__competition=competition)
        .values_list("pk", "player_id")
        .order_by()
    )
    numbers, results, slugs = evening_results(competition, public=True)
    rules = rules_of(competition)
    rows = season_ranking(numbers, results, rules)
    row = next((r for r in rows if r.player == player_id), SeasonRow(player_id))
    skipped = {e.tournament_id for e in entries if e.totals_only}
    with_deals = [e.tournament for e in entries if e.tournament_id not in skipped]
    ids = {e.pk for e in entries if e.tournament_id not in skipped}
    deals = events_deal_rows(with_deals, entry_ids=ids, public=True)
    tagged = [r for rs in by_player(deals, ids).values() for r in rs]
    stats = player_stats(tagged, key_of=lambda entry: player_of.get(entry, entry))
    by_number = {e.number: e for e in entries}
    evenings = [
        _season_evening(n, row.cells[n], by_number.get(n), slugs.get(n))
        for n in numbers
        if n in row.cells
    ]
    progress = Progress(list(numbers))
    average = rules.method == "average"
    cells = [row.cells.get(n) for n in numbers]
    progress.lines.append(("", ranking_build_up(cells, average)))
    return SeasonPlayer(
        stats,
        evenings,
        progress,
        row,
        rules,
        sum(r.qualified for r in rows),
        [e.number for e in entries if e.totals_only and e.number in row.cells],
    )


def _season_evening(number, cell: Cell, entry, slug) -> SeasonEvening:
    played = cell.played and entry is not None
    return SeasonEvening(
        number,
        slug,
        entry.pk if played else None,
        cell.value,
        not cell.dropped,
        bool(played and entry.totals_only),
        cell.points if played else 0,
    )


def _evenings(competition: Competition) -> list[Evening]:
    """The evenings with a round the public sees (one query): a next week's
    evening already made stays off the chart until it has results."""
    shown = Round.objects.filter(public_rounds_q(), tournament=OuterRef("tournament"))
    return list(
        competition.evenings.filter(Exists(shown))
        .select_related("tournament")
        .order_by("number")
    )


@dataclass
class ClubSeason:
    """A club's page: its seasons and the current one's numbers."""

    seasons: list[Competition]
    current: Competition | None = None
    numbers: SeasonNumbers | None = None
    #: {event id: (evening number, event slug)}
    evenings: dict[int, tuple[int, str]] = field(default_factory=dict)
    #: (public identifier, name, evenings played), by name: those who played
    #: a round the public sees (the public pages name nobody else)
    players: list[tuple[str, str, int]] = field(default_factory=list)
    #: evenings with a totals-only table: left out of the numbers of deals
    totals_only: list[int] = field(default_factory=list)


def club_season(club: Club) -> ClubSeason:
    """Six queries: the seasons, the current one's evenings, its totals-only
    tables, its players, seats and deals. The current season is the newest
    open one, else the newest."""
    seasons = list(club.competitions.order_by("-created", "name"))
    page = ClubSeason(seasons)
    if not seasons:
        return page
    page.current = next((c for c in seasons if not c.closed), seasons[0])
    evenings = _evenings(page.current)
    page.evenings = {e.tournament_id: (e.number, e.tournament.slug) for e in evenings}
    partial = totals_only_rounds([e.tournament for e in evenings])
    page.totals_only = [e.number for e in evenings if e.tournament_id in partial]
    with_deals = [e.tournament for e in evenings if e.tournament_id not in partial]
    page.numbers = count_season(events_deal_rows(with_deals, public=True))
    counts: dict[str, list] = {}
    played = Entry.objects.filter(
        played_in_public(entry="pk"), tournament__evening__competition=page.current
    ).values_list("player__public_id", *name_fields("player__"))
    for public_id, name, mark, choice, pk in played:  # as the public may see it
        counts.setdefault(public_id, [shown_label(name, mark, choice, pk), 0])[1] += 1
    page.players = sorted(
        ((pk, name, n) for pk, (name, n) in counts.items()), key=lambda p: (p[1], p[0])
    )
    return page
