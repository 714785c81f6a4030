"""At a table of three every way a deal enters stores the same deal: the
TD's form (over HTTP), the table's own page (a phone enters, a phone of the
other side confirms) and the API (token and Idempotency-Key) give the same
record by seat and the same seat scores; a deal one refuses, the others
refuse with the same codes (the blind man declaring: ``blind_declares``; a
sanction on the blind man: ``sanction_player``). The one pipeline behind
all three; the four-player property is tests/api/test_write_same_as_form.py.
000, "Rikken for three players"."""

import itertools
import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from api.tokens import create_token
from rules.engine.problems import PROBLEMS
from scoring.models import Deal, Submission
from scoring.services import recompute_table, table_view
from scoring.tableside.services import other_side
from tests.entry.test_form_accepts_imports import form_data
from tests.entry.three_table import BLIND, login_td, table_of_three
from tests.examples import examples
from tests.tableside.helpers import confirm, enter, seated

KEYS = itertools.count()
NUMBER = 2  # seat 2 deals: the players are [3, blind, 1, 2]


@pytest.fixture
def three(db):
    return table_of_three("same3", "confirm")


@pytest.fixture
def td(three, make_user):
    return login_td(Client(), make_user, three)


@pytest.fixture
def secret(three, td):
    return create_token(three.round.tournament, "pad", td.user)[1]


@pytest.fixture
def phones(three):
    """A phone bound to each of the three seats."""
    return {seat: seated(three, seat) for seat in (1, 2, 3)}


def empty(table) -> None:
    Deal.objects.filter(table=table, number=NUMBER).delete()
    Submission.objects.filter(table=table, number=NUMBER).delete()
    recompute_table(table)


def stored(table):
    deal = Deal.objects.get(table=table, number=NUMBER)
    return deal.record, deal.seat_scores


def through_form(client, table, record):
    """(stored record, scores) or the set of the form's error codes."""
    players = table_view(table).players_for(NUMBER)
    event = table.round.tournament
    path = reverse("td:entry-deal", args=[event.slug, 2, table.number, NUMBER])
    response = client.post(path, form_data(record, players, ""))
    if response.status_code == 302:
        return stored(table)
    errors = response.context["form"].errors.as_data()
    return {e.code for errs in errors.values() for e in errs}


def through_phones(phones, table, record):
    """Seat 1's phone enters what the TD would type; a phone of the other
    side confirms it. (stored record, scores) or the rules' codes."""
    players = table_view(table).players_for(NUMBER)
    data = form_data(record, players, "")
    data.pop("version")
    answer = enter(phones[1], table, NUMBER, data, f"t{next(KEYS)}")
    if answer.status_code != 200:
        assert answer.status_code == 400, answer.content
        return set(answer.json().get("codes", [None]))
    entry = Submission.objects.get(pk=answer.json()["entry"])
    others = [s for s in (2, 3) if other_side(entry.record, entry.seat, s)]
    assert others, entry.record  # the other side always has a real player
    assert confirm(phones[others[0]], table, entry.pk).json()["ok"] is True
    return stored(table)


def through_api(table, secret, record):
    event = table.round.tournament
    body = {"round": 2, "table": table.number, "deal": NUMBER, "record": record}
    response = Client().post(
        reverse("api-v1:api-send-deal", args=[event.slug]),
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
        HTTP_IDEMPOTENCY_KEY=f"k{next(KEYS)}",
    )
    if response.status_code == 201:
        return stored(table)
    assert response.status_code == 422, response.content
    return {e["code"] for e in response.json()["errors"]}


def every_way(td, phones, table, secret, record):
    empty(table)
    by_form = through_form(td, table, record)
    empty(table)
    by_phones = through_phones(phones, table, record)
    empty(table)
    by_api = through_api(table, secret, record)
    return by_form, by_phones, by_api


# -- the deals -----------------------------------------------------------------
CONTRACTS = ["rik", "rik-beter", "troela", "solo-8", "misere", "piek", "solo-9"]


@st.composite
def plausible(draw, players):
    """A deal mostly stored: a real declarer; a partner, the blind man too."""
    real = [p for p in players if p != BLIND]
    contract = draw(st.sampled_from(CONTRACTS))
    declarer = draw(st.sampled_from(real))
    play = {"contract": contract, "declarer": declarer}
    if contract in ("rik", "rik-beter", "troela"):
        play["partner"] = draw(st.sampled_from([p for p in players if p != declarer]))
    play["tricks"] = draw(st.integers(0, 13))
    record = {"plays": [play]}
    if draw(st.integers(0, 4)) == 0:
        record["sanctions"] = [
            {"code": "penalty", "player": draw(st.sampled_from(real)), "points": 3}
        ]
    return record


