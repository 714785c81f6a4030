"""Only players of the two sides that settle a deal take part in its
confirmation (issue 36, finding 14): at a table of five the dealer who sits
the deal out is on neither side. They do not confirm an entry (confirm
mode), their entry does not count as a side's (blind mode), and they do not
enter the deal they sit out."""

import pytest

from scoring.models import Deal, Submission
from scoring.tableside import services
from scoring.tableside.services import other_side
from tests.tableside.helpers import (
    confirm,
    enter,
    link,
    rik,
    running,
    seated,
    set_mode,
)

# -- the sides, pure -----------------------------------------------------------
#: Deal 1 at a table of five: seat 1 deals and sits out; seats 2–5 play.
FIVE = {"players": [2, 3, 4, 5], "sitting_out": 1}


def test_the_dealer_sitting_out_is_on_neither_side_of_a_rik():
    record = {**FIVE, "plays": [{"contract": "rik", "declarer": 2, "partner": 3}]}
    assert not other_side(record, 2, 1) and not other_side(record, 1, 2)
    assert not other_side(record, 1, 4)
    assert other_side(record, 2, 4) and other_side(record, 5, 3)


def test_the_dealer_sitting_out_is_on_neither_side_of_a_deal_without_declarers():
    record = {**FIVE, "plays": [{"contract": "schoppen-mie"}]}
    assert not other_side(record, 2, 1) and not other_side(record, 1, 3)
    assert other_side(record, 2, 3)


def test_a_sanctioned_dealer_sitting_out_still_confirms_nothing():
    """A forgotten turn-up card costs the sitting-out dealer points, but the
    two sides of the deal are its players: the TD hears the dealer out."""
    record = {
        **FIVE,
        "plays": [],
        "sanctions": [{"code": "penalty", "player": 1, "points": 3}],
    }
    assert not other_side(record, 2, 1) and other_side(record, 2, 3)


# -- at the table --------------------------------------------------------------
@pytest.fixture
def five(db):
    table = running("five", "confirm", players=10)
    assert table.seats.count() == 5
    return table


def seats_of_deal_1(table):
    from scoring.services import table_view

    view = table_view(table)
    out = view.position_of(view.sitting_out_for(1))
    declarer, partner, opponent, _other = (
        view.position_of(p) for p in view.players_for(1)
    )
    return declarer, partner, opponent, out


def test_the_dealer_sitting_out_cannot_confirm(five):
    d, p, o, out = seats_of_deal_1(five)
    enter(seated(five, d), five, 1, rik(d, p), "k1")
    entry = Submission.objects.get(table=five)
    sitter = seated(five, out)
    page = sitter.get(link(services.key_for(five)))
    assert not page.context["pending"][0]["may_confirm"]
    assert confirm(sitter, five, entry.pk).status_code == 403
    assert not Deal.objects.filter(table=five).exists()
    assert confirm(seated(five, o), five, entry.pk).json()["ok"] is True


def test_the_dealer_sitting_out_does_not_enter_the_deal(five):
    d, p, _o, out = seats_of_deal_1(five)
    sitter = seated(five, out)
    answer = enter(sitter, five, 1, rik(d, p), "k2")
    assert answer.status_code == 403 and answer.json()["code"] == "sits_out"
    assert not Submission.objects.filter(table=five).exists()
    state = sitter.get(link(services.key_for(five))).context["state"]
    assert 1 in state["done"]  # the sitter's form skips the deal


def test_blind_the_sitter_and_the_declarer_are_not_both_sides(five):
    set_mode(five, "blind")
    d, p, o, out = seats_of_deal_1(five)
    enter(seated(five, d), five, 1, rik(d, p), "b1")
    enter(seated(five, out), five, 1, rik(d, p), "b2")
    assert not Deal.objects.filter(table=five).exists()
    answer = enter(seated(five, o), five, 1, rik(d, p), "b3")
    assert answer.json()["status_code"] == "accepted"
    assert Deal.objects.filter(table=five, number=1).exists()
