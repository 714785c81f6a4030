"""The TD's totals page: every table of a round, each player's total typed
from the paper sheet; a table whose totals do not add up to zero keeps
nothing and says why, and only the event's TD gets the page."""

import pytest
from django.urls import reverse

from tests.scoring.totals_event import seated_evening
from tournaments.models import Seat, TableRound

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(make_user, client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    td = make_user("td")
    return seated_evening(td=td), td


def url(event, name="totals", *args):
    return reverse(f"td:{name}", args=[event.slug, 1, *args])


def points(event, table: int) -> list[int]:
    seats = Seat.objects.filter(
        table__round__tournament=event, table__round__number=1, table__number=table
    )
    return list(seats.order_by("position").values_list("points", flat=True))


def test_the_page_shows_every_table_with_a_field_per_player(client, evening):
    event, td = evening
    client.force_login(td)
    html = client.get(url(event)).content.decode()
    assert html.count('class="totals-form"') == 5
    assert html.count("data-total") == 4 * 4 + 5
    assert 'inputmode="numeric"' in html
    assert "Speler avond 00" in html and "js/totals.js" in html
    assert "<script>" not in html  # no inline script (CSP)


def test_saving_a_table_stores_its_totals(client, evening):
    event, td = evening
    client.force_login(td)
    data = {"seat1": "12", "seat2": "-30", "seat3": "−2", "seat4": "20"}
    response = client.post(url(event, "totals-table", 2), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-focus="next"' in html and "Enter deals instead" in html
    assert points(event, 2) == [12, -30, -2, 20]
    table = TableRound.objects.get(round__tournament=event, round__number=1, number=2)
    assert table.totals_only
    assert set(
        Seat.objects.filter(table=table).values_list("deals_played", flat=True)
    ) == {20}


def test_a_table_of_five_gets_its_deals_played(client, evening):
    event, td = evening
    client.force_login(td)
    data = {f"seat{p}": str(v) for p, v in enumerate([10, 10, -5, -5, -10], 1)}
    data["deals5"] = "15"
    response = client.post(url(event, "totals-table", 5), data)
    assert response.status_code == 302 and response["Location"].endswith(
        "#totals-table-6"
    )
    seats = Seat.objects.filter(
        table__round__tournament=event, table__round__number=1, table__number=5
    ).order_by("position")
    assert [s.deals_played for s in seats] == [16, 16, 16, 16, 15]


def test_a_sum_other_than_zero_keeps_nothing(client, evening):
    event, td = evening
    client.force_login(td)
    data = {"seat1": "12", "seat2": "-30", "seat3": "2", "seat4": "20"}
    response = client.post(url(event, "totals-table", 1), data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "add up to 4, not 0" in html
    assert 'data-focus="self"' in html and 'value="-30"' in html
    assert points(event, 1) == [0, 0, 0, 0]
    assert not TableRound.objects.filter(round__tournament=event, totals_only=True)
    # without htmx: the whole page, the message in the table's form
    response = client.post(url(event, "totals-table", 1), data)
    assert response.status_code == 400
    assert "add up to 4, not 0" in response.content.decode()


def test_a_missing_or_odd_number_is_named(client, evening):
    event, td = evening
    client.force_login(td)
    data = {"seat1": "12", "seat2": "abc", "seat3": "", "seat4": "20"}
    html = client.post(
        url(event, "totals-table", 1), data, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Enter a whole number." in html
    assert "Enter a total for Speler avond 02." in html
    assert points(event, 1) == [0, 0, 0, 0]


def test_change_and_enter_deals_instead(client, evening):
    event, td = evening
    client.force_login(td)
    data = {"seat1": "5", "seat2": "-5", "seat3": "0", "seat4": "0"}
    client.post(url(event, "totals-table", 1), data)
    form = client.get(url(event, "totals-table", 1) + "?edit=1").content.decode()
    assert 'value="5"' in form and 'value="-5"' in form
    # without JavaScript the Change link opens that table's form in the page
    page = client.get(url(event) + "?edit=1").content.decode()
    assert page.count('class="totals-form"') == 5 and 'value="-5"' in page
    assert client.get(url(event)).content.decode().count('class="totals-form"') == 4
    asked = client.post(url(event, "totals-deals", 1))
    assert asked.status_code == 200 and b'name="confirmed"' in asked.content
    assert TableRound.objects.get(
        round__tournament=event, round__number=1, number=1
    ).totals_only
    done = client.post(url(event, "totals-deals", 1), {"confirmed": "1"})
    assert done.status_code == 302
    table = TableRound.objects.get(round__tournament=event, round__number=1, number=1)
    assert not table.totals_only and table.sheet_totals == {
        "1": 5,
        "2": -5,
        "3": 0,
        "4": 0,
    }


def test_only_the_td_gets_the_page(client, evening, make_user):
    event, _td = evening
    other = make_user("someone")
    client.force_login(other)
    assert client.get(url(event)).status_code == 403
    data = {"seat1": "5", "seat2": "-5", "seat3": "0", "seat4": "0"}
    assert client.post(url(event, "totals-table", 1), data).status_code == 403
    assert (
        client.post(url(event, "totals-deals", 1), {"confirmed": "1"}).status_code
        == 403
    )
    assert points(event, 1) == [0, 0, 0, 0]
    client.logout()
    assert client.get(url(event)).status_code == 302  # to the login page


def test_an_unknown_round_or_table_is_not_found(client, evening):
    event, td = evening
    client.force_login(td)
    assert client.get(reverse("td:totals", args=[event.slug, 9])).status_code == 404
    assert client.get(url(event, "totals-table", 9)).status_code == 404


def test_the_round_page_links_to_the_totals_and_the_event_form_has_the_field(
    client, evening
):
    event, td = evening
    client.force_login(td)
    round_page = client.get(reverse("td:round", args=[event.slug, 1]))
    assert url(event).encode() in round_page.content
    settings = client.get(reverse("td:settings", args=[event.slug]))
    assert b'name="score_entry"' in settings.content


def test_a_published_round_changes_only_with_a_reason(client, evening):
    from tournaments.models import Round

    event, td = evening
    Round.objects.filter(tournament=event, number=1).update(published=True)
    client.force_login(td)
    assert b'name="reason"' in client.get(url(event)).content
    data = {"seat1": "5", "seat2": "-5", "seat3": "0", "seat4": "0"}
    refused = client.post(url(event, "totals-table", 1), data, HTTP_HX_REQUEST="true")
    assert b'role="alert"' in refused.content
    assert points(event, 1) == [0, 0, 0, 0]
    data["reason"] = "Sheet of table 1 found later"
    client.post(url(event, "totals-table", 1), data, HTTP_HX_REQUEST="true")
    assert points(event, 1) == [5, -5, 0, 0]
