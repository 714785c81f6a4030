"""A season backup imported again, under a new code, is the same season:
its evenings keep their identities (``Tournament.uid``) and the ratings
count each once, however often it is imported."""

import json

import pytest

from documents.season_backup import export_competition, import_competition
from seasons.models import Rating
from seasons.ratings import recompute_ratings
from seasons.undo import delete_season


def ratings():
    """Every rating but the event's row (copies have rows of their own)."""
    return sorted(
        (p, round(mu, 9), round(sigma, 9), n)
        for p, mu, sigma, n in Rating.objects.values_list(
            "player_id", "mu", "sigma", "events"
        )
    )


@pytest.fixture
def backup(season):
    return json.dumps(export_competition(season))


def test_importing_a_season_twice_rates_it_as_once(
    season, backup, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        delete_season(season, season.slug)
    assert not Rating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        first = import_competition(backup, slug="najaar-a")
    once = ratings()
    assert once
    with django_capture_on_commit_callbacks(execute=True):
        second = import_competition(backup, slug="najaar-b")
    assert ratings() == once
    assert set(first.evenings.values_list("tournament__uid", flat=True)) == set(
        second.evenings.values_list("tournament__uid", flat=True)
    )
    rated = set(Rating.objects.values_list("tournament_id", flat=True))
    assert rated <= set(first.evenings.values_list("tournament_id", flat=True))
    recompute_ratings()
    assert ratings() == once  # a recompute from scratch agrees


def test_a_copy_beside_the_original_moves_no_rating(
    season, backup, django_capture_on_commit_callbacks
):
    recompute_ratings()
    before = ratings()
    with django_capture_on_commit_callbacks(execute=True):
        import_competition(backup, slug="copy-a")
        import_competition(backup, slug="copy-b")
    assert ratings() == before


def test_deleting_the_original_lets_its_copy_count_instead(
    season, backup, django_capture_on_commit_callbacks
):
    recompute_ratings()
    before = ratings()
    with django_capture_on_commit_callbacks(execute=True):
        copy = import_competition(backup, slug="copy-a")
        delete_season(season, season.slug)
    assert ratings() == before
    rated = set(Rating.objects.values_list("tournament_id", flat=True))
    assert rated == set(copy.evenings.values_list("tournament_id", flat=True))
