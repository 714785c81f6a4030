"""Smoke: every TD page renders for its TD, in Dutch and in English."""

import pytest

from tournaments.models import Club, Player


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_it_renders_every_page(td_client, small_event, lang):
    td_client.defaults["HTTP_ACCEPT_LANGUAGE"] = lang
    s = small_event.slug
    player, club = Player.objects.first(), Club.objects.first()
    urls = [
        "/manage/",
        "/manage/new/",
        f"/manage/{s}/",
        f"/manage/{s}/settings/",
        f"/manage/{s}/entries/",
        f"/manage/{s}/round/1/",
        f"/manage/{s}/round/2/",
        f"/manage/{s}/jury/",
        f"/manage/{s}/audit/",
        "/players/",
        f"/players/{player.pk}/",
        "/clubs/",
        f"/clubs/{club.pk}/",
    ]
    for url in urls:
        response = td_client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Content-Language"] == lang
