"""The table's own page at a table of three (issue 29): phones bind to seats
1..3 only (the blind man's hand has no phone); confirm and blind modes take
the declaring side against the rest, the blind man's hand on the side it
plays for but never confirming (docs/table-side.md); refusals name the
blind man. 000, "Rikken for three players"."""

import pytest
from django.utils import translation

from scoring.models import Deal, Submission
from scoring.services import table_view
from scoring.tableside import services
from scoring.tableside.services import other_side
from tests.entry.three_table import BLIND, table_of_three
from tests.tableside.helpers import (
    JSON,
    confirm,
    enter,
    link,
    phone,
    seated,
    set_mode,
)

#: Deal 1 at a table of three: seat 1 deals; players [2, 3, blind, 1].
DEC, PAR, OPP = 2, 3, 1  # declarer, partner (a real one), the real opponent


@pytest.fixture(autouse=True)
def _english():
    """The shown names are compared in English, whatever an earlier test of
    this worker left active."""
    with translation.override("en"):
        yield


@pytest.fixture
def three(db):
    return table_of_three("side3", "confirm")


def rik(declarer, partner, tricks: int = 9) -> dict:
    return {
        "p0_contract": "rik",
        "p0_declarer": str(declarer),
        "p0_partner": str(partner),
        "p0_tricks": str(tricks),
    }


# -- the sides, pure -----------------------------------------------------------
BY_SEAT = {"players": [2, 3, 4, 1], "blind": 4}


def play(**kw) -> dict:
    return {**BY_SEAT, "plays": [{"contract": "rik", **kw}]}


def test_with_the_blind_man_as_partner_both_real_opponents_confirm():
    record = play(declarer=2, partner=4)
    assert other_side(record, 2, 1) and other_side(record, 2, 3)
    assert other_side(record, 1, 2) and not other_side(record, 1, 3)


def test_with_the_blind_man_as_opponent_only_the_real_opponent_confirms():
    record = play(declarer=2, partner=3)
    assert other_side(record, 2, 1) and other_side(record, 3, 1)
    assert not other_side(record, 2, 3)


def test_when_all_three_declare_any_other_player_confirms():
    """Three simultaneous misères: nobody real is left on the other side
    (only the blind man's hand), so any other player confirms, as in a deal
    without declarers."""
    record = {
        **BY_SEAT,
        "plays": [
            {"contract": "misere", "declarer": s, "tricks": 0} for s in (1, 2, 3)
        ],
    }
    assert other_side(record, 1, 2) and other_side(record, 3, 1)
    assert not other_side(record, 2, 2)


def test_at_a_table_of_four_the_sides_are_unchanged():
    record = {"players": [2, 3, 4, 1], "plays": [{"declarer": 2, "partner": 3}]}
    assert other_side(record, 2, 4) and not other_side(record, 2, 3)


# -- phones --------------------------------------------------------------------
def test_the_page_offers_the_three_seats_and_refuses_a_fourth(three):
    page = phone().get(link(services.key_for(three)))
    seats = [s["seat"].position for s in page.context["seats"]]
    assert seats == [1, 2, 3]
    answer = phone().post(link(services.key_for(three), "tableside:seat"), {"seat": 4})
    assert answer.status_code == 302
    assert not three.bindings.exists()


def test_a_phone_s_form_offers_the_blind_man_as_partner_only(three):
    page = seated(three, DEC).get(link(services.key_for(three)))
    form = page.context["form"]
    declarers = [v for v, _t in form.fields["p0_declarer"].widget.choices if v]
    partners = dict(form.fields["p0_partner"].widget.choices)
    assert BLIND not in declarers and str(partners[BLIND]) == "the blind man"
    html = page.content.decode()
    assert "the blind man" in html and "never paid" in html


def test_three_form_variants_for_the_dealer_s_three_turns(three):
    state = seated(three, DEC).get(link(services.key_for(three))).context["state"]
    assert state["variant"] == {1: 0, 2: 1, 3: 2, 4: 0}  # deal 4: seat 1 again


