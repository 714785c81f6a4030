"""Shared fixtures. Pure tests need none of these and stay off the database."""

import pytest


@pytest.fixture
def players():
    return ["Anna", "Bert", "Cor", "Dirk"]


@pytest.fixture
def make_user(db, django_user_model):
    def make(username="td", **extra):
        return django_user_model.objects.create_user(username, password="pw", **extra)

    return make


@pytest.fixture
def small_event(db):
    """A scored event: 10 players (two tables of five), 2 rounds × 4 deals, nl."""
    from scoring.demo import generate_event

    return generate_event("small", 10, 2, 4, rules="nl", seed=7)


@pytest.fixture
def td_client(client, make_user, small_event):
    """A client logged in as TD of ``small_event``."""
    from tournaments.models import TournamentRole

    user = make_user("td")
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    client.user = user
    return client
