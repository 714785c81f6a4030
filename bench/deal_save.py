"""Saving one deal: validate, settle, store, update totals, audit line.

Target: ≤ 30 ms median. The event is the 400-player hall of the standings
benchmark (solo-limit counts read the whole tournament); the last round's
tables are reopened, some deals removed, then entered again one by one as
the TD would (``deal_save_ms``); others are corrected (``deal_correct_ms``).
"""

import random
import statistics
import time

from bench.standings import EVENT, test_database

SAVES = 50


def run() -> None:
    from scoring.demo import generate_event, realistic_record
    from scoring.models import Deal
    from scoring.services import save_deal, table_view
    from tournaments.models import TableRound

    rng = random.Random(5)
    with test_database():
        slug, players, rounds, deals = EVENT
        tournament = generate_event(slug, players, rounds, deals)
        tables = TableRound.objects.filter(
            round__tournament=tournament, round__number=rounds
        )
        tables.update(closed=False)
        ids = list(tables.order_by("number").values_list("id", flat=True)[:SAVES])
        Deal.objects.filter(table_id__in=ids, number=1).delete()

        def timed_save(table_id, number, version):
            table = TableRound.objects.select_related("round__tournament").get(
                pk=table_id
            )
            record = realistic_record(table_view(table).players_for(number), rng)
            start = time.perf_counter()
            save_deal(table, number, record, expected_version=version)
            return (time.perf_counter() - start) * 1000

        new = [timed_save(pk, 1, None) for pk in ids]
        versions = dict(
            Deal.objects.filter(table_id__in=ids, number=2).values_list(
                "table_id", "version"
            )
        )
        corrected = [timed_save(pk, 2, versions[pk]) for pk in ids]
        print(f"deal_save_ms: {statistics.median(new):.1f} ms")
        print(f"deal_correct_ms: {statistics.median(corrected):.1f} ms")
