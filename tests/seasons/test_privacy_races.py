"""An erasure racing a deal save at the member's table (issue 36, finding
8): the save's audit line names the players as it read them, so the
erasure must either see that line (and rewrite it) or make the save read
the pseudonym. The deal save locks the table's players' register rows
before it reads their names (``tournaments.locks.lock_table``), the erasure
locks the member's row first (``seasons.privacy``).

The first test holds a save between reading the names and writing its
line while the erasure starts: it runs everywhere (on SQLite the write lock
already makes the two take turns). The second releases both together, as
the finding did (5 runs of 8 kept the name), on PostgreSQL's row locks."""

import json
import random
import threading
from unittest import mock

import pytest
from django.db import connection

from core.transactions import BusyError
from demo.events import generate_event, realistic_record
from scoring.models import Deal
from scoring.services import DealRejectedError, deals, save_deal, table_view
from seasons.privacy import erase_player
from tests.threads import together
from tournaments.models import AuditLog, Player, Round, TableRound

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "Raceta Wedloopsma"
#: How long the erasure is given to finish while the save holds its names:
#: an erasure the save's locks do not hold back is done well within it.
GRACE_SECONDS = 2


def open_table(run: int = 0):
    """An event's first table reopened, its first seat's player named NAME."""
    event = generate_event(f"race{run}", 8, 1, 4, seed=run + 1)
    round_ = event.round_set.get(number=1)
    TableRound.objects.filter(round=round_).update(closed=False)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATED)
    table = round_.tables.select_related("round__tournament").order_by("number")[0]
    player = table.seats.get(position=1).entry.player
    Player.objects.filter(pk=player.pk).update(name=NAME)
    return table, player


def correction(table):
    """The TD's correction of deal 1, typed with the names as they were."""
    version = Deal.objects.get(table=table, number=1).version
    record = realistic_record(table_view(table).players_for(1), random.Random(2))
    return lambda: save_deal(table, 1, record, expected_version=version)


def lines_naming(name: str = NAME) -> list:
    return [
        d
        for d in AuditLog.objects.values_list("detail", flat=True)
        if name in json.dumps(d, ensure_ascii=False)
    ]


def in_thread(results: dict, key: str, job) -> threading.Thread:
    def run():
        try:
            results[key] = job()
        except Exception as exc:
            results[key] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_an_erasure_waits_for_the_deal_save_that_read_the_name():
    table, player = open_table()
    save = correction(table)
    names_read, go = threading.Event(), threading.Event()
    prepare = deals.prepare

    def prepare_then_wait(*args, **kwargs):
        outcome = prepare(*args, **kwargs)  # the table's names are read here
        names_read.set()
        go.wait(timeout=30)
        return outcome

    results: dict = {}
    with mock.patch.object(deals, "prepare", prepare_then_wait):
        saver = in_thread(results, "save", save)
        assert names_read.wait(timeout=30)
        eraser = in_thread(results, "erase", lambda: erase_player(player, None))
        eraser.join(timeout=GRACE_SECONDS)
        go.set()
        saver.join(timeout=60)
        eraser.join(timeout=60)
    assert isinstance(results["save"], Deal), results
    assert isinstance(results["erase"], str), results
    assert lines_naming() == []
    saved = AuditLog.objects.filter(action="deal.save").latest("id").detail
    assert results["erase"] in json.dumps(saved["record"], ensure_ascii=False)


@pytest.mark.postgres
def test_erasures_released_with_deal_saves_leave_no_name():
    for run in range(8):
        table, player = open_table(run)
        saved, erased = together(
            correction(table), lambda p=player: erase_player(p, None)
        )
        # the save read the pseudonym after the erasure: the typed name is
        # no player of the table any more (refused, as a stale form is)
        assert isinstance(saved, Deal | DealRejectedError | BusyError), saved
        assert isinstance(erased, str), erased
        assert lines_naming() == [], run
