"""Seat a round (generate, swap), refuse swaps after deals, close and publish."""

import pytest

from demo.events import fill_table
from scoring.models import Deal
from scoring.services import freeze_rules
from tournaments import seating_screen
from tournaments.models import Entry, Player, Round, Seat
from tournaments.rounds import RoundRefusedError, close_round


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def seat(client, event, n=1, **data):
    return client.post(f"/manage/{event.slug}/round/{n}/generate/", data, follow=True)


@pytest.mark.django_db
def test_it_generates_a_seating_of_present_players(fresh_client, fresh_event):
    response = seat(fresh_client, fresh_event)
    assert response.status_code == 200
    round_ = fresh_event.round_set.get(number=1)
    assert round_.status == "seated"
    sizes = sorted(t.seats.count() for t in round_.tables.all())
    assert sizes == [5, 5]
    assert fresh_event.audit.filter(action="round.seat").exists()
    page = fresh_client.get(f"/manage/{fresh_event.slug}/round/1/")
    content = page.content.decode()
    assert "Speler 00" in content
    assert "/manage/fresh/round/1/table/1/" in content
    assert page.context["diag"] is None  # shown once, after generating
    assert response.context["diag"]["engine"] in ("optimal", "simple")


@pytest.mark.django_db
def test_it_uses_history_to_avoid_repeats(fresh_client, fresh_event):
    seat(fresh_client, fresh_event, 1)
    response = seat(fresh_client, fresh_event, 2)
    diag = response.context["diag"]
    assert diag["engine"] == "optimal"
    # 10 players at two 5-tables: some repeats are unavoidable, the engine
    # reports its lower bound next to the count
    assert diag["total_repeats"] >= diag["lower_bound"]


