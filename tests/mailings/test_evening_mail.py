"""A club evening mails once its last partij is published: each subscriber
their evening and, for those who asked, the season ranking after it; in
the player's language, through the TD's own publish page, the
mail sent after the response."""

import datetime

import pytest
from django.urls import reverse

from mailings.models import Mail, MailDue
from seasons.services import season_standings
from tournaments.models import Player, Round, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_evening(db):
    from demo.season import generate_season

    competition = generate_season(
        "mailclub", players=10, evenings=2, deals=4, seed=5, attendance=(8, 10)
    )
    evening = competition.evenings.order_by("-number").first()
    event = evening.tournament
    Round.objects.filter(tournament=event).update(published=False)
    for player in Player.objects.filter(entries__tournament=event):
        player.email = f"p{player.pk}@example.org"
        player.mail_consent_at = datetime.date(2026, 9, 1)
        player.mail_results = player.mail_season = True
        player.mail_language = "en"
        player.save()
    MailDue.objects.all().delete()
    return evening


def publish_as_td(client, make_user, event, number):
    user = make_user(f"td{number}")
    TournamentRole.objects.get_or_create(tournament=event, user=user, role="td")
    client.force_login(user)
    url = reverse("td:round-publish", args=[event.slug, number])
    return client.post(url, {"publish": "1", "confirmed": "1"})


def test_the_evening_mails_once_complete_with_the_season_ranking(
    smtp, last_evening, client, make_user, django_capture_on_commit_callbacks
):
    event = last_evening.tournament
    with django_capture_on_commit_callbacks(execute=True):
        publish_as_td(client, make_user, event, 1)
    assert smtp.messages == []  # one partij of two: the evening is not over
    with django_capture_on_commit_callbacks(execute=True):
        answer = publish_as_td(client, make_user, event, 2)
    assert answer.status_code == 302
    players = event.entries.count()
    subjects = [m["Subject"].strip() for m in smtp.messages]
    assert sum(s.startswith("Your results: ") for s in subjects) == players
    season = [
        m
        for m in smtp.messages
        if m["Subject"].strip().startswith("Season ranking after evening 2")
    ]
    assert len(season) == players
    standings = season_standings(last_evening.competition, public=True)
    first = standings.rows[0]
    mine = next(
        m for m in season if m["To"] == Player.objects.get(pk=first.player).email
    )
    text = mine.get_body(preferencelist=("plain",)).get_content()
    assert f"Your rank in the season: {first.rank}" in text
    assert "after evening 2" in text
    assert Mail.objects.filter(kind="season", scope="evening").count() == players
