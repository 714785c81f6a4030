"""Table links that no longer work, belong elsewhere or were guessed: a
clear page, nothing stored, and never another table's data.

Cases beyond ``test_tableside_flow``: a closed table, a round closed while a
deal waits for confirmation, a round seated again (its old links gone), a
slot of one event with the secret of another, a wrong secret of the right
slot on every endpoint, and an entry of another table confirmed through
this table's link.
"""

import pytest

from scoring.models import Deal, Submission, TableKey
from scoring.services import table_view
from scoring.tableside import services
from tests.tableside.helpers import JSON, link, rik, running, seated
from tournaments.models import Entry, Round, TableRound

UNKNOWN = "This table link does not work"
CLOSED = "This table is closed"


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def table(db):
    return running("tok")


def names(table) -> list[str]:
    return [s.entry.player.name for s in table.seats.select_related("entry__player")]


def waiting_entry(table, run="w") -> Submission:
    view = table_view(table)
    players = view.players_for(1)
    record = {
        "plays": [
            {
                "contract": "rik",
                "declarer": players[0],
                "partner": players[1],
                "tricks": 9,
            }
        ]
    }
    return services.submit(table, 1, view.position_of(players[0]), record, run)


def opponent(table) -> int:
    view = table_view(table)
    return view.position_of(view.players_for(1)[2])


def rik_post(table) -> dict:
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    return rik(p[0], p[1])


def declarer(table) -> int:
    view = table_view(table)
    return view.position_of(view.players_for(1)[0])


def assert_refused(response, *hidden: str):
    """The clear page of an unknown link: 404, says so, shows none of ``hidden``."""
    assert response.status_code == 404
    html = response.content.decode()
    assert UNKNOWN in html
    for text in hidden:
        assert text not in html


def test_a_closed_table_shows_its_deals_but_takes_nothing(client, table):
    key = services.key_for(table)
    entry = waiting_entry(table)
    seated(table, opponent(table), client)
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    html = client.get(link(key)).content.decode()
    assert CLOSED in html
    assert 'id="deal-form"' not in html
    assert "Correct: confirm" not in html  # nothing to confirm on a closed table
    answer = client.post(
        link(key, "tableside:deal", 1),
        {**rik_post(table), "key": "late"},
        **JSON,
    )
    assert answer.status_code == 409 and answer.json()["ok"] is False
    confirmed = client.post(link(key, "tableside:confirm", entry.pk), **JSON)
    assert confirmed.status_code == 409
    assert Submission.objects.filter(table=table).count() == 1
    assert not Deal.objects.filter(table=table).exists()


def test_a_round_closed_while_a_deal_waits_cannot_be_confirmed(client, table):
    key = services.key_for(table)
    entry = waiting_entry(table)
    seated(table, opponent(table), client)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    html = client.get(link(key)).content.decode()
    assert CLOSED in html and "Correct: confirm" not in html
    answer = client.post(link(key, "tableside:confirm", entry.pk), **JSON)
    assert answer.status_code == 409 and answer.json()["ok"] is False
    assert not Deal.objects.filter(table=table).exists()
    entry.refresh_from_db()
    assert entry.status == "waiting"


def test_a_round_seated_again_retires_its_old_links(client, table):
    from tournaments.services import seat_round

    key = services.key_for(table)
    old, data = link(key), {**rik_post(table), "key": "gone"}
    assert client.get(old).status_code == 200
    entries = list(
        Entry.objects.filter(tournament=table.round.tournament).order_by("-id")
    )
    seat_round(table.round, [entries[:4], entries[4:8]])
    assert not TableKey.objects.filter(slot=key.slot).exists()
    assert_refused(
        client.get(old), *names(TableRound.objects.filter(round=table.round).first())
    )
    answer = client.post(link(key, "tableside:deal", 1), data, **JSON)
    assert answer.status_code == 404
    assert not Submission.objects.exists()
    new = services.key_for(TableRound.objects.get(round=table.round, number=1))
    assert new.slot != key.slot and new.secret != key.secret


