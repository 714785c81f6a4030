"""Totals typed from the paper sheet at a table of three (issue 29): three
totals that add up to zero (the blind man's hand is never paid, so it has
no total), and the check that the deals entered later add up to the typed
totals works at three seats too.

Rule source 000, "Rikken for three players": the blind man's hand (chair
4) is dealt to, never declares and is never paid.
"""

import pytest
from django.urls import reverse

from scoring import sheet_check
from scoring.services.table_actions import NotCompleteError, close_table
from scoring.services.table_totals import TotalsError, record_totals, to_deals
from tests.scoring.test_table_totals import make_event, seats
from tournaments.dealing import BLIND_LABEL
from tournaments.models import Seat
from tournaments.paper_sheet import differences

pytestmark = pytest.mark.django_db
DEALS = 6


@pytest.fixture(autouse=True)
def _english():
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def td(make_user):
    return make_user("td3")


@pytest.fixture
def event(td):
    """Round 1 seated at a table of four (1) and a table of three (2)."""
    return make_event("drie-totalen", (4, 3), DEALS, td, tables_of_three=True)


def table_of(event, number=2):
    return event.round_set.get(number=1).tables.get(number=number)


def test_three_totals_that_add_up_to_zero_are_stored(event, td):
    table = table_of(event)
    record_totals(table, {1: 45, 2: -15, 3: -30}, None, td)
    table.refresh_from_db()
    assert table.totals_only
    assert table.sheet_totals == {"1": 45, "2": -15, "3": -30}
    # every deal is played by all three (the blind man takes no turn out)
    assert seats(table) == [(45, DEALS), (-15, DEALS), (-30, DEALS)]


@pytest.mark.parametrize(
    ("totals", "words"),
    [
        ({1: 45, 2: -15, 3: -15}, "add up to 15"),
        ({1: 45, 2: -15}, "Seat 3 has no whole number"),
        ({1: 45, 2: -15, 3: -30, 4: 0}, "No player sits at seat 4"),
    ],
)
def test_totals_a_table_of_three_cannot_have_are_refused(event, td, totals, words):
    table = table_of(event)
    with pytest.raises(TotalsError) as caught:
        record_totals(table, totals, None, td)
    assert words in str(caught.value)
    assert seats(table) == [(0, 0)] * 3


def test_the_totals_page_asks_three_totals_at_a_table_of_three(client, event, td):
    client.force_login(td)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = reverse("td:totals", args=[event.slug, 1])
    html = client.get(page).content.decode()
    assert html.count("data-total") == 4 + 3
    assert html.count("three-note") == 1
    assert "A table of three with the blind man: three totals" in html
    save = reverse("td:totals-table", args=[event.slug, 1, 2])
    wrong = client.post(save, {"seat1": "10", "seat2": "-5", "seat3": "−4"})
    assert wrong.status_code == 400
    assert "add up to 1, not 0" in wrong.content.decode()
    assert seats(table_of(event)) == [(0, 0)] * 3
    done = client.post(
        save, {"seat1": "10", "seat2": "-5", "seat3": "−5"}, HTTP_HX_REQUEST="true"
    )
    assert done.status_code == 200 and 'data-focus="next"' in done.content.decode()
    assert seats(table_of(event)) == [(10, DEALS), (-5, DEALS), (-5, DEALS)]


#: Tricks of deal 1, 2, … (made, and failed): the totals differ per seat.
TRICKS = (9, 10, 7, 8, 11, 6)


def a_deal(view, number: int) -> dict:
    """Rik by the first real player left of the dealer with the blind
    man's ace (000: the declarer plays the blind man's cards and takes its
    share)."""
    declarer = next(p for p in view.players_for(number) if p != BLIND_LABEL)
    return {
        "plays": [
            {"contract": "rik", "declarer": declarer, "partner": BLIND_LABEL,
             "tricks": TRICKS[number - 1]}
        ]
    }  # fmt: skip


def scores_of_the_deals(table) -> dict[int, list[int]]:
    """{deal: seat scores} the deals will have, through the pipeline."""
    from scoring.services.deals import prepare

    out = {}
    for number in range(1, DEALS + 1):
        outcome, _view = prepare(table, number, a_deal(view_of(table), number))
        assert outcome.ok, outcome.violations
        out[number] = list(outcome.seat_scores)
    return out


def view_of(table):
    from scoring.services.tables import table_view

    return table_view(table)


def enter_deals(table) -> None:
    from scoring.services import recompute_table
    from scoring.services.deal_rows import create_deal_rows, deal_row
    from scoring.services.deals import prepare

    rows = []
    for number in range(1, DEALS + 1):
        outcome, _view = prepare(table, number, a_deal(view_of(table), number))
        rows.append(deal_row(table, number, outcome, None))
    create_deal_rows(rows)
    recompute_table(table)


def test_deals_entered_later_must_add_up_to_the_three_typed_totals(event, td):
    table = table_of(event)
    deals = scores_of_the_deals(table)
    assert all(scores[3:] == [0, 0] for scores in deals.values())  # chair 4: 0
    sums = sheet_check.totals(deals, [1, 2, 3])
    assert sum(sums.values()) == 0 and any(sums.values())
    # the sheet swapped two players' totals: the deals cannot close it
    swapped = {1: sums[2], 2: sums[1], 3: sums[3]}
    assert swapped != sums
    record_totals(table, swapped, None, td)
    to_deals(table, td)
    enter_deals(table)
    table.refresh_from_db()
    found = differences(event.round_set.get(number=1).tables.all())
    assert [(who, deal, sheet) for who, deal, sheet in found[2]] == [
        (s.entry.player.name, sums[s.position], swapped[s.position])
        for s in Seat.objects.filter(table=table, position__in=(1, 2))
        .select_related("entry__player")
        .order_by("position")
    ]
    with pytest.raises(NotCompleteError, match="paper sheet"):
        close_table(table, td)
    check = sheet_check.check(deals, swapped)
    assert not check.ok and set(check.diffs) == {1, 2}
    assert sheet_check.Suspect("swapped_totals", None, (1, 2)) in check.suspects


def test_deals_that_add_up_to_the_three_typed_totals_close_the_table(event, td):
    table = table_of(event)
    sums = sheet_check.totals(scores_of_the_deals(table), [1, 2, 3])
    record_totals(table, sums, None, td)
    to_deals(table, td)
    enter_deals(table)
    table.refresh_from_db()
    assert [p for p, _n in seats(table)] == [sums[1], sums[2], sums[3]]
    assert differences(event.round_set.get(number=1).tables.all()) == {}
    close_table(table, td)
    table.refresh_from_db()
    assert table.closed


def test_the_sheet_check_names_a_deal_missing_from_a_sheet_of_three():
    deals = {1: [-15, 30, -15, 0, 0], 2: [15, 15, -30, 0, 0]}
    sheet = {1: -15, 2: 30, 3: -15}  # deal 2 left off the sheet
    check = sheet_check.check(deals, sheet)
    assert check.diffs == {1: -15, 2: -15, 3: 30}
    assert sheet_check.Suspect("missing", 2, (1, 2, 3)) in check.suspects
