"""What a confirming player and a deciding TD see of a deal is everything
that scores it (issue 36, finding 7): every field of the deal record a
player enters, all-pass games' takers and tricks per player included, and
the scores per seat it settles to. The words are derived from the record's
fields, so a field added to the record later cannot go unseen."""

import pytest
from django.urls import reverse
from django.utils import translation

from rules.engine.presets import get_preset
from rules.engine.validation import PLAY_KEYS, RECORD_KEYS, SANCTION_KEYS
from scoring.models import Deal, Submission
from scoring.tableside import services
from td import entry_display as display
from tests.tableside.helpers import (
    confirm,
    deal_seats,
    enter,
    label,
    link,
    running,
    seated,
    set_mode,
)

NL = get_preset("nl")
PLAYERS = ["Anna", "Bert", "Cor", "Dirk"]


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


# -- the words, pure ---------------------------------------------------------
#: A play with every key of the deal record's plays, each a value that can be
#: told apart in the words (a contract without a fixed trump, so the trump
#: is the play's own word).
EVERY_PLAY_KEY = {
    "contract": "rik",
    "declarer": "Anna",
    "partner": "Bert",
    "tricks": 11,
    "trump": "clubs",
    "jury": "approved",
    "tricks_by_player": {"Anna": 1, "Bert": 5, "Cor": 4, "Dirk": 3},
    "queen_of_spades": "Cor",
    "last_trick": "Dirk",
}
#: What each value reads as.
SHOWN_AS = {
    "contract": "Rik",
    "declarer": "Anna",
    "partner": "Bert",
    "tricks": "11",
    "trump": "♣",
    "jury": "jury approved",
    "tricks_by_player": "Anna 1, Bert 5, Cor 4, Dirk 3",
    "queen_of_spades": "queen of spades: Cor",
    "last_trick": "last trick: Dirk",
}


def test_every_key_of_a_play_is_shown():
    """Fails for a key added to the deal record's plays (``PLAY_KEYS``)
    that the words do not show yet."""
    assert set(EVERY_PLAY_KEY) == set(PLAY_KEYS), "a new play key: show it here"
    words = display.describe({"players": PLAYERS, "plays": [EVERY_PLAY_KEY]}, NL)
    for key in PLAY_KEYS:
        assert SHOWN_AS[key] in words, (key, words)


def test_every_key_of_a_play_has_its_own_words():
    """A key the words do not know yet is shown by its bare name (never
    hidden); this fails until it has words of its own."""
    assert set(PLAY_KEYS) <= set(display.HEADLINE) | set(display.PLAY_FIELD_WORDS)


def test_every_key_of_a_sanction_is_shown():
    sanction = {"code": "penalty", "player": "Cor", "points": 6}
    assert set(sanction) == set(SANCTION_KEYS), "a new sanction key: show it here"
    words = display.describe(
        {"players": PLAYERS, "plays": [], "sanctions": [sanction]}, NL
    )
    assert "Penalty (Cor)" in words and "6 points" in words


def test_the_record_keys_not_shown_are_the_ones_the_table_says():
    """The players, the dealer sitting out, the blind man and the rules come
    from the table and the event, not from the player who enters; ``context``
    is never stored. Fails for a new record key that a player enters."""
    assert set(RECORD_KEYS) - {"plays", "sanctions"} == display.SAID_BY_THE_TABLE


def test_a_key_without_words_is_shown_by_its_name():
    play = {"contract": "schoppen-mie", "queen_of_spades": "Cor", "new_key": 7}
    words = display.describe({"players": PLAYERS, "plays": [play]}, NL)
    assert "new_key: 7" in words


def test_schoppen_mie_shows_who_took_the_queen_and_the_last_trick():
    play = {"contract": "schoppen-mie", "queen_of_spades": "Cor", "last_trick": "Anna"}
    words = display.describe({"players": PLAYERS, "plays": [play]}, NL)
    name = NL.contract("schoppen-mie").name
    assert words == f"{name}; queen of spades: Cor; last trick: Anna"


def test_one_or_five_shows_every_player_s_tricks():
    tricks = {"Anna": 1, "Bert": 5, "Cor": 4, "Dirk": 3}
    play = {"contract": "een-of-vijf", "tricks_by_player": tricks}
    words = display.describe({"players": PLAYERS, "plays": [play]}, NL)
    name = NL.contract("een-of-vijf").name
    assert words == f"{name}; tricks: Anna 1, Bert 5, Cor 4, Dirk 3"


def test_a_trump_the_contract_fixes_is_said_by_its_name_alone():
    play = {"contract": "solo-9-beter", "declarer": "Anna", "tricks": 9}
    words = display.describe(
        {"players": PLAYERS, "plays": [{**play, "trump": "hearts"}]}, NL
    )
    assert words == display.describe({"players": PLAYERS, "plays": [play]}, NL)


# -- at the table and at the TD's desk ---------------------------------------
def schoppen_mie(queen: int, last: int) -> dict:
    """The deal form's fields for schoppen mie, players by seat number."""
    return {"p0_contract": "schoppen-mie", "ap_queen": str(queen), "ap_last": str(last)}


@pytest.fixture
def table(db):
    return running("seen", "confirm")


def test_the_confirming_player_sees_the_takers_and_the_scores(table):
    """The issue's own deal: schoppen mie, entered by one side; the other
    side reads who took the queen and the last trick, and every seat's
    score, before confirming."""
    a, b, c, _d = deal_seats(table)
    enter(seated(table, a), table, 1, schoppen_mie(queen=b, last=c), "mie")
    page = seated(table, b).get(link(services.key_for(table)))
    (row,) = page.context["pending"]
    assert f"queen of spades: {label(table, b)}" in row["summary"]
    assert f"last trick: {label(table, c)}" in row["summary"]
    entry = Submission.objects.get(table=table)
    assert confirm(seated(table, c), table, entry.pk).json()["ok"]
    deal = Deal.objects.get(table=table, number=1)
    shown = [(label(table, s.position), deal.seat_scores[s.position - 1])
             for s in table.seats.order_by("position")]  # fmt: skip
    assert row["scores"] == shown
    html = page.content.decode()
    for name, score in shown:
        shown_score = f"+{score}" if score > 0 else str(score)
        assert name in html and f">{shown_score}</b>" in html


def test_the_td_sees_two_versions_of_schoppen_mie_apart(table, client, make_user):
    """Blind, the two sides disagree on who took the queen: the TD's two
    versions say who, and what each version scores."""
    from tests.entry.three_table import login_td

    set_mode(table, "blind")
    a, b, c, _d = deal_seats(table)
    enter(seated(table, a), table, 1, schoppen_mie(queen=b, last=c), "ours")
    enter(seated(table, b), table, 1, schoppen_mie(queen=a, last=c), "theirs")
    assert Submission.objects.filter(table=table, status="disputed").count() == 2
    login_td(client, make_user, table)
    event = table.round.tournament
    page = client.get(reverse("td:disputes", args=[event.slug, 2, 1]))
    (deal,) = page.context["deals"]
    first, second = deal[1]
    assert first["summary"] != second["summary"]
    assert f"queen of spades: {label(table, b)}" in first["summary"]
    assert f"queen of spades: {label(table, a)}" in second["summary"]
    assert first["scores"] != second["scores"]
    assert sum(score for _name, score in first["scores"]) == 0
