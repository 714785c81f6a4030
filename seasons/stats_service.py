"""Loads what the statistics need and calls the pure code (``seasons.stats``).

Each function reads a constant number of queries, however long the event or
the season: the deals of all a season's evenings come in one query and their
seats in another (``scoring.rowsource.events_deal_rows``). Only what the
public may see counts (``tournaments.visibility``): published rounds, not
the hidden last ones. A table typed as totals has no deals: every statistic
of deals counts the deals there are and says what it counted (``Coverage``,
from the tables' results: ``scoring.table_result``), never leaving a whole
evening out.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Exists, F, OuterRef

from scoring.player_rows import PlayerStanding
from scoring.rowsource import by_player, deal_rows, events_deal_rows
from scoring.table_result import event_table_results
from seasons.models import Competition, Evening
from seasons.ranking import Cell, SeasonRow, SeasonRules, season_ranking
from seasons.services import evening_results, rules_of
from seasons.stats import (
    Coverage,
    PlayerStats,
    SeasonNumbers,
    coverage,
    player_stats,
    ranking_build_up,
    running,
)
from seasons.stats import season_numbers as count_season
from tournaments.models import Club, Entry, Round, Tournament
from tournaments.people import person_fields, person_from, shown_names
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


def public_tables(events, entry_ids: Iterable[int] | None = None) -> list:
    """The tables of the rounds the public sees of ``events`` (those where
    ``entry_ids`` sat, given them): their results (``scoring.table_result``),
    without the deals, one query. A statistic of deals counts the deals
    there are and says from these what it counted (``counted``): a table
    typed as totals has none, and is named instead of leaving its evening
    out. Their seats serve the deal rows too (``events_deal_rows``)."""
    return event_table_results(
        list(events), entry_ids=entry_ids, public=True, with_deals=False
    )


def counted(deals: int, tables, number_of) -> Coverage:
    """The ``Coverage`` of ``deals`` counted at ``tables`` (their results):
    the played ones, by ``number_of(result)`` (its evening or round)."""
    return coverage(deals, [(number_of(t), t.typed) for t in tables if t.played])


def event_coverage(
    tournament: Tournament, entry_id: int, rounds, stats: PlayerStats
) -> Coverage:
    """What the player's statistics of the event counted: the deals played,
    at the player's tables of ``rounds``, naming the rounds typed as
    totals."""
    tables = [t for t in public_tables([tournament], [entry_id]) if t.round in rounds]
    return counted(stats.deals, tables, lambda t: t.round)


class SeasonEvening(NamedTuple):
    """One evening of the player's season as the ranking counts it."""

    number: int
    slug: str | None
    entry: int | None  # None: an evening missed, filled by the absent rule
    value: float  # what the evening adds in the ranking's method
    counts: bool  # False: not among the best k evenings
    totals_only: bool  # every table of it typed as totals: no deal to count
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
    #: what the statistics of deals counted (``Coverage``)
    coverage: Coverage = field(default_factory=Coverage)


def season_player_stats(
    competition: Competition, player_id: int
) -> SeasonPlayer | None:
    """A constant number of queries: the player's entries (with their
    events), the player's tables with their seats and each seat's player
    (``public_tables``: which were typed as totals; partners are players,
    not entries), their names and deals, and the season's ranking (its two
    queries: ``seasons.services.evening_results``). Every evening's deals
    count; a table typed as totals has none, and is named (``coverage``).
    None when the player entered no evening of the season."""
    entries = list(
        Entry.objects.filter(
            player_id=player_id, tournament__evening__competition=competition
        )
        .annotate(number=F("tournament__evening__number"))
        .select_related("tournament")
        .order_by("tournament__evening__number")
    )
    if not entries:
        return None
    numbers, results, slugs = evening_results(competition, public=True)
    rules = rules_of(competition)
    rows = season_ranking(numbers, results, rules)
    row = next((r for r in rows if r.player == player_id), SeasonRow(player_id))
    ids = {e.pk for e in entries}
    events = [e.tournament for e in entries]
    tables = public_tables(events, ids)
    # partners are players, not entries: the same person on every evening
    player_of = {s.entry: s.player for table in tables for s in table.seats}
    deals = events_deal_rows(events, entry_ids=ids, public=True, results=tables)
    tagged = [r for rs in by_player(deals, ids).values() for r in rs]
    stats = player_stats(tagged, key_of=lambda entry: player_of.get(entry, entry))
    evening_of = {e.tournament_id: e.number for e in entries}
    seen = counted(stats.deals, tables, lambda t: evening_of[t.event])
    whole = {part.number for part in seen.parts if part.whole}
    by_number = {e.number: e for e in entries}
    evenings = [
        _season_evening(n, row.cells[n], by_number.get(n), slugs.get(n), n in whole)
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
        [n for n in seen.numbers if n in row.cells],
        seen,
    )


def _season_evening(number, cell: Cell, entry, slug, typed: bool) -> SeasonEvening:
    """``typed``: every table the player sat at that evening typed as totals."""
    played = cell.played and entry is not None
    return SeasonEvening(
        number,
        slug,
        entry.pk if played else None,
        cell.value,
        not cell.dropped,
        played and typed,
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
    #: evenings with a table typed as totals (no deals there to count)
    totals_only: list[int] = field(default_factory=list)
    #: what the numbers of deals counted (``Coverage``)
    coverage: Coverage = field(default_factory=Coverage)


def club_season(club: Club) -> ClubSeason:
    """A constant number of queries: the seasons, the current one's
    evenings, its tables with their seats (``public_tables``), their names
    and deals, its players. Every evening's deals
    count; the tables typed as totals have none, and are named
    (``coverage``). The current season is the newest open one, else the
    newest."""
    seasons = list(club.competitions.order_by("-created", "name"))
    page = ClubSeason(seasons)
    if not seasons:
        return page
    page.current = next((c for c in seasons if not c.closed), seasons[0])
    evenings = _evenings(page.current)
    page.evenings = {e.tournament_id: (e.number, e.tournament.slug) for e in evenings}
    events = [e.tournament for e in evenings]
    tables = public_tables(events)
    page.numbers = count_season(events_deal_rows(events, public=True, results=tables))
    evening_of = {event: number for event, (number, _slug) in page.evenings.items()}
    page.coverage = counted(page.numbers.deals, tables, lambda t: evening_of[t.event])
    page.totals_only = page.coverage.numbers
    counts: dict[str, list] = {}
    played = [
        (public_id, person_from(fields))
        for public_id, *fields in Entry.objects.filter(
            played_in_public(entry="pk"),
            tournament__evening__competition=page.current,
            guest=False,  # a guest visits an evening, not the season
        ).values_list("player__public_id", *person_fields("player__"))
    ]
    names = shown_names({p.number: p for _i, p in played})  # tournaments.people
    for public_id, person in played:
        counts.setdefault(public_id, [names[person.number], 0])[1] += 1
    page.players = sorted(
        ((pk, name, n) for pk, (name, n) in counts.items()), key=lambda p: (p[1], p[0])
    )
    return page