def test_a_slot_of_one_event_with_the_secret_of_another_finds_neither(client, table):
    other = running("tok-other", seed=9)
    mine, theirs = services.key_for(table), services.key_for(other)
    for slot, secret in ((mine.slot, theirs.secret), (theirs.slot, mine.secret)):
        page = client.get(link(None, slot=slot, secret=secret))
        assert_refused(
            page,
            *names(table),
            *names(other),
            table.round.tournament.name,
            other.round.tournament.name,
        )
    page = client.get(link(theirs)).content.decode()  # their own link: only theirs
    assert other.round.tournament.name in page
    for name in set(names(table)) - set(names(other)):
        assert name not in page


def test_a_wrong_secret_of_the_right_slot_is_refused_everywhere(client, table):
    key = services.key_for(table)
    entry = waiting_entry(table)
    wrong = key.secret[:-1] + ("A" if key.secret[-1] != "A" else "B")
    hidden = [*names(table), table.round.tournament.name]
    assert_refused(client.get(link(key, secret=wrong)), *hidden)
    assert_refused(client.get(link(key, "tableside:status", secret=wrong)), *hidden)
    deal = {**rik_post(table), "key": "guess"}
    queued = client.post(link(key, "tableside:deal", 1, secret=wrong), deal, **JSON)
    assert_refused(queued, *hidden)
    assert queued.json() == {"ok": False, "message": UNKNOWN}  # the phone says so
    assert_refused(
        client.post(link(key, "tableside:preview", 1, secret=wrong), rik_post(table)),
        *hidden,
    )
    assert_refused(
        client.post(link(key, "tableside:confirm", entry.pk, secret=wrong), **JSON),
        *hidden,
    )
    assert_refused(client.post(link(key, "tableside:call", secret=wrong)))
    assert_refused(client.get(link(key, secret=key.secret + "x")))  # longer
    assert_refused(client.get(link(key, secret=key.secret[:8])))  # a prefix
    assert_refused(client.get(link(key, slot=key.slot + "x")))  # a slot too long
    key.refresh_from_db()
    assert key.called_at is None
    assert Submission.objects.filter(table=table).count() == 1
    assert Submission.objects.get(table=table).status == "waiting"
    assert not Deal.objects.filter(table=table).exists()


def test_another_tables_entry_cannot_be_confirmed_through_this_link(client, table):
    neighbour = TableRound.objects.get(round=table.round, number=2)
    theirs = waiting_entry(neighbour, "n1")
    key = services.key_for(table)
    seated(table, opponent(table), client)
    answer = client.post(link(key, "tableside:confirm", theirs.pk), **JSON)
    assert answer.status_code == 404
    theirs.refresh_from_db()
    assert theirs.status == "waiting"
    assert not Deal.objects.filter(table=neighbour).exists()
    html = client.get(link(key)).content.decode()  # this table's page only
    for name in set(names(neighbour)) - set(names(table)):
        assert name not in html
    status = client.get(link(key, "tableside:status")).json()
    assert status["waiting"] == []


def test_a_seat_chosen_on_another_tables_link_means_nothing_here(client, table):
    """The seat a phone holds is bound per table-round: a player who moved to
    another table chooses again there."""
    neighbour = TableRound.objects.get(round=table.round, number=2)
    here = services.key_for(table)
    seated(neighbour, 1, client)
    html = client.get(link(here)).content.decode()
    assert "Who are you?" in html and 'id="deal-form"' not in html
    posted = {**rik_post(table), "seat": "1", "key": "k"}  # the page's word: ignored
    answer = client.post(link(here, "tableside:deal", 1), posted, **JSON)
    assert answer.status_code == 403 and answer.json()["code"] == "no_seat"
    assert not Submission.objects.exists()
