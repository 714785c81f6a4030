"""A closed season holds still until it is reopened with a reason: no new
evening, no deal, seating or publishing in its evenings, no change to how it
counts or its teams; the refusal names the season and says to reopen it."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Deal
from scoring.services import ClosedError, delete_deal, save_deal, table_view
from seasons.models import Competition, SeasonLog
from seasons.services import SeasonClosedError, create_evening, update_ranking
from seasons.undo import (
    UndoRefusedError,
    close_season,
    delete_evening,
    delete_season,
    reopen_season,
)
from tournaments.result_lock import locked_reason
from tournaments.rounds import RoundRefusedError, publish_round, reopen_round
from tournaments.services import SeatingRefusedError, seat_round


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def secretary(client, make_user, season):
    user = make_user("secretary", organiser=True, clubs=[season.club])
    client.force_login(user)
    return client


def players(season):
    first = season.evenings.get(number=1).tournament
    return [e.player for e in first.entries.select_related("player")[:8]]


def a_deal(season):
    """The last evening's first deal, its round reopened (while the season
    was still open) and the record as the form gives it."""
    event = season.evenings.order_by("-number").first().tournament
    deal = Deal.objects.filter(table__round__tournament=event).order_by("id").first()
    reopen_round(deal.table.round, reason="Spel verkeerd overgenomen")
    deal.table.refresh_from_db()
    return deal, table_view(deal.table).named(deal.record)


def says_reopen(exc, season) -> bool:
    text = str(exc)
    return season.name in text and "Reopen" in text


def test_no_new_evening_in_a_closed_season(season):
    close_season(season)
    season.refresh_from_db()
    with pytest.raises(SeasonClosedError) as refused:
        create_evening(season, datetime.date(2027, 1, 5), players(season))
    assert says_reopen(refused.value, season)
    assert season.evenings.count() == 4


def test_the_new_evening_page_refuses_with_the_reason(secretary, season):
    close_season(season)
    response = secretary.post(
        reverse("td:season-new-evening", args=[season.slug]),
        {"date": "2027-01-05", "players": [p.pk for p in players(season)]},
        follow=True,
    )
    assert response.status_code == 200
    assert season.evenings.count() == 4
    assert "is closed" in response.content.decode()


def test_no_deal_is_saved_or_deleted_in_a_closed_seasons_evening(season):
    deal, record = a_deal(season)
    close_season(season)
    with pytest.raises(ClosedError) as refused:
        save_deal(deal.table, deal.number, record, expected_version=deal.version)
    assert says_reopen(refused.value, season)
    with pytest.raises(ClosedError):
        delete_deal(deal.table, deal.number)
    assert Deal.objects.get(pk=deal.pk).version == deal.version


def test_the_deal_form_says_the_season_is_closed(client, make_user, season):
    deal, _record = a_deal(season)
    close_season(season)
    event = deal.table.round.tournament
    client.force_login(make_user("staff", is_staff=True))
    url = reverse(
        "td:entry-delete",
        args=[event.slug, deal.table.round.number, deal.table.number, deal.number],
    )
    page = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert f"The season “{season.name}” is closed" in page
    assert Deal.objects.filter(pk=deal.pk).exists()


def test_no_seating_or_publishing_in_a_closed_seasons_evening(season):
    event = season.evenings.order_by("-number").first().tournament
    round_ = event.round_set.get(number=1)
    close_season(season)
    with pytest.raises(SeatingRefusedError) as refused:
        seat_round(round_, [])
    assert says_reopen(refused.value, season)
    with pytest.raises(RoundRefusedError):
        publish_round(round_, False)
    with pytest.raises(RoundRefusedError):
        reopen_round(round_, reason="late correction")
    round_.refresh_from_db()
    assert round_.published


def test_no_ranking_team_or_evening_change_in_a_closed_season(secretary, season):
    close_season(season)
    season.refresh_from_db()
    with pytest.raises(SeasonClosedError):
        update_ranking(season, method=Competition.Method.AVERAGE)
    with pytest.raises(SeasonClosedError):
        delete_evening(season.evenings.get(number=4))
    with pytest.raises(SeasonClosedError):
        delete_season(season, season.slug)
    teams = season.teams.count()
    response = secretary.post(
        reverse("td:season-add-team", args=[season.slug]),
        {"name": "De Azen", "members": [p.pk for p in players(season)[:2]]},
        follow=True,
    )
    assert season.teams.count() == teams
    assert "is closed" in response.content.decode()
    team = season.teams.first()
    secretary.post(reverse("td:season-delete-team", args=[team.pk]))
    assert season.teams.count() == teams
    evening_url = reverse("td:season-delete-evening", args=[season.slug, 4])
    secretary.post(evening_url, {"confirmed": "1"})
    assert season.evenings.count() == 4


def test_reopening_needs_a_reason_then_everything_works_again(secretary, season):
    secretary.post(reverse("td:season-close", args=[season.slug]), {"closed": "1"})
    season.refresh_from_db()
    assert season.closed
    url = reverse("td:season-reopen", args=[season.slug])
    page = secretary.get(url).content.decode()
    assert "Reopen the season" in page
    refused = secretary.post(url, {"reason": "   "})
    assert refused.status_code == 200
    assert "Give a reason" in refused.content.decode()
    season.refresh_from_db()
    assert season.closed
    with pytest.raises(UndoRefusedError):
        reopen_season(season, "")
    assert (
        secretary.post(url, {"reason": "Avond 3 verkeerd ingevoerd"}).status_code == 302
    )
    season.refresh_from_db()
    assert not season.closed
    actions = list(
        SeasonLog.objects.order_by("at", "id").values_list("action", "detail")
    )
    assert actions == [
        ("season.close", {}),
        ("season.reopen", {"reason": "Avond 3 verkeerd ingevoerd"}),
    ]
    deal, record = a_deal(season)
    save_deal(deal.table, deal.number, record, expected_version=deal.version)
    assert create_evening(season, datetime.date(2027, 1, 5), players(season))


def test_the_season_page_offers_reopening_not_changes(secretary, season):
    close_season(season)
    page = secretary.get(reverse("td:season", args=[season.slug])).content
    page = page.decode()
    assert reverse("td:season-reopen", args=[season.slug]) in page
    assert reverse("td:season-delete", args=[season.slug]) not in page
    assert reverse("td:season-delete-evening", args=[season.slug, 4]) not in page


def test_asking_costs_one_query_and_other_events_are_free(season, small_event):
    evening = season.evenings.first().tournament
    with CaptureQueriesContext(connection) as asked:
        assert locked_reason(evening) is None
        assert locked_reason(small_event) is None
    assert len(asked.captured_queries) == 2
    close_season(season)
    assert season.name in locked_reason(evening.pk)
    assert locked_reason(small_event) is None


def test_no_withdrawal_or_move_in_a_closed_seasons_evening(season):
    from tournaments.moves import Place, move_player
    from tournaments.withdrawal import WithdrawalRefusedError, withdraw

    event = season.evenings.order_by("-number").first().tournament
    entry = event.entries.first()
    close_season(season)
    with pytest.raises(WithdrawalRefusedError):
        withdraw(entry)
    with pytest.raises(SeatingRefusedError, match="Reopen"):
        move_player(event.round_set.get(number=1), entry, Place(None))
    entry.refresh_from_db()
    assert entry.status == "present"
