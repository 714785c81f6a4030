"""Fixtures for the TD pages: an unseated event with players checked in."""

import datetime

import pytest

from tournaments.models import Entry, Player, TournamentRole
from tournaments.services import create_tournament


@pytest.fixture
def fresh_event(db):
    """3 rounds × 4 deals under nl, 10 players checked in, nothing seated."""
    tournament = create_tournament(
        slug="fresh",
        name="Fresh",
        date=datetime.date(2026, 11, 21),
        rules="nl",
        rounds=3,
        deals_per_round=4,
    )
    players = Player.objects.bulk_create(
        Player(name=f"Speler {i:02d}") for i in range(10)
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, status=Entry.Status.PRESENT)
        for p in players
    )
    return tournament


@pytest.fixture
def fresh_client(client, make_user, fresh_event):
    user = make_user("fresh_td")
    TournamentRole.objects.create(tournament=fresh_event, user=user, role="td")
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture(autouse=True)
def english(client):
    """Assert on the English source strings, whatever .mo files exist."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
