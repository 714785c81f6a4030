"""The TD's deal form at a table of three (issue 29; 000, "Rikken for three
players": "Cards are dealt as if there are four players. The fourth player,
who is not present, is 'the blind man' ... the partner(s) of the blind man
have to choose which card the blind man plays"). The deal's four hands are
the three players and the blind man's: offered as a partner and in the
all-pass fields, never as a declarer or for a sanction; the value posted is
the pipeline's label, the text shown is "the blind man"."""

import pytest
from django.utils import translation

from scoring.models import Deal
from scoring.services import table_view
from td.forms_deal import DealForm, build_record, player_label
from tests.entry.conftest import url
from tests.entry.three_table import BLIND, login_td, table_of_three
from tournaments.dealing import BLIND_SHOWN
from tournaments.models import Seat


@pytest.fixture(autouse=True)
def _english():
    """The shown names are compared in English, whatever an earlier test of
    this worker left active."""
    with translation.override("en"):
        yield


@pytest.fixture
def three(db, client, make_user):
    table = table_of_three("three")
    login_td(client, make_user, table)
    return table


def post(client, table, number, data):
    return client.post(url("entry-deal", table, number), {"version": "", **data})


def choices(form, name) -> list[str]:
    return [value for value, _text in form.fields[name].widget.choices if value]


def texts(form, name) -> dict[str, str]:
    return {value: str(text) for value, text in form.fields[name].widget.choices}


def real(table, number) -> list[str]:
    """The deal's three real players, in the deal's order."""
    return [p for p in table_view(table).players_for(number) if p != BLIND]


def codes(response) -> set[str]:
    errors = response.context["form"].errors.as_data()
    return {e.code for errs in errors.values() for e in errs}


def test_the_four_hands_are_the_three_players_and_the_blind_man(client, three):
    view = table_view(three)
    assert view.players_for(1) == [*view.labels[1:3], BLIND, view.labels[0]]
    form = client.get(url("entry-deal", three, 1)).context["form"]
    assert form.blind == BLIND
    assert form.shown_players[2] == "the blind man"


def test_the_blind_man_is_a_partner_never_a_declarer_nor_sanctioned(client, three):
    form = client.get(url("entry-deal", three, 1)).context["form"]
    assert BLIND not in choices(form, "p0_declarer")
    assert len(choices(form, "p0_declarer")) == 3
    assert BLIND in choices(form, "p0_partner")
    assert texts(form, "p0_partner")[BLIND] == "the blind man"  # shown
    assert BLIND not in choices(form, "s0_player")
    # all-pass games: the blind man's hand takes tricks, the queen, the last
    assert BLIND in choices(form, "ap_queen") and BLIND in choices(form, "ap_last")
    labels = [str(form.fields[f"ap_t{i}"].label) for i in range(4)]
    assert labels[2] == "the blind man"


def test_a_rik_with_the_blind_man_as_partner_is_stored_by_chair(client, three):
    declarer = real(three, 1)[0]
    rik = {
        "p0_contract": "rik",
        "p0_declarer": declarer,
        "p0_partner": BLIND,
        "p0_tricks": "9",
    }
    response = post(client, three, 1, rik)
    assert response.status_code == 302
    deal = Deal.objects.get(table=three, number=1)
    assert deal.record["players"] == [2, 3, 4, 1]  # seat 1 deals first
    assert deal.record["blind"] == 4
    assert deal.record["plays"][0]["partner"] == 4
    # the declarer plays the blind man's cards and takes its share (nl rik
    # made with 9: 15 a player); the blind man's chair is never paid
    assert deal.seat_scores == [-15, 30, -15, 0, 0]
    page = client.get(url("entry-table", three)).content.decode()
    assert f"Rik: {declarer} + the blind man, 9" in page
    assert [s.points for s in Seat.objects.filter(table=three)] == [-15, 30, -15]


def test_the_blind_man_declaring_is_refused_with_its_code(client, three):
    partner = real(three, 1)[0]
    rik = {
        "p0_contract": "rik",
        "p0_declarer": BLIND,  # not offered; posted anyway
        "p0_partner": partner,
        "p0_tricks": "9",
    }
    response = post(client, three, 1, rik)
    assert response.status_code == 200
    assert codes(response) == {"blind_declares"}
    assert "blind man" in str(response.context["form"].errors["p0_declarer"])
    assert not Deal.objects.filter(table=three).exists()


def test_a_sanction_on_the_blind_man_is_refused_with_its_code(client, three):
    data = {"thrown_in": "on", "s0_code": "penalty", "s0_player": BLIND}
    data["s0_points"] = "3"
    response = post(client, three, 1, data)
    assert codes(response) == {"sanction_player"}
    assert "nobody sits there" in str(response.context["form"].errors["s0_player"])


def test_a_sanction_at_a_table_of_three_costs_a_third_to_each_other(client, three):
    offender = real(three, 1)[0]  # seat 2
    data = {"thrown_in": "on", "s0_code": "penalty", "s0_player": offender}
    data["s0_points"] = "6"
    assert post(client, three, 1, data).status_code == 302
    # a third of the points to each of the two others (docs/rulesets.md)
    assert Deal.objects.get(table=three, number=1).seat_scores == [2, -4, 2, 0, 0]


