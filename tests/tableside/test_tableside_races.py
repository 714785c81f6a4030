"""Phones and the TD acting on one table at the same moment, on SQLite (a
file in WAL mode, as ``make run`` serves) and on PostgreSQL, 40 runs each,
through the real views in threads released together: one deal, one
submission per idempotency key, never a 500.

A double tap or a retry racing its first try sends one key twice; in blind
mode both sides' entries of a deal arrive at once; two opponents confirm the
same entry at once; the TD decides while a player confirms or corrects.
"""

import pytest
from django.urls import reverse

from scoring.models import Deal, DealRevision, Submission
from scoring.services import table_view
from scoring.tableside import services
from tests.examples import examples
from tests.tableside.helpers import JSON, phone, rik_record, running, seated
from tests.threads import together
from tournaments.models import Tournament, TournamentRole

pytestmark = pytest.mark.django_db(transaction=True)
#: Runs of each race: every one in CI, a fifth at a desk (tests/examples.py).
RUNS = examples(40)


@pytest.fixture
def table():
    """Round 2 of a scored event reopened; its table 1 emptied per run."""
    return running("side-race")


@pytest.fixture
def phones(table):
    """A phone bound to each seat of the table."""
    return {seat: seated(table, seat) for seat in range(1, 5)}


def fresh(table, mode: str):
    """The table as at the start of a run: no deal, no entry."""
    Submission.objects.filter(table=table).delete()
    Deal.objects.filter(table=table).delete()
    Tournament.objects.filter(pk=table.round.tournament_id).update(entry_mode=mode)
    table.refresh_from_db()
    table.round.tournament.refresh_from_db()


def seats(table, number=1):
    """(declarer, partner, opponent, other opponent) of deal ``number``."""
    view = table_view(table)
    return [view.position_of(p) for p in view.players_for(number)]


def rik(declarer, partner, tricks=9) -> dict:
    return {
        "p0_contract": "rik",
        "p0_declarer": str(declarer),
        "p0_partner": str(partner),
        "p0_tricks": str(tricks),
    }


def entered(table, declarer: int, partner: int, key: str) -> Submission:
    """A rik entered by the declarer's phone, waiting for the other side."""
    return services.submit(
        table, 1, declarer, rik_record(table, declarer, partner), key
    )


def url(key, name, *extra) -> str:
    return reverse(name, args=[key.slot, key.secret, *extra])


def poster(path: str, data: dict, client):
    return lambda: client.post(path, data, **JSON)


def statuses(results) -> list:
    """Each thread's answer status, or the exception it raised."""
    return [getattr(r, "status_code", r) for r in results]


def test_one_key_twice_at_once_stores_one_submission(table, phones):
    key = services.key_for(table)
    for run in range(RUNS):
        fresh(table, "confirm")
        d, p, _o, _o2 = seats(table)
        data = {**rik(d, p), "key": f"same-{run}"}
        path = url(key, "tableside:deal", 1)
        results = together(poster(path, data, phones[d]), poster(path, data, phones[d]))
        assert statuses(results) == [200, 200], (run, results)
        assert Submission.objects.filter(table=table).count() == 1, run
        assert {r.json()["status_code"] for r in results} == {"waiting"}
        assert not Deal.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    "other_tricks, statuses_stored, answers",
    [
        (9, ["accepted"] * 2, ["accepted", "waiting"]),  # one found the other
        (7, ["disputed"] * 2, None),
    ],
    ids=["same deal", "different deals"],
)
def test_both_sides_enter_blind_at_once(
    table, phones, other_tricks, statuses_stored, answers
):
    key = services.key_for(table)
    for run in range(RUNS):
        fresh(table, "blind")
        d, p, o, _o2 = seats(table)
        path = url(key, "tableside:deal", 1)
        results = together(
            poster(path, {**rik(d, p, 9), "key": f"a-{run}"}, phones[d]),
            poster(path, {**rik(d, p, other_tricks), "key": f"b-{run}"}, phones[o]),
        )
        assert statuses(results) == [200, 200], (run, results)
        entries = Submission.objects.filter(table=table)
        assert sorted(entries.values_list("status", flat=True)) == statuses_stored
        deals = Deal.objects.filter(table=table, number=1)
        if answers is None:
            assert not deals.exists()
            continue
        deal = deals.get()
        assert deal.version == 1 and sum(deal.seat_scores) == 0
        codes = sorted(r.json()["status_code"] for r in results)
        assert codes == answers, (run, codes)


