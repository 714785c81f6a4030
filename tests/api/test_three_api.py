"""Deals sent with the event's token to a table of three (issue 29): the
table's deals name the blind man's hand ("Blinde") among the four players;
a rik with the blind man as partner is stored by chair; the blind man
declaring or sanctioned is refused with the rules' codes; a record that
names another blind man is not this deal. 000, "Rikken for three players"."""

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import create_token
from scoring.models import Deal
from scoring.services import table_view
from tests.api.test_write_deals import codes, send
from tests.entry.three_table import BLIND, login_td, table_of_three


@pytest.fixture
def three(db):
    return table_of_three("api3")


@pytest.fixture
def secret(three, make_user):
    user = login_td(Client(), make_user, three).user
    return create_token(three.round.tournament, "pad", user)[1]


def body(table, record, number=1, **extra) -> dict:
    return {
        "round": table.round.number,
        "table": table.number,
        "deal": number,
        "record": record,
        **extra,
    }


def rik(declarer, partner, tricks=9) -> dict:
    play = {"contract": "rik", "declarer": declarer, "partner": partner}
    return {"plays": [{**play, "tricks": tricks}]}


def real(table, number=1) -> list[str]:
    return [p for p in table_view(table).players_for(number) if p != BLIND]


def test_a_rik_with_the_blind_man_as_partner_is_stored(client, three, secret):
    event = three.round.tournament
    declarer = real(three)[0]
    answer = send(client, event, secret, body(three, rik(declarer, BLIND)))
    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert data["record"]["blind"] == BLIND
    assert data["record"]["plays"][0]["partner"] == BLIND
    assert sorted(data["scores"]) == sorted(table_view(three).labels)  # no blind
    assert data["scores"][declarer] == 30
    deal = Deal.objects.get(table=three, number=1)
    assert deal.record["blind"] == 4 and deal.seat_scores[3] == 0


def test_the_blind_man_declaring_is_refused(client, three, secret):
    event = three.round.tournament
    answer = send(client, event, secret, body(three, rik(BLIND, real(three)[0])))
    assert answer.status_code == 422
    assert codes(answer) == ["blind_declares"]
    assert answer.json()["errors"][0]["field"] == "record.plays[0].declarer"


def test_a_sanction_on_the_blind_man_is_refused(client, three, secret):
    record = {"plays": [], "sanctions": [{"code": "penalty", "player": BLIND}]}
    record["sanctions"][0]["points"] = 3
    answer = send(client, three.round.tournament, secret, body(three, record))
    assert answer.status_code == 422
    assert codes(answer) == ["sanction_player"]


def test_a_record_may_say_its_players_and_blind_man(client, three, secret):
    record = rik(real(three)[0], BLIND)
    record["players"] = table_view(three).players_for(1)
    record["blind"] = BLIND
    answer = send(client, three.round.tournament, secret, body(three, record))
    assert answer.status_code == 201, answer.content


def test_a_record_naming_another_blind_man_is_not_this_deal(client, three, secret):
    record = rik(real(three)[0], BLIND)
    record["blind"] = real(three)[1]
    answer = send(client, three.round.tournament, secret, body(three, record))
    assert answer.status_code == 422
    assert codes(answer) == ["not_this_deal"]
    assert "Blinde" in answer.json()["errors"][0]["message"]


def test_a_blind_man_at_a_table_of_four_is_not_this_deal(client, three, secret):
    four = three.round.tables.get(number=2)
    record = rik(table_view(four).players_for(1)[0], BLIND)
    record["blind"] = BLIND
    answer = send(client, three.round.tournament, secret, body(four, record))
    assert codes(answer) == ["not_this_deal"]
    assert "blind" in answer.json()["errors"][0]["message"]  # "blinde" in Dutch


def test_the_table_s_deals_name_the_blind_man(client, three, secret):
    event = three.round.tournament
    path = reverse("api-v1:api-deal-table", args=[event.slug, 2, three.number])
    answer = client.get(path, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert answer.status_code == 200
    data = answer.json()
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    first = data["deals"][0]
    assert first["blind"] == BLIND and BLIND in first["players"]
    assert first["players"] == table_view(three).players_for(1)
    four = client.get(
        reverse("api-v1:api-deal-table", args=[event.slug, 2, 2]),
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    ).json()
    assert four["deals"][0]["blind"] is None