@st.composite
def blind_declares(draw, players):
    contract = draw(st.sampled_from(CONTRACTS))
    play = {"contract": contract, "declarer": BLIND}
    if contract in ("rik", "rik-beter", "troela"):
        play["partner"] = draw(st.sampled_from([p for p in players if p != BLIND]))
    play["tricks"] = draw(st.integers(0, 13))
    return {"plays": [play]}


@st.composite
def blind_sanctioned(draw, players):
    sanction = {
        "code": "penalty",
        "player": BLIND,
        "points": draw(st.sampled_from([3, 6])),
    }
    if draw(st.booleans()):
        return {"plays": [], "sanctions": [sanction]}
    record = draw(plausible(players))
    record["sanctions"] = [sanction]
    return record


@st.composite
def all_pass(draw, players):
    """nl's all-pass games, the blind man's hand among the four."""
    if draw(st.booleans()):
        play = {
            "contract": "schoppen-mie",
            "queen_of_spades": draw(st.sampled_from(players)),
            "last_trick": draw(st.sampled_from(players)),
        }
        return {"plays": [play]}
    first = draw(st.lists(st.integers(0, 13), min_size=3, max_size=3))
    last = 13 - sum(first)
    if draw(st.booleans()) and last >= 0:
        tricks = [*first, last]  # a whole deal
    else:
        tricks = [*first, draw(st.integers(0, 13))]
    order = draw(st.permutations(players))
    return {
        "plays": [
            {
                "contract": "een-of-vijf",
                "tricks_by_player": dict(zip(order, tricks, strict=True)),
            }
        ]
    }


@st.composite
def junk(draw, players):
    """Anything at all of the right shape: most refused."""
    plays = []
    for _ in range(draw(st.integers(1, 2))):
        play = {"contract": draw(st.sampled_from([*CONTRACTS, "nonsense"]))}
        for key in ("declarer", "partner"):
            name = draw(st.one_of(st.none(), st.sampled_from(players)))
            if name is not None:
                play[key] = name
        tricks = draw(st.one_of(st.none(), st.integers(0, 13)))
        if tricks is not None:
            play["tricks"] = tricks
        plays.append(play)
    return {"plays": plays}


def deals(players):
    return st.one_of(
        plausible(players),
        blind_declares(players),
        blind_sanctioned(players),
        all_pass(players),
        junk(players),
    )


# -- the property --------------------------------------------------------------
def test_the_blind_man_as_partner_is_stored_alike(td, phones, three, secret):
    players = table_view(three).players_for(NUMBER)
    record = {
        "plays": [
            {"contract": "rik", "declarer": players[0], "partner": BLIND, "tricks": 8}
        ]
    }
    by_form, by_phones, by_api = every_way(td, phones, three, secret, record)
    assert isinstance(by_form, tuple)
    assert by_form[0]["blind"] == 4 and by_form[1][3] == 0
    assert by_form == by_phones == by_api


def test_the_blind_man_declaring_is_refused_alike(td, phones, three, secret):
    players = table_view(three).players_for(NUMBER)
    record = {
        "plays": [
            {"contract": "rik", "declarer": BLIND, "partner": players[0], "tricks": 8}
        ]
    }
    assert every_way(td, phones, three, secret, record) == ({"blind_declares"},) * 3


@settings(
    max_examples=examples(50),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_way_in_stores_the_same_deal(td, phones, three, secret, data):
    players = table_view(three).players_for(NUMBER)
    record = data.draw(deals(players))
    by_form, by_phones, by_api = every_way(td, phones, three, secret, record)
    if isinstance(by_form, tuple):
        event("stored")
        assert by_form[1][3] == 0 and sum(by_form[1]) == 0  # never the blind
        assert by_phones == by_form, record
        assert by_api == by_form, record
        return
    event("refused")
    assume(by_form <= set(PROBLEMS))  # the form's own checks aside
    if "blind_declares" in by_form or "sanction_player" in by_form:
        event("refused for the blind man")
    assert by_phones == by_form, record
    assert by_api == by_form, record