def test_two_opponents_confirm_at_once(table, phones):
    key = services.key_for(table)
    for run in range(RUNS):
        fresh(table, "confirm")
        d, p, o, o2 = seats(table)
        entry = entered(table, d, p, f"k-{run}")
        path = url(key, "tableside:confirm", entry.pk)
        results = together(
            poster(path, {}, phones[o]),
            poster(path, {}, phones[o2]),
            poster(path, {}, phones[o]),
        )
        assert statuses(results) == [200, 200, 200], (run, results)
        deal = Deal.objects.get(table=table, number=1)
        assert deal.version == 1
        assert DealRevision.objects.filter(deal=deal).count() == 1  # stored once
        entry.refresh_from_db()
        assert entry.status == "accepted" and entry.confirmed_by in (o, o2)


@pytest.fixture
def td(table, django_user_model):
    user = django_user_model.objects.create_user("race-td", password="pw")
    TournamentRole.objects.create(
        tournament=table.round.tournament, user=user, role="td"
    )
    return user


def td_phone(user):
    client = phone()
    client.force_login(user)
    return client


def waiting_entry(table, td, run: int):
    """A deal entered and waiting at a fresh table, the TD's logged-in client
    and the disputes page it posts its decision to."""
    fresh(table, "confirm")
    d, p, o, _o2 = seats(table)
    entry = entered(table, d, p, f"k-{run}")
    decide = reverse("td:disputes", args=[table.round.tournament.slug, 2, 1])
    return d, p, o, entry, td_phone(td), decide


def test_the_td_decides_while_a_player_confirms(table, phones, td):
    """Both make the entry count: one deal, version 1; no deadlock, no 500."""
    key = services.key_for(table)
    for run in range(RUNS):
        _d, _p, o, entry, td_client, decide = waiting_entry(table, td, run)
        results = together(
            poster(url(key, "tableside:confirm", entry.pk), {}, phones[o]),
            poster(decide, {"entry": entry.pk, "reason": "seen"}, td_client),
        )
        codes = statuses(results)
        assert codes[0] in (200, 409) and codes[1] == 302, (run, results)
        deal = Deal.objects.get(table=table, number=1)
        assert deal.version == 1, run
        entry.refresh_from_db()
        assert entry.status == "accepted"


def test_the_td_decides_while_the_player_corrects(table, phones, td):
    """The TD picks an entry its own player replaces at that moment: either
    the TD's pick counts (the correction then finds the deal counted) or the
    correction came first (the TD is told the deal changed). Never both."""
    key = services.key_for(table)
    for run in range(RUNS):
        d, p, _o, entry, td_client, decide = waiting_entry(table, td, run)
        results = together(
            poster(
                url(key, "tableside:deal", 1),
                {**rik(d, p, 8), "key": f"fix-{run}"},
                phones[d],
            ),
            poster(decide, {"entry": entry.pk, "reason": "seen"}, td_client),
        )
        codes = statuses(results)
        assert codes[0] in (200, 409) and codes[1] == 302, (run, results)
        entry.refresh_from_db()
        deal = Deal.objects.filter(table=table, number=1).first()
        if codes[0] == 200:  # the correction first: the TD's pick was set aside
            assert entry.status == "set_aside" and deal is None, run
            assert (
                Submission.objects.get(table=table, status="waiting").record["plays"][
                    0
                ]["tricks"]
                == 8
            )
        else:
            assert entry.status == "accepted" and deal.version == 1, run
