"""Saving one deal as the TD's request does: validate, settle, store, update
totals, audit line, result event. Target: ≤ 10 ms median on SQLite (≤ 15 on
PostgreSQL), whether or not the round counts for the ratings.

The event is the 400-player hall of the standings benchmark (solo-limit
counts read the whole tournament). Only the save is timed: the ratings
catch up in the worker (``core.background``), run here after each save.

- ``deal_save_ms``: the round being played (not published yet): tables
  reopened, some deals removed, entered again one by one;
- ``deal_correct_ms``: deals of that round corrected;
- ``deal_save_published_ms``: deals of a published round corrected (the
  ratings are due);
- ``ratings_after_correction_ms``: what the worker then spends after the
  response until the ratings are current again;
- ``ratings_current_after_publish_ms``: from the TD's "publish" of the round
  being played until the ratings are current (the request and the work
  after it).
"""

import contextlib
import random
import statistics
import time

from bench.standings import EVENT, test_database

SAVES = 50


@contextlib.contextmanager
def in_a_request(finished: list[float] | None = None):
    """A request's work, then the jobs it queued as the worker runs them
    (``core.background``: the request itself never does them);
    ``finished`` gets the worker's ms."""
    yield
    start = time.perf_counter()
    run_queued_jobs()
    if finished is not None:
        finished.append((time.perf_counter() - start) * 1000)


def run_queued_jobs() -> int:
    """Run every job waiting on the queue, as ``manage.py run_worker``
    would, in this process: how many."""
    from django_tasks_db.models import DBTaskResult

    done = 0
    for result in DBTaskResult.objects.ready().order_by("enqueued_at"):
        result.task.call(*result.args_kwargs["args"])
        result.delete()
        done += 1
    return done


def run() -> None:
    from demo.events import generate_event, realistic_record
    from scoring.models import Deal
    from scoring.services import save_deal, table_view
    from seasons.ratings import recompute_ratings
    from tournaments.models import Round, TableRound
    from tournaments.rounds import publish_round

    rng = random.Random(5)
    with test_database():
        slug, players, rounds, deals = EVENT
        tournament = generate_event(slug, players, rounds, deals)
        Round.objects.filter(tournament=tournament, number=rounds).update(
            published=False
        )
        recompute_ratings()

        def tables_of(number: int) -> list[int]:
            tables = TableRound.objects.filter(
                round__tournament=tournament, round__number=number
            )
            tables.update(closed=False)
            return list(tables.order_by("number").values_list("id", flat=True)[:SAVES])

        def timed_save(table_id, number, version, after=None):
            table = TableRound.objects.select_related("round__tournament").get(
                pk=table_id
            )
            record = realistic_record(table_view(table).players_for(number), rng)
            with in_a_request(after):
                start = time.perf_counter()
                save_deal(table, number, record, expected_version=version)
                took = (time.perf_counter() - start) * 1000
            return took

        def versions(ids, number):
            return dict(
                Deal.objects.filter(table_id__in=ids, number=number).values_list(
                    "table_id", "version"
                )
            )

        playing = tables_of(rounds)
        Deal.objects.filter(table_id__in=playing, number=1).delete()
        new = [timed_save(pk, 1, None) for pk in playing]
        now = versions(playing, 2)
        corrected = [timed_save(pk, 2, now[pk]) for pk in playing]
        published = tables_of(rounds - 1)
        now, after = versions(published, 2), []
        in_public = [timed_save(pk, 2, now[pk], after) for pk in published]
        print(f"deal_save_ms: {statistics.median(new):.1f} ms")
        print(f"deal_correct_ms: {statistics.median(corrected):.1f} ms")
        print(f"deal_save_published_ms: {statistics.median(in_public):.1f} ms")
        print(f"ratings_after_correction_ms: {statistics.median(after):.1f} ms")

        round_ = Round.objects.select_related("tournament").get(
            tournament=tournament, number=rounds
        )
        TableRound.objects.filter(round=round_).update(closed=True)
        start = time.perf_counter()
        with in_a_request():
            publish_round(round_, True)
        current = (time.perf_counter() - start) * 1000
        print(f"ratings_current_after_publish_ms: {current:.1f} ms")
