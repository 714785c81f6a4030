"""A manual move may leave a table of three only when the event plays tables
of three with the blind man (issue 29)."""

import pytest

from tournaments import seating_screen
from tournaments.models import Entry, Seat
from tournaments.moves import Place, move_player
from tournaments.services import SeatingRefusedError


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def sizes(round_) -> list[int]:
    tables: dict[int, int] = {}
    for number in Seat.objects.filter(table__round=round_).values_list(
        "table__number", flat=True
    ):
        tables[number] = tables.get(number, 0) + 1
    return sorted(tables.values())


@pytest.fixture
def eight_at_two_tables(fresh_client, fresh_event):
    """Round 1 with 8 of the 10 players: two tables of four."""
    for late in fresh_event.entries.order_by("-id")[:2]:
        late.status = Entry.Status.REGISTERED
        late.save()
    fresh_client.post(f"/manage/{fresh_event.slug}/round/1/generate/")
    round_ = fresh_event.round_set.get(number=1)
    assert sizes(round_) == [4, 4]
    return round_


def a_player_of_table_one(round_) -> Entry:
    return Seat.objects.filter(table__round=round_, table__number=1).first().entry


@pytest.mark.django_db
def test_without_tables_of_three_a_move_that_leaves_three_is_refused(
    fresh_event, eight_at_two_tables
):
    round_ = eight_at_two_tables
    with pytest.raises(SeatingRefusedError, match="every table needs 4 or 5"):
        move_player(round_, a_player_of_table_one(round_), Place(2))


@pytest.mark.django_db
def test_with_tables_of_three_a_table_of_three_and_one_of_five_may_be_made(
    fresh_event, eight_at_two_tables
):
    fresh_event.tables_of_three = True
    fresh_event.save()
    round_ = eight_at_two_tables
    move_player(round_, a_player_of_table_one(round_), Place(2))
    assert sizes(round_) == [3, 5]
    with pytest.raises(SeatingRefusedError, match="every table needs 3, 4 or 5"):
        move_player(round_, a_player_of_table_one(round_), Place(2))