# -- confirm mode --------------------------------------------------------------
def test_blind_as_partner_the_declarer_enters_an_opponent_confirms(three):
    declarer, partner, opponent = (
        seated(three, DEC),
        seated(three, PAR),
        seated(three, OPP),
    )
    answer = enter(declarer, three, 1, rik(DEC, 4), "b1")
    assert answer.status_code == 200, answer.content
    entry = Submission.objects.get(table=three)
    assert entry.record["blind"] == 4 and entry.record["plays"][0]["partner"] == 4
    assert confirm(declarer, three, entry.pk).status_code == 403
    # seat 3 is an opponent now: the blind man partners the declarer
    assert confirm(partner, three, entry.pk).json()["ok"] is True
    deal = Deal.objects.get(table=three, number=1)
    assert deal.seat_scores == [-15, 30, -15, 0, 0]
    assert confirm(opponent, three, entry.pk).json()["ok"] is True  # no-op


def test_blind_as_opponent_only_the_real_opponent_confirms(three):
    declarer, partner, opponent = (
        seated(three, DEC),
        seated(three, PAR),
        seated(three, OPP),
    )
    enter(declarer, three, 1, rik(DEC, PAR), "b2")
    entry = Submission.objects.get(table=three)
    assert confirm(partner, three, entry.pk).status_code == 403  # same side
    assert confirm(opponent, three, entry.pk).json()["ok"] is True
    # the real opponent plays the blind man's cards and pays its share
    assert Deal.objects.get(table=three, number=1).seat_scores == [-30, 15, 15, 0, 0]


def test_the_pending_entry_names_the_blind_man(three):
    enter(seated(three, DEC), three, 1, rik(DEC, 4), "b3")
    page = seated(three, OPP).get(link(services.key_for(three)))
    (row,) = page.context["pending"]
    assert "the blind man" in row["summary"] and row["may_confirm"]


# -- blind mode ----------------------------------------------------------------
def test_blind_mode_equal_entries_of_both_sides_count(three):
    set_mode(three, "blind")
    enter(seated(three, DEC), three, 1, rik(DEC, 4), "m1")
    assert not Deal.objects.filter(table=three).exists()
    answer = enter(seated(three, OPP), three, 1, rik(DEC, 4), "m2")
    assert answer.json()["status_code"] == "accepted"
    assert Deal.objects.get(table=three, number=1).record["blind"] == 4


def test_blind_mode_different_entries_go_to_the_td(three):
    set_mode(three, "blind")
    enter(seated(three, DEC), three, 1, rik(DEC, 4, 9), "m3")
    answer = enter(seated(three, PAR), three, 1, rik(DEC, 4, 8), "m4")
    assert answer.json()["status_code"] == "disputed"
    assert not Deal.objects.filter(table=three).exists()


# -- refusals ------------------------------------------------------------------
def test_the_blind_man_declaring_is_refused_with_its_code(three):
    answer = enter(seated(three, DEC), three, 1, rik(4, DEC), "r1")
    assert answer.status_code == 400
    assert answer.json()["codes"] == ["blind_declares"]
    assert "blind man" in answer.json()["message"]
    assert not Submission.objects.filter(table=three).exists()


def test_a_sanction_on_the_blind_man_is_refused_with_its_code(three):
    data = {"thrown_in": "on", "s0_code": "penalty", "s0_player": "4", "s0_points": "3"}
    answer = enter(seated(three, DEC), three, 1, data, "r2")
    assert answer.status_code == 400
    assert answer.json()["codes"] == ["sanction_player"]


def test_the_preview_on_a_phone_shows_the_three_players(three):
    mine = seated(three, DEC)
    path = link(services.key_for(three), "tableside:preview", 1)
    answer = mine.post(path, rik(DEC, 4), **JSON)
    scores = answer.context["scores"]
    assert [label for label, _s in scores] == table_view(three).labels
    assert [s for _label, s in scores] == [-15, 30, -15]