@pytest.mark.django_db
def test_it_falls_back_to_the_simple_generator(fresh_event, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(seating_screen, "_call_engine", broken)
    round_ = fresh_event.round_set.get(number=1)
    tables, _out, diag = seating_screen.generate_tables(round_)
    assert diag["engine"] == "simple"
    assert sorted(len(t) for t in tables) == [5, 5]


@pytest.mark.django_db
def test_it_refuses_an_unseatable_count_and_offers_byes(fresh_client, fresh_event):
    fresh_event.entries.filter(
        pk__in=list(fresh_event.entries.values_list("pk", flat=True)[:3])
    ).update(status=Entry.Status.REGISTERED)  # 7 present
    response = seat(fresh_client, fresh_event)
    assert response.context["diag"]["code"] == "unseatable"
    assert "byes" in response.content.decode()
    assert not Seat.objects.filter(table__round__tournament=fresh_event).exists()
    response = seat(fresh_client, fresh_event, byes="on")
    assert len(response.context["diag"]["byes"]) == 3
    assert Seat.objects.filter(table__round__tournament=fresh_event).count() == 4


@pytest.mark.django_db
def test_it_swaps_two_players(fresh_client, fresh_event):
    seat(fresh_client, fresh_event)
    round_ = fresh_event.round_set.get(number=1)
    s1 = Seat.objects.filter(table__round=round_, table__number=1).first()
    s2 = Seat.objects.filter(table__round=round_, table__number=2).first()
    url = f"/manage/{fresh_event.slug}/round/1/swap/"
    fresh_client.post(url, {"a": s1.entry_id, "b": s2.entry_id})
    assert Seat.objects.get(pk=s1.pk).entry_id == s2.entry_id
    assert Seat.objects.get(pk=s2.pk).entry_id == s1.entry_id
    assert fresh_event.audit.filter(action="round.swap").exists()


@pytest.mark.django_db
def test_it_refuses_a_swap_and_a_reseat_once_deals_are_stored(td_client, small_event):
    round_ = small_event.round_set.get(number=1)
    seats = list(Seat.objects.filter(table__round=round_)[:2])
    before = [s.entry_id for s in seats]
    url = f"/manage/{small_event.slug}/round/1/swap/"
    response = td_client.post(
        url, {"a": seats[0].entry_id, "b": seats[1].entry_id}, follow=True
    )
    assert "seating is fixed" in response.content.decode()
    assert [Seat.objects.get(pk=s.pk).entry_id for s in seats] == before
    response = td_client.post(f"/manage/{small_event.slug}/round/1/generate/")
    assert [Seat.objects.get(pk=s.pk).entry_id for s in seats] == before


@pytest.mark.django_db
def test_it_closes_only_when_every_table_is_done(fresh_client, fresh_event):
    seat(fresh_client, fresh_event)
    freeze_rules(fresh_event)
    round_ = fresh_event.round_set.get(number=1)
    t1, t2 = round_.tables.order_by("number")
    import random

    Deal.objects.bulk_create(fill_table(t1, 4, random.Random(1))[0])
    url = f"/manage/{fresh_event.slug}/round/1/"
    response = fresh_client.post(url + "close/", {"confirmed": "1"}, follow=True)
    assert "still open: 2" in response.content.decode()
    round_.refresh_from_db()
    assert round_.status == "seated"
    Deal.objects.bulk_create(fill_table(t2, 4, random.Random(2))[0])
    fresh_client.post(url + "close/", {"confirmed": "1"})
    round_.refresh_from_db()
    assert round_.status == "closed"
    assert not round_.tables.filter(closed=False).exists()
    fresh_client.post(url + "publish/", {"publish": "1", "confirmed": "1"})
    round_.refresh_from_db()
    assert round_.published
    fresh_client.post(url + "publish/", {"publish": "0", "confirmed": "1"})
    round_.refresh_from_db()
    assert not round_.published
    fresh_client.post(url + "reopen/")
    round_.refresh_from_db()
    assert round_.status == "seated"
    assert not round_.tables.filter(closed=True).exists()
    actions = set(fresh_event.audit.values_list("action", flat=True))
    assert {"round.close", "round.publish", "round.unpublish", "round.reopen"} <= (
        actions
    )


@pytest.mark.django_db
def test_it_refuses_to_close_or_publish_an_unseated_round(fresh_event):
    round_ = fresh_event.round_set.get(number=1)
    with pytest.raises(RoundRefusedError):
        close_round(round_)
    from tournaments.rounds import publish_round

    with pytest.raises(RoundRefusedError):
        publish_round(round_, True)
    assert not Round.objects.get(pk=round_.pk).published


@pytest.mark.django_db
def test_it_lists_the_seating_by_name(td_client, small_event):
    response = td_client.get(f"/manage/{small_event.slug}/round/2/")
    assert response.status_code == 200
    names = [s.entry.player.name for s in response.context["by_name"]]
    assert names == sorted(names, key=str.lower)
    assert len(names) == Player.objects.count()


@pytest.mark.django_db
def test_round_by_round_follows_a_design_without_repeats(fresh_event):
    """16 players, 5 rounds seated one at a time: AG(2,4), nobody meets twice."""
    from tournaments.services import seat_round

    fresh_event.rounds = 5
    fresh_event.save()
    more = Player.objects.bulk_create(Player(name=f"Extra {i}") for i in range(6))
    Entry.objects.bulk_create(
        Entry(tournament=fresh_event, player=p, status=Entry.Status.PRESENT)
        for p in more
    )
    for n in range(1, 6):
        round_, _created = Round.objects.get_or_create(tournament=fresh_event, number=n)
        tables, _out, diag = seating_screen.generate_tables(round_)
        assert diag["engine"] == "optimal"
        seat_round(round_, tables)
    last = fresh_event.round_set.get(number=5)
    before = seating_screen.history_of(last)
    tables = [[s.entry_id for s in t.seats.all()] for t in last.tables.all()]
    assert len(before) == 4
    assert seating_screen.new_repeats(before, tables) == 0
    assert diag["total_repeats"] == 0