def test_schoppen_mie_lost_by_the_blind_man_settles_among_the_three(client, three):
    """nl's all-pass queen-and-last: the blind man's hand may take the queen
    of spades; its loss is dropped (docs/rulesets.md, "Tables of three")."""
    one = real(three, 1)[0]
    data = {"p0_contract": "schoppen-mie", "ap_queen": BLIND, "ap_last": one}
    response = post(client, three, 1, data)
    assert response.status_code == 302, response.context["form"].errors
    deal = Deal.objects.get(table=three, number=1)
    assert deal.record["plays"][0]["queen_of_spades"] == 4
    assert deal.seat_scores[3] == 0 and sum(deal.seat_scores) == 0


def test_een_of_vijf_counts_the_blind_mans_tricks(client, three):
    players = table_view(three).players_for(1)
    tricks = {BLIND: 1, players[0]: 4, players[1]: 4, players[3]: 4}
    data = {"p0_contract": "een-of-vijf"}
    data.update({f"ap_t{i}": str(tricks[p]) for i, p in enumerate(players)})
    response = post(client, three, 1, data)
    assert response.status_code == 302, response.context["form"].errors
    deal = Deal.objects.get(table=three, number=1)
    assert deal.record["plays"][0]["tricks_by_player"]["4"] == 1
    assert deal.seat_scores[3] == 0 and sum(deal.seat_scores) == 0


def test_the_dealer_rotates_over_the_three_players(client, three):
    view = table_view(three)
    rows = client.get(url("entry-table", three)).context["rows"]
    assert [r["dealer"] for r in rows] == [*view.labels, view.labels[0]]
    assert all(len(r["cells"]) == 3 for r in rows)


def test_the_preview_shows_the_three_players_only(client, three):
    data = {"p0_contract": "rik", "p0_declarer": real(three, 2)[0]}
    data.update({"p0_partner": BLIND, "p0_tricks": "8"})
    response = client.post(url("entry-preview", three, 2), data)
    scores = response.context["scores"]
    assert [label for label, _s in scores] == table_view(three).labels
    assert sum(s for _label, s in scores) == 0


def test_a_stored_deal_with_the_blind_man_opens_in_the_form_again(client, three):
    rik = {"p0_contract": "rik", "p0_declarer": real(three, 3)[1]}
    rik.update({"p0_partner": BLIND, "p0_tricks": "10"})
    assert post(client, three, 3, rik).status_code == 302
    form = client.get(url("entry-deal", three, 3)).context["form"]
    assert form.initial["p0_partner"] == BLIND
    html = form["p0_partner"].as_widget()
    assert f'<option value="{BLIND}" selected>the blind man</option>' in html


def test_the_blind_man_s_chair_or_shown_name_is_read_as_the_blind_man():
    players = ["Anna", "Bert", BLIND, "Cor"]
    seats = {"1": "Cor", "2": "Anna", "3": "Bert"}
    assert player_label("4", players, seats) == BLIND
    with translation.override("en"):  # the shown name in the active language
        assert player_label("The Blind Man", players, seats) == BLIND
    with translation.override("nl"):
        assert player_label("De Blinde", players, seats) == BLIND
    assert player_label("4", ["Anna", "Bert", "Cor", "Dirk"], seats) == "4"


def test_the_form_alone_builds_the_blind_man_as_the_pipeline_names_it():
    from rules.resolver import resolve_schedule

    schedule = resolve_schedule("nl")
    players = ["Anna", "Bert", BLIND, "Cor"]
    seats = {"1": "Cor", "2": "Anna", "3": "Bert"}
    form = DealForm(
        {"p0_contract": "rik", "p0_declarer": "2", "p0_partner": "4", "p0_tricks": "9"},
        schedule=schedule,
        players=players,
        seats=seats,
    )
    assert form.record() == {
        "plays": [
            {"contract": "rik", "declarer": "Anna", "partner": BLIND, "tricks": 9}
        ]
    }
    record, _rows, _s = build_record(
        {"p0_contract": "misere", "p0_declarer": "the blind man", "p0_tricks": "0"},
        players,
        seats,
        schedule,
    )
    assert record["plays"][0]["declarer"] == BLIND  # the rules then refuse it
    assert str(BLIND_SHOWN) == "the blind man"


@pytest.mark.django_db
def test_a_solo_limit_event_counts_nothing_for_the_blind_man(client, make_user):
    """iwwa counts solos towards a limit (003): the context of a deal at a
    table of three has the blind man's hand at 0, not a missing entry."""
    table = table_of_three("three-iwwa", rules="iwwa")
    login_td(client, make_user, table)
    declarer = real(table, 1)[0]
    solo = {"p0_contract": "misere", "p0_declarer": declarer, "p0_tricks": "0"}
    response = post(client, table, 1, solo)
    assert response.status_code == 302, response.context["form"].errors
    deal = Deal.objects.get(table=table, number=1)
    assert deal.seat_scores[3] == 0 and sum(deal.seat_scores) == 0
    assert deal.seat_scores[1] == -2 * deal.seat_scores[0]  # ±2V against two
