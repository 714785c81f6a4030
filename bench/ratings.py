"""Ratings of 2,000 players over 200 events. Target: ≤ 5 s for a
recompute from scratch.

Each event seats 40–120 of the players at tables of four for 2–4 rounds
(about 12,000 matches, 48,000 seats, 16,000 ratings). Two figures, median of
three passes:

- ``rating_math_s``: the pure rating arithmetic (``seasons.rating_math``,
  openskill Plackett-Luce), no database;
- ``rating_recompute_s``: the whole ``recompute_ratings()`` on a throwaway
  test database (SQLite in memory unless DATABASE_URL says otherwise) with
  the same results stored as seats: one query loads them, the arithmetic,
  then every rating is deleted and stored again in one transaction;
- ``rating_update_newest_ms``: ``update_after`` of the newest event (what a
  round's publication costs): that event alone, on top of the ratings.
"""

import datetime
import random
import statistics
import time

PLAYERS, EVENTS, PASSES = 2000, 200, 3


def synthetic(players: int = PLAYERS, events: int = EVENTS, seed: int = 15):
    """[(date, [(round, [[(player, points)] per table])])]: a hidden skill per
    player decides the points, with plenty of luck."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    start = datetime.date(2020, 1, 1)
    out = []
    for e in range(events):
        present = rng.sample(range(1, players + 1), rng.randrange(40, 121, 4))
        rounds = []
        for r in range(1, rng.randint(2, 4) + 1):
            rng.shuffle(present)
            tables = [
                [
                    (p, round(20 * skill[p - 1] + rng.gauss(0, 40)))
                    for p in present[i : i + 4]
                ]
                for i in range(0, len(present), 4)
            ]
            rounds.append((r, tables))
        out.append((start + datetime.timedelta(days=3 * e), rounds))
    return out


def as_events(data) -> list:
    """The pure code's input: per event its matches, round by round."""
    return [[t for _r, tables in rounds for t in tables] for _date, rounds in data]


def median_s(fn, passes: int = PASSES) -> float:
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def store(data) -> None:
    """The synthetic results as events, rounds, tables and seats (bulk)."""
    from tournaments.models import Entry, Player, Round, Seat, TableRound, Tournament

    Player.objects.bulk_create(
        Player(id=p, name=f"Speler {p}") for p in range(1, PLAYERS + 1)
    )
    events = Tournament.objects.bulk_create(
        Tournament(slug=f"rating-{e}", name=f"Rating {e}", date=date, rounds=len(rs))
        for e, (date, rs) in enumerate(data)
    )
    entries, rounds, tables, seats = [], [], [], []
    for event, (_date, rs) in zip(events, data, strict=True):
        players = {p for _r, ts in rs for t in ts for p, _points in t}
        entries += [Entry(tournament=event, player_id=p) for p in sorted(players)]
        for number, ts in rs:
            closed = Round.Status.CLOSED
            rounds.append(
                Round(tournament=event, number=number, status=closed, published=True)
            )
            tables += [(rounds[-1], n, t) for n, t in enumerate(ts, 1)]
    Entry.objects.bulk_create(entries, batch_size=2000)
    entry_id = {(e.tournament_id, e.player_id): e.id for e in entries}
    Round.objects.bulk_create(rounds, batch_size=2000)
    made = TableRound.objects.bulk_create(
        (TableRound(round=r, number=n) for r, n, _t in tables), batch_size=2000
    )
    for table, (round_, _n, t) in zip(made, tables, strict=True):
        seats += [
            Seat(
                table=table,
                position=i,
                points=points,
                deals_played=8,
                entry_id=entry_id[(round_.tournament_id, p)],
            )
            for i, (p, points) in enumerate(t, 1)
        ]
    Seat.objects.bulk_create(seats, batch_size=2000)


def run() -> None:
    from bench.standings import test_database
    from seasons.rating_math import rate_events
    from seasons.ratings import recompute_ratings, update_after
    from tournaments.models import Tournament

    data = synthetic()
    events = as_events(data)
    matches = sum(len(e) for e in events)
    print(f"rating_matches: {matches}")
    print(f"rating_math_s: {median_s(lambda: rate_events(events)):.2f} s")
    with test_database():
        store(data)
        rows = recompute_ratings()
        print(f"rating_rows: {rows}")
        print(f"rating_recompute_s: {median_s(recompute_ratings):.2f} s")
        newest = Tournament.objects.order_by("-date", "-id").first()
        update = median_s(lambda: update_after(newest)) * 1000
        print(f"rating_update_newest_ms: {update:.0f} ms")
