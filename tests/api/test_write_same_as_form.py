"""A deal sent through the API is the deal the TD's form stores: the same
record, the same scores; and a deal the form refuses, the API refuses with
the same codes (the one pipeline behind both)."""

import itertools
import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from api.tokens import create_token
from rules.engine.problems import PROBLEMS
from scoring.models import Deal
from scoring.services import recompute_table, table_view
from tests.api.test_write_deals import body, rik, table  # noqa: F401 (fixture)
from tests.entry.test_form_accepts_imports import form_data
from tests.examples import examples

KEYS = itertools.count()


def empty(table) -> None:  # noqa: F811
    """Deal 4 not stored, the totals as without it."""
    Deal.objects.filter(table=table, number=4).delete()
    recompute_table(table)


def through_form(client, table, record):  # noqa: F811
    """(stored record, scores) or the set of the form's error codes."""
    players = table_view(table).players_for(4)
    event = table.round.tournament
    path = reverse("td:entry-deal", args=[event.slug, 1, table.number, 4])
    response = client.post(path, form_data(record, players, ""))
    if response.status_code == 302:
        deal = Deal.objects.get(table=table, number=4)
        return deal.record, deal.seat_scores
    errors = response.context["form"].errors.as_data()
    return {e.code for errs in errors.values() for e in errs}


def through_api(table, secret, record):  # noqa: F811
    event = table.round.tournament
    response = Client().post(
        reverse("api-v1:api-send-deal", args=[event.slug]),
        json.dumps(body(table, record=record)),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
        HTTP_IDEMPOTENCY_KEY=f"k{next(KEYS)}",
    )
    if response.status_code == 201:
        deal = Deal.objects.get(table=table, number=4)
        return deal.record, deal.seat_scores
    assert response.status_code == 422, response.content
    return {e["code"] for e in response.json()["errors"]}


def both(td_client, table, secret, record):  # noqa: F811
    empty(table)
    by_form = through_form(td_client, table, record)
    empty(table)
    by_api = through_api(table, secret, record)
    return by_form, by_api


@pytest.fixture
def secret(td_client, small_event):
    return create_token(small_event, "pad", td_client.user)[1]


def test_a_rik_through_the_api_is_the_rik_the_form_stores(td_client, table, secret):  # noqa: F811
    by_form, by_api = both(td_client, table, secret, rik(table))
    assert isinstance(by_form, tuple)
    assert by_form == by_api


def test_a_missing_partner_is_refused_alike(td_client, table, secret):  # noqa: F811
    record = rik(table)
    del record["plays"][0]["partner"]
    by_form, by_api = both(td_client, table, secret, record)
    assert by_form == by_api == {"partner_missing"}


@st.composite
def records(draw, players):
    contracts = ["rik", "rik-beter", "solo-8", "troela", "misere", "piek", "nonsense"]
    if draw(st.booleans()):  # a plausible deal: mostly stored
        pair = draw(st.permutations(players))
        contract = draw(st.sampled_from(["rik", "rik-beter", "solo-8", "solo-9"]))
        play = {"contract": contract, "declarer": pair[0]}
        if contract.startswith("rik"):
            play["partner"] = pair[1]
        play["tricks"] = draw(st.integers(0, 13))
        return {"plays": [play]}
    plays = []
    for _ in range(draw(st.integers(1, 2))):
        play = {"contract": draw(st.sampled_from(contracts))}
        for key in ("declarer", "partner"):
            name = draw(st.one_of(st.none(), st.sampled_from(players)))
            if name is not None:
                play[key] = name
        tricks = draw(st.one_of(st.none(), st.integers(0, 13)))
        if tricks is not None:
            play["tricks"] = tricks
        plays.append(play)
    record = {"plays": plays}
    if draw(st.booleans()):
        points = draw(st.one_of(st.none(), st.sampled_from([3, 4, 9])))
        sanction = {
            "code": draw(st.sampled_from(["penalty", "turn-up-forgotten", "x"])),
            "player": draw(st.sampled_from(players)),
        }
        if points is not None:
            sanction["points"] = points
        record["sanctions"] = [sanction]
    return record


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_the_api_answers_as_the_form_does(td_client, table, secret, data):  # noqa: F811
    players = table_view(table).players_for(4)
    record = data.draw(records(players))
    by_form, by_api = both(td_client, table, secret, record)
    if isinstance(by_form, tuple):
        event("stored")
        assert by_api == by_form, record
        return
    event("refused")
    assume(by_form <= set(PROBLEMS))  # the form's own checks aside
    assert by_api == by_form, record
