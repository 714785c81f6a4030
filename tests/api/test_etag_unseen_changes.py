"""A change the public does not see leaves the API's ETags (and the public
pages' version) as they were: a table or a round closed or reopened while
the round is hidden until the prize-giving, or not published yet. The same
change in a round the public sees makes a new ETag at once."""

import pytest

from scoring.services.table_actions import close_table, reopen_table
from tournaments.models import Round, Tournament
from tournaments.rounds import close_round, publish_round, reopen_round


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def paths(event) -> list[str]:
    return [
        f"/api/v1/events/{event.slug}/",
        f"/api/v1/events/{event.slug}/standings/",
        f"/api/v1/events/{event.slug}/rounds/1/",
    ]


def etags(client, event) -> dict[str, str]:
    answers = {path: client.get(path) for path in paths(event)}
    assert all(a.status_code == 200 for a in answers.values())
    return {path: answer["ETag"] for path, answer in answers.items()}


def unchanged(client, event, before: dict[str, str]) -> bool:
    return all(
        client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304
        for path, etag in before.items()
    )


def round_two(event) -> Round:
    return Round.objects.select_related("tournament").get(tournament=event, number=2)


def close_and_reopen_everything(round_: Round) -> None:
    table = round_.tables.select_related("round__tournament").first()
    reopen_table(table)
    close_table(table)
    reopen_round(round_)
    for table in round_.tables.select_related("round__tournament"):
        close_table(table)
    close_round(round_)


@pytest.mark.django_db
def test_a_round_hidden_until_the_prize_giving_changes_no_etag(client, small_event):
    Tournament.objects.filter(pk=small_event.pk).update(hide_last_rounds=1)
    before = etags(client, small_event)
    close_and_reopen_everything(round_two(small_event))
    assert unchanged(client, small_event, before)


@pytest.mark.django_db
def test_an_unpublished_round_changes_no_etag(client, small_event):
    publish_round(round_two(small_event), False)
    before = etags(client, small_event)
    close_and_reopen_everything(round_two(small_event))
    assert unchanged(client, small_event, before)


@pytest.mark.django_db
def test_a_table_reopened_in_a_public_round_makes_a_new_etag(client, small_event):
    before = etags(client, small_event)
    table = round_two(small_event).tables.select_related("round__tournament").first()
    reopen_table(table, reason="a deal was noted at the wrong table")
    assert not unchanged(client, small_event, before)
