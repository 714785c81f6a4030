"""Next week's evening always gets a code, or a clear refusal, at once: a
long season code or codes taken on purpose never hang a worker."""

import datetime
import random
import signal
from contextlib import contextmanager

import pytest
from django.urls import reverse

from rules import naming
from seasons.models import Competition
from seasons.services import create_evening
from tournaments.models import Club, Player, Tournament

DAY = datetime.date(2027, 1, 5)


@contextmanager
def deadline(seconds: float):
    """A search that does not end fails the test instead of hanging CI."""

    def stop(_signum, _frame):
        raise TimeoutError(f"still searching for a code after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def club(db):
    return Club.objects.create(name="De Troefaas", city="Breda")


def season_of(club, slug: str) -> Competition:
    return Competition.objects.create(club=club, name="Winter", slug=slug)


def four(club) -> list[Player]:
    return [Player.objects.create(name=n, club=club) for n in ("A", "B", "C", "D")]


def squat(*codes: str) -> None:
    """Events of another club under the codes the next evening would take."""
    Tournament.objects.bulk_create(
        Tournament(slug=code, name="Not yours", date=DAY) for code in codes
    )


@pytest.mark.parametrize("length", [58, 59, 60])
def test_long_season_codes_get_distinct_evening_codes(club, length):
    season = season_of(club, "w" * length)
    players = four(club)
    with deadline(5):
        codes = [create_evening(season, DAY, players).slug for _ in range(12)]
    assert len(set(codes)) == 12
    assert all(len(code) <= 60 for code in codes)
    assert [code.rsplit("-", 1)[1] for code in codes] == [str(n) for n in range(1, 13)]


def test_codes_squatted_the_way_the_old_search_counted_still_give_a_code(club):
    """The old search tried ``<season>-2-<number of events>``; taking that
    one too made it loop for ever."""
    season = season_of(club, "winter")
    create_evening(season, DAY, four(club))
    squat("winter-2", *(f"winter-2-{n}" for n in range(2, 51)))
    squat(f"winter-2-{Tournament.objects.count() + 1}")  # the count stays put
    with deadline(5):  # it looped for ever; now it ends, busy machine or not
        event = create_evening(season, DAY, [])
    assert (
        event.slug.startswith("winter-2-") and len(event.slug) == len("winter-2-") + 6
    )
    assert season.evenings.get(number=2).tournament == event


@pytest.fixture
def organiser(client, make_user, club):
    client.force_login(make_user("secretary", organiser=True, clubs=[club]))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_past_the_bound_the_organiser_gets_a_clear_refusal(
    organiser, club, monkeypatch
):
    monkeypatch.setattr(naming.random, "SystemRandom", lambda: random.Random(5))
    season = season_of(club, "l" * 60)
    squat(*naming.candidates("l" * 60, 60, keep="-1", rng=random.Random(5)))
    players = [p.pk for p in four(club)]
    with deadline(5):
        response = organiser.post(
            reverse("td:season-new-evening", args=[season.slug]),
            {"date": "2027-01-05", "players": players},
            follow=True,
        )
    assert response.status_code == 200
    assert "No evening was made: every event code like" in response.content.decode()
    assert not season.evenings.exists()
