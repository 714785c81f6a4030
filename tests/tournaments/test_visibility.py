"""The visibility rule read as a query and as the check of a loaded round
gives the same answer, for every combination of published, the event's
rounds, its hidden last rounds and the round's number, and from every
relation path the callers use (rounds, tables, seats, deals)."""

import datetime
import itertools

import pytest
from django.db import transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.models import Deal
from tests.examples import examples
from tournaments.models import Entry, Player, Round, Seat, TableRound, Tournament
from tournaments.visibility import (
    every_round_public,
    hidden_until_prize_giving,
    is_public,
    public_round_numbers,
    public_rounds_q,
    round_is_public,
)

DAY = datetime.date(2025, 1, 1)


def event(rounds: int, hide: int, slug: str) -> Tournament:
    return Tournament.objects.create(
        slug=slug, name=slug, date=DAY, rounds=rounds, hide_last_rounds=hide
    )


def seated_rounds(tournament: Tournament, published: dict[int, bool]) -> list[Round]:
    """Rounds numbered as ``published`` says, each with a table, a seat and
    a deal (bulk: no signal runs)."""
    made = Round.objects.bulk_create(
        Round(tournament=tournament, number=n, status=Round.Status.CLOSED, published=p)
        for n, p in published.items()
    )
    tables = TableRound.objects.bulk_create(TableRound(round=r, number=1) for r in made)
    entry = Entry.objects.create(
        tournament=tournament, player=Player.objects.create(name=tournament.slug)
    )
    Seat.objects.bulk_create(Seat(table=t, position=1, entry=entry) for t in tables)
    Deal.objects.bulk_create(Deal(table=t, number=1, record={}) for t in tables)
    return made


def shown_by_query(tournaments) -> dict[str, set[int]]:
    """The rounds the query condition shows, read from each relation path."""
    mine = {"tournament__in": tournaments}
    by_path = {
        "rounds": Round.objects.filter(public_rounds_q(), **mine),
        "tables": TableRound.objects.filter(
            public_rounds_q("round__"), round__tournament__in=tournaments
        ),
        "seats": Seat.objects.filter(
            public_rounds_q("table__round__"), table__round__tournament__in=tournaments
        ),
        "deals": Deal.objects.filter(
            public_rounds_q("table__round__"), table__round__tournament__in=tournaments
        ),
    }
    field = {"rounds": "pk", "tables": "round_id"}
    return {
        path: set(rows.values_list(field.get(path, "table__round_id"), flat=True))
        for path, rows in by_path.items()
    }


@pytest.mark.django_db
def test_query_and_loaded_check_agree_on_every_combination():
    """Events of 1 to 4 rounds hiding 0 to 5 (more than they have too),
    every round published or not, and one round beyond the last."""
    rounds_by_event = {}
    for rounds, hide, pattern in itertools.product(range(1, 5), range(6), range(4)):
        tournament = event(rounds, hide, f"v-{rounds}-{hide}-{pattern}")
        # pattern's two bits: are the even rounds published, are the odd ones
        published = {n: bool((pattern >> (n % 2)) & 1) for n in range(1, rounds + 2)}
        rounds_by_event[tournament] = seated_rounds(tournament, published)
    loaded = Round.objects.select_related("tournament")
    checked = {
        r.pk for r in loaded.filter(tournament__in=rounds_by_event) if is_public(r)
    }
    assert any(checked) and len(checked) < sum(map(len, rounds_by_event.values()))
    for path, shown in shown_by_query(list(rounds_by_event)).items():
        assert shown == checked, path
    for tournament, made in rounds_by_event.items():
        numbers = [r.number for r in made if r.pk in checked]
        assert public_round_numbers(tournament) == numbers
        finished = all(r.pk in checked for r in made)
        assert every_round_public(tournament) == finished
        for r in made:
            hidden = hidden_until_prize_giving(tournament, r.number)
            assert round_is_public(tournament, r.number, r.published) == (
                r.published and not hidden
            )


@pytest.mark.django_db
@settings(max_examples=examples(150), deadline=None)
@given(
    rounds=st.integers(1, 30),
    hide=st.integers(0, 31),
    number=st.integers(1, 32),
    published=st.booleans(),
)
def test_query_and_loaded_check_agree(rounds, hide, number, published):
    with transaction.atomic():
        tournament = event(rounds, hide, "v-prop")
        (made,) = seated_rounds(tournament, {number: published})
        made = Round.objects.select_related("tournament").get(pk=made.pk)
        shown = {made.pk} if is_public(made) else set()
        assert all(s == shown for s in shown_by_query([tournament]).values())
        assert (number in public_round_numbers(tournament)) == bool(shown)
        transaction.set_rollback(True)


def test_the_rule_on_plain_values():
    """The prize-giving's rounds are the last ``hide``; nothing else hides."""
    four = Tournament(rounds=4, hide_last_rounds=2)
    assert [round_is_public(four, n, True) for n in range(1, 6)] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert not round_is_public(four, 1, published=False)
    open_ = Tournament(rounds=4, hide_last_rounds=0)
    assert all(round_is_public(open_, n, True) for n in range(1, 6))
    assert hidden_until_prize_giving(four, 3) and not hidden_until_prize_giving(four, 2)
