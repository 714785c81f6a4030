"""Older table-side entries named players by label; the migration turns them
into seats, as deals are stored, and sets aside what can no longer count
(scoring 0004)."""

import pytest

from tests.tableside.helpers import deal_seats, label, running
from tests.upgrade import migrate, migrate_to_the_end

BEFORE = [("scoring", "0003_tablekey_submission")]


@pytest.mark.django_db(transaction=True)
def test_waiting_entries_by_name_become_entries_by_seat():
    table = running("old-entries", "confirm")
    d, p, o, _o2 = deal_seats(table)
    named = {
        "plays": [
            {
                "contract": "rik",
                "declarer": label(table, d),
                "partner": label(table, p),
                "tricks": 9,
            }
        ]
    }
    old = migrate(BEFORE)
    Submission = old.get_model("scoring", "Submission")
    Deal = old.get_model("scoring", "Deal")
    waiting = Submission.objects.create(
        table_id=table.pk, number=1, seat=d, record=named, key="w"
    )
    stranger = {"plays": [{**named["plays"][0], "declarer": "Gone Away"}]}
    lost = Submission.objects.create(
        table_id=table.pk, number=2, seat=d, record=stranger, key="l"
    )
    counted = Submission.objects.create(
        table_id=table.pk, number=3, seat=o, record=named, key="c"
    )
    Deal.objects.create(
        table_id=table.pk,
        number=3,
        record={"plays": []},
        facts={},
        s1=0,
        s2=0,
        s3=0,
        s4=0,
        s5=0,
    )

    migrate_to_the_end()
    from scoring.models import Submission as Now

    entry = Now.objects.get(pk=waiting.pk)
    assert entry.status == "waiting"
    assert entry.record["plays"][0]["declarer"] == d
    assert entry.record["plays"][0]["partner"] == p
    assert Now.objects.get(pk=lost.pk).status == "set_aside"
    assert Now.objects.get(pk=counted.pk).status == "set_aside"  # its deal counts
