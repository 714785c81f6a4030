"""Pairs kept apart at the seating, club-mates apart, and what the round
page is told about a seating (issue 26, items 4-5)."""

from itertools import combinations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import translation

from tournaments.keep_apart import (
    KeepApartRefusedError,
    add_pair,
    club_key,
    remove_pair,
)
from tournaments.models import AuditLog, Club, Entry, KeepApart, Player, Round
from tournaments.seating_outcome import SeatingOutcome
from tournaments.seating_screen import generate_tables
from tournaments.services import create_tournament, register


def make_event(n: int, clubs: int, td):
    event = create_tournament(
        user=td, slug=f"ka{n}", name="Keep apart", date="2026-11-28", rounds=4
    )
    club_rows = [Club.objects.create(name=f"Club {c}") for c in range(clubs)]
    players = [
        Player.objects.create(name=f"Speler {i}", club=club_rows[i % clubs])
        for i in range(n)
    ]
    register(event, players, td)
    Entry.objects.filter(tournament=event).update(status=Entry.Status.PRESENT)
    return event


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def td(make_user):
    return make_user("td1")


def test_round_one_keeps_club_mates_apart(td):
    event = make_event(22, 5, td)
    round_ = Round.objects.get(tournament=event, number=1)
    tables, _out, diag = generate_tables(round_)
    assert not diag["error"]
    for table in tables:
        clubs = [e.player.club_id for e in table]
        assert len(clubs) == len(set(clubs))
    assert diag["club_meetings"] == 0
    assert diag["outcome"]["club_meetings"] == 0
    assert "Club-mates all sit at different tables." in diag["messages"]


def test_named_pairs_sit_apart_and_are_counted(td):
    event = make_event(16, 1, td)  # one club: club-mates cannot be apart
    entries = list(event.entries.order_by("id"))
    add_pair(event, entries[0], entries[1], td)
    add_pair(event, entries[2], entries[3], td)
    round_ = Round.objects.get(tournament=event, number=1)
    tables, _out, diag = generate_tables(round_)
    ids = [{e.pk for e in t} for t in tables]
    for a, b in ((0, 1), (2, 3)):
        assert not any({entries[a].pk, entries[b].pk} <= t for t in ids)
    assert diag["apart_meetings"] == 0
    assert "Every pair to keep apart sits apart." in diag["messages"]
    # 16 players of one club, tables of 4: 24 club-mate pairs at least
    assert diag["club_meetings"] == 24
    assert "24 pairs of club-mates sit at one table." in diag["messages"]


def test_only_the_td_adds_or_removes_a_pair(td, make_user):
    event = make_event(8, 2, td)
    a, b = event.entries.order_by("id")[:2]
    stranger = make_user("other")
    with pytest.raises(PermissionDenied):
        add_pair(event, a, b, stranger)
    pair = add_pair(event, b, a, td)
    assert (pair.first_id, pair.second_id) == (a.pk, b.pk)
    with pytest.raises(KeepApartRefusedError):
        add_pair(event, a, b, td)
    with pytest.raises(KeepApartRefusedError):
        add_pair(event, a, a, td)
    with pytest.raises(PermissionDenied):
        remove_pair(event, pair.pk, stranger)
    remove_pair(event, pair.pk, td)
    assert not KeepApart.objects.exists()
    assert AuditLog.objects.filter(action__startswith="seating.keep_apart").count() == 2


def test_the_page_adds_lists_and_removes_pairs(client, td, make_user):
    """The pages speak Dutch, the site's first language."""
    event = make_event(8, 2, td)
    a, b = event.entries.order_by("id")[:2]
    url = reverse("td:keep-apart", args=[event.slug])
    client.force_login(td)
    entries_page = client.get(reverse("td:entries", args=[event.slug]))
    assert url in entries_page.content.decode()
    assert client.get(url).status_code == 200
    response = client.post(url, {"first": a.pk, "second": a.pk})
    assert response.status_code == 400
    assert "Kies twee verschillende spelers." in response.content.decode()
    response = client.post(url, {"first": a.pk, "second": b.pk}, follow=True)
    assert response.status_code == 200
    assert a.player.name in response.content.decode()
    pair = KeepApart.objects.get()
    remove = reverse("td:keep-apart-remove", args=[event.slug, pair.pk])
    assert client.post(remove, follow=True).status_code == 200
    assert not KeepApart.objects.exists()
    again = client.post(remove, follow=True)
    assert "Dit paar wordt niet meer uit elkaar gehouden." in again.content.decode()
    client.force_login(make_user("nobody"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"first": a.pk, "second": b.pk}).status_code == 403


def test_club_as_text_counts_as_a_club(td):
    event = make_event(4, 1, td)
    entry = event.entries.first()
    entry.player.club = None
    entry.player.save()
    entry.refresh_from_db()
    if hasattr(entry, "club_name"):
        entry.club_name = "  De  Klaveren "
        assert club_key(entry) == "text:de klaveren"
    entry.club_name = ""
    assert club_key(entry) == ""


def test_messages_never_contradict():
    at_bound = SeatingOutcome(round_repeats=8, total_repeats=8, bound=8)
    text = at_bound.messages()
    assert text[0] == "This round: 8 repeat meetings."
    assert "no seating of these rounds can have fewer" in text[1]
    above = SeatingOutcome(round_repeats=1, total_repeats=1, bound=0)
    text = above.messages()
    assert text[0] == "This round: 1 repeat meeting."
    assert "fewer" not in " ".join(text)
    assert "Another seating might avoid them." in text[1]
    some = SeatingOutcome(round_repeats=3, total_repeats=5, bound=2)
    assert "At least 2 cannot be avoided." in some.messages()[1]
    none = SeatingOutcome().messages()
    assert none == ["This round: no repeat meetings."]
    with translation.override("nl"):
        text = SeatingOutcome(
            round_repeats=1, total_repeats=1, bound=1, has_clubs=True, club_meetings=1
        ).messages()
    assert text[0] == "Deze ronde: 1 herhaalde ontmoeting."
    assert text[2] == "1 paar clubgenoten zit aan één tafel."


def test_the_outcome_counts_what_the_simple_generator_seated():
    from tournaments.seating_screen import describe

    diag = {"repeats": 0, "engine": "simple", "byes": []}
    clubs = {1: "a", 2: "a", 3: "b", 4: "c", 5: "b"}
    describe(diag, {"clubs": clubs, "keep_apart": [(3, 4)]}, [[1, 2, 3, 4, 5]])
    assert diag["club_meetings"] == 2
    assert diag["apart_meetings"] == 1
    assert sum(1 for _ in combinations(range(5), 2)) == 10
