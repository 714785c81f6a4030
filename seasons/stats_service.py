"""Loads what the statistics need and calls the pure code (``seasons.stats``).

Each function reads a constant number of queries, however long the event or
the season: the deals of all a season's evenings come in one query and their
seats in another (``scoring.rowsource.events_deal_rows``). Only what the
public may see counts (``tournaments.visibility``): published rounds, not
the hidden last ones.
"""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from scoring.player_rows import PlayerStanding
from scoring.rowsource import by_player, deal_rows, events_deal_rows
from seasons.models import Competition, Evening
from seasons.stats import PlayerStats, SeasonNumbers, player_stats, points_by, running
from seasons.stats import season_numbers as count_season
from tournaments.models import Club, Entry, Round, Tournament
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


@dataclass
class SeasonPlayer:
    """A player's season: the statistics, the evenings played and the
    running total over the season's evenings."""

    stats: PlayerStats
    evenings: list[tuple[int, str, int, int]]  # (number, slug, entry, points)
    progress: Progress


def season_player_stats(
    competition: Competition, player_id: int
) -> SeasonPlayer | None:
    """Five queries: the evenings, the player's entries, every entry's
    player (partners are players, not entries), the seats and the deals.
    None when the player entered no evening of the season."""
    evenings = _evenings(competition)
    entries = dict(
        Entry.objects.filter(
            player_id=player_id, tournament__evening__competition=competition
        ).values_list("pk", "tournament_id")
    )
    if not entries:
        return None
    player_of = dict(
        Entry.objects.filter(tournament__evening__competition=competition)
        .values_list("pk", "player_id")
        .order_by()
    )
    events = [e.tournament for e in evenings if e.tournament_id in entries.values()]
    rows = events_deal_rows(events, entry_ids=entries, public=True)
    tagged = [r for rs in by_player(rows, set(entries)).values() for r in rs]
    stats = player_stats(tagged, key_of=lambda entry: player_of.get(entry, entry))
    per_event = points_by(tagged, "event")
    entry_of = {event: entry for entry, event in entries.items()}
    played = [
        (
            e.number,
            e.tournament.slug,
            entry_of[e.tournament_id],
            per_event[e.tournament_id],
        )
        for e in evenings
        if e.tournament_id in per_event
    ]
    numbers = [e.number for e in evenings]
    by_number = {e.number: per_event.get(e.tournament_id) for e in evenings}
    progress = Progress(numbers)
    progress.lines.append(("", running([by_number[n] for n in numbers])))
    return SeasonPlayer(stats, played, progress)


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


def club_season(club: Club) -> ClubSeason:
    """Five queries: the seasons, the current one's evenings, its players,
    seats and deals. The current season is the newest open one, else the
    newest."""
    seasons = list(club.competitions.order_by("-created", "name"))
    page = ClubSeason(seasons)
    if not seasons:
        return page
    page.current = next((c for c in seasons if not c.closed), seasons[0])
    evenings = _evenings(page.current)
    page.evenings = {e.tournament_id: (e.number, e.tournament.slug) for e in evenings}
    rows = events_deal_rows([e.tournament for e in evenings], public=True)
    page.numbers = count_season(rows)
    counts: dict[str, list] = {}
    for public_id, name in Entry.objects.filter(
        played_in_public(entry="pk"), tournament__evening__competition=page.current
    ).values_list("player__public_id", "player__name"):
        counts.setdefault(public_id, [name, 0])[1] += 1
    page.players = sorted(
        ((pk, name, n) for pk, (name, n) in counts.items()), key=lambda p: (p[1], p[0])
    )
    return page
