"""Blind means blind: until a side has entered its own version,
its phones see only that a deal waits, never the other side's contract,
players or tricks; after a match the deal shows; after a mismatch only the
TD sees both versions."""

import re

import pytest

from scoring.models import Deal, Submission
from scoring.tableside import services
from tests.tableside.helpers import deal_seats, enter, label, link, rik, running, seated

pytestmark = pytest.mark.django_db


def page(client, table) -> str:
    return client.get(link(services.key_for(table))).content.decode()


def waiting_list(html: str) -> str:
    found = re.search(r'<ul class="pending">(.*?)</ul></section>', html, re.S)
    return found.group(1) if found else ""


def entered_by_one_side(tricks=9):
    table = running("blind-see", "blind")
    d, p, o, o2 = deal_seats(table)
    ours, theirs = seated(table, d), seated(table, o)
    enter(ours, table, 1, rik(d, p, tricks), "ours")
    return table, (d, p, o, o2), ours, theirs


def test_the_other_side_sees_that_a_deal_waits_and_nothing_of_it():
    table, (_d, p, _o, _o2), ours, theirs = entered_by_one_side(tricks=11)
    theirs_page = waiting_list(page(theirs, table))
    assert 'data-deal="1"' in theirs_page
    assert "waits for the other side" in theirs_page
    for secret in ("Rik", "rik", label(table, p) + ",", ", 11"):
        assert secret not in theirs_page, secret
    mine = waiting_list(page(ours, table))
    assert "Rik" in mine and ", 11" in mine  # its own entry, as entered


def test_nothing_of_an_entry_reaches_a_phone_in_any_answer():
    table, _seats, _ours, theirs = entered_by_one_side(tricks=11)
    key = services.key_for(table)
    status = theirs.get(link(key, "tableside:status")).json()
    assert status["waiting"] == [{"deal": 1, "status": "waiting"}]
    html = page(theirs, table)
    state = re.search(r'id="tableside-state"[^>]*>(.*?)</script>', html, re.S).group(1)
    assert "rik" not in state.lower() and '"tricks"' not in state


def test_after_a_match_the_deal_shows_to_everyone():
    table, (d, p, _o, _o2), _ours, theirs = entered_by_one_side()
    enter(theirs, table, 1, rik(d, p, 9), "theirs")
    assert Deal.objects.filter(table=table, number=1).exists()
    html = page(theirs, table)
    assert waiting_list(html) == ""
    assert "Rik" in html  # in the grid: it counts


def test_after_a_mismatch_each_phone_sees_only_its_own_version():
    table, (d, p, _o, _o2), ours, theirs = entered_by_one_side(tricks=9)
    enter(theirs, table, 1, rik(d, p, 7), "theirs")
    assert Submission.objects.filter(table=table, status="disputed").count() == 2
    mine, other = waiting_list(page(ours, table)), waiting_list(page(theirs, table))
    assert ", 9" in mine and ", 7" not in mine
    assert ", 7" in other and ", 9" not in other
    assert "the TD decides" in mine and "the TD decides" in other
    partner = waiting_list(page(seated(table, p), table))
    assert ", 9" not in partner and ", 7" not in partner and "Rik" not in partner


def test_in_confirm_mode_the_other_side_reads_the_entry_to_confirm_it():
    table = running("confirm-see", "confirm")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p, 9), "c")
    theirs = waiting_list(page(seated(table, o), table))
    assert "Rik" in theirs and "Correct: confirm" in theirs
