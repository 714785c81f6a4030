"""Withdrawing a seated player: the TD chooses how to fill the seat; never a
silent stale seat; a table of three is refused."""

import pytest

from tournaments import seating_screen
from tournaments.models import Bye, Entry, Player, Seat
from tournaments.withdrawal import Choice, WithdrawalRefusedError, withdraw


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def seat(client, event, n=1, **data):
    return client.post(f"/manage/{event.slug}/round/{n}/generate/", data, follow=True)


def entry_at(event, size, n=1):
    """An entry seated at a table of ``size`` in round ``n``."""
    for table in event.round_set.get(number=n).tables.all():
        seats = list(table.seats.select_related("entry"))
        if len(seats) == size:
            return seats[0].entry
    raise AssertionError(f"no table of {size}")


def action(client, event, entry, what="withdraw"):
    return client.post(
        f"/manage/{event.slug}/entries/{entry.pk}/", {"action": what}, follow=False
    )


@pytest.mark.django_db
def test_withdrawing_a_seated_player_asks_how_to_fill_the_seat(
    fresh_client, fresh_event
):
    seat(fresh_client, fresh_event)
    entry = entry_at(fresh_event, 5)
    response = action(fresh_client, fresh_event, entry)
    assert response.status_code == 302
    assert response["Location"].endswith(f"/entries/{entry.pk}/withdraw/")
    entry.refresh_from_db()
    assert entry.status == "present"  # nothing happened yet
    page = fresh_client.get(response["Location"])
    choices = [c[0] for c in page.context["form"].fields["choice"].choices]
    assert choices == ["reseat", "substitute", "remove"]


@pytest.mark.django_db
def test_the_round_is_seated_again_without_the_player(fresh_client, fresh_event):
    seat(fresh_client, fresh_event)
    entry = entry_at(fresh_event, 5)
    url = f"/manage/{fresh_event.slug}/entries/{entry.pk}/withdraw/"
    fresh_client.post(url, {"choice": "reseat"})
    entry.refresh_from_db()
    assert (entry.status, entry.withdrawn_after) == ("withdrawn", 0)
    round_ = fresh_event.round_set.get(number=1)
    assert round_.status == "seated"
    seated = Seat.objects.filter(table__round=round_)
    assert not seated.filter(entry=entry).exists()
    assert seated.count() == 9  # a table of 4 and one of 5
    assert sorted(t.seats.count() for t in round_.tables.all()) == [4, 5]


@pytest.mark.django_db
def test_a_substitute_takes_the_seat_and_is_kept_apart(fresh_client, fresh_event):
    seat(fresh_client, fresh_event)
    entry = entry_at(fresh_event, 5)
    position = Seat.objects.get(entry=entry).position
    url = f"/manage/{fresh_event.slug}/entries/{entry.pk}/withdraw/"
    fresh_client.post(url, {"choice": "substitute", "substitute_name": "Invaller Ina"})
    sub = Entry.objects.get(tournament=fresh_event, player__name="Invaller Ina")
    assert sub.status == "substitute"
    assert Seat.objects.get(entry=sub).position == position
    standings = fresh_client.get(f"/manage/{fresh_event.slug}/standings/")
    rows = {r["name"]: r for r in standings.context["table"].data.data}
    assert rows["Invaller Ina"]["rank"] is None
    assert "substitute" in rows["Invaller Ina"]["notes"]


@pytest.mark.django_db
def test_a_table_of_five_plays_on_with_four(fresh_client, fresh_event):
    seat(fresh_client, fresh_event)
    entry = entry_at(fresh_event, 5)
    table = Seat.objects.get(entry=entry).table
    url = f"/manage/{fresh_event.slug}/entries/{entry.pk}/withdraw/"
    fresh_client.post(url, {"choice": "remove"})
    assert list(table.seats.values_list("position", flat=True)) == [1, 2, 3, 4]


@pytest.mark.django_db
def test_a_table_left_with_three_is_refused(fresh_event):
    from tournaments.services import seat_round

    entries = list(fresh_event.entries.all())
    seat_round(
        fresh_event.round_set.get(number=1),
        [entries[:4], entries[4:9]],
        byes=entries[9:],
    )
    with pytest.raises(WithdrawalRefusedError, match="3 players"):
        withdraw(entries[0], choice=Choice.REMOVE)
    assert Seat.objects.filter(entry=entries[0]).exists()
    assert Entry.objects.get(pk=entries[0].pk).status == "present"


@pytest.mark.django_db
def test_a_round_with_deals_elsewhere_takes_a_substitute_not_a_reseat(
    fresh_event,
):
    from scoring.services import save_deal, table_view
    from tournaments.services import seat_round

    entries = list(fresh_event.entries.all())
    round_ = fresh_event.round_set.get(number=1)
    t1, _t2 = seat_round(round_, [entries[:5], entries[5:10]])
    p = table_view(t1).players_for(1)
    save_deal(
        t1,
        1,
        {
            "plays": [
                {"contract": "rik", "declarer": p[0], "partner": p[1], "tricks": 8}
            ]
        },
    )
    with pytest.raises(WithdrawalRefusedError, match="cannot be seated again"):
        withdraw(entries[7], choice=Choice.RESEAT)
    substitute = Player.objects.create(name="Reserve")
    withdraw(entries[7], choice=Choice.SUBSTITUTE, substitute=substitute)
    assert Seat.objects.filter(entry__player=substitute).exists()
    # a player at the table with deals finishes the round
    withdraw(entries[0])
    finished = Entry.objects.get(pk=entries[0].pk)
    assert (finished.status, finished.withdrawn_after) == ("withdrawn", 1)
    assert Seat.objects.filter(entry=entries[0]).exists()


@pytest.mark.django_db
def test_a_withdrawal_between_rounds_needs_no_choice(fresh_client, fresh_event):
    entry = fresh_event.entries.first()
    response = action(fresh_client, fresh_event, entry)
    assert response["Location"].endswith("/entries/")
    entry.refresh_from_db()
    assert entry.status == "withdrawn"


@pytest.mark.django_db
def test_a_withdrawn_player_loses_a_bye_not_yet_played(fresh_event):
    from tournaments.services import seat_round

    entries = list(fresh_event.entries.all())
    seat_round(
        fresh_event.round_set.get(number=1),
        [entries[:4], entries[4:8]],
        byes=entries[8:],
    )
    withdraw(entries[9])
    assert not Bye.objects.filter(entry=entries[9]).exists()
