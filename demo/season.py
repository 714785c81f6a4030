"""A club season for the demo, the tests and the benchmarks: a fixed group
of club players, evenings with varying attendance (tables of five when the
count is not a multiple of four), every deal scored."""

import datetime
import random

from django.db import transaction

from demo.events import generate_event, make_players
from seasons.models import Competition, Evening, Team
from tournaments.models import Club

#: Seconds the seating search of a demo evening has (a TD's round page:
#: ``seating_screen.TIME_LIMIT``, 1 s): the demo's 16 partijen were 8 of
#: the 12 s ``load_demo`` took, for seatings nobody compares.
SEATING_SECONDS = 0.15
#: Player counts the demo's evenings avoid (besides fewer than 4).
UNSEATED = (5, 6, 7, 9, 10, 11)


def _season_seater(competition: Competition, number: int):
    """Seats a round of evening ``number`` as the round page does
    (``generate_tables``: the season's earlier evenings as history), the
    evening made first so the seating finds its season."""

    def seat(round_, playing, _rng):
        from tournaments.seating_screen import generate_tables

        Evening.objects.get_or_create(
            competition=competition,
            tournament=round_.tournament,
            defaults={"number": number},
        )
        tables, _out, diag = generate_tables(round_, time_limit=SEATING_SECONDS)
        if diag["error"]:
            raise ValueError(diag["error"])
        return tables

    return seat


def _seatable(count: int, players: int) -> int:
    """The first count from ``count`` up (to ``players``) the demo seats,
    else the nearest one below (10 players: 8, not a search for ever)."""
    ok = [n for n in range(4, players + 1) if n not in UNSEATED]
    if not ok:
        raise ValueError(f"{players} players cannot fill a demo evening")
    up = [n for n in ok if n >= count]
    return up[0] if up else ok[-1]


@transaction.atomic
def generate_season(
    slug: str,
    players: int = 22,
    evenings: int = 8,
    partijen: int = 2,
    deals: int = 20,
    seed: int = 1,
    attendance: tuple[int, int] = (18, 26),
    club: str = "De Vrolijke Rikkers",
    teams: int = 0,
    season_seating: bool = False,
    **settings,
) -> Competition:
    """A competition of ``evenings`` club evenings. Each evening a random
    number in ``attendance`` of the ``players`` come (never a count that
    tables of 4 and 5 cannot seat); ``teams`` teams of the players.
    ``season_seating``: every partij seated as the TD's "Generate seating"
    does, with the season's history (``load_demo``: the demo shows the
    feature; about 0.2 s a partij), else a random mix (tests, benches)."""
    rng = random.Random(seed)
    home, _new = Club.objects.get_or_create(name=club)
    group = make_players(players, rng)
    competition = Competition.objects.create(
        club=home,
        slug=slug,
        name=f"{home.name} {2026}-{2027}",
        season="2026-2027",
        partijen=partijen,
        deals_per_partij=deals,
        **settings,
    )
    low, high = attendance
    start = datetime.date(2026, 10, 6)
    for number in range(1, evenings + 1):
        count = _seatable(rng.randint(min(low, players), min(high, players)), players)
        present = sorted(rng.sample(group, count), key=lambda p: p.name)
        event = generate_event(
            f"{slug}-{number}",
            count,
            partijen,
            deals,
            rules=competition.rules,
            seed=seed * 1000 + number,
            players=present,
            seater=_season_seater(competition, number) if season_seating else None,
        )
        event.name = f"{competition.name} · avond {number}"
        event.date = start + datetime.timedelta(weeks=number - 1)
        event.save(update_fields=["name", "date"])
        Evening.objects.get_or_create(
            competition=competition, tournament=event, defaults={"number": number}
        )
    for t in range(teams):
        team = Team.objects.create(name=f"Team {t + 1}", competition=competition)
        team.members.set(group[t::teams][:4])
    return competition
