"""Seats bound to phones, checked by the server: one phone cannot be both
sides of a deal, whatever its page sends."""

import pytest

from scoring.models import Deal, SeatBinding, Submission
from scoring.tableside import phones, services
from tests.tableside.helpers import (
    JSON,
    confirm,
    deal_seats,
    enter,
    link,
    phone,
    rik,
    running,
    seated,
)
from tournaments.models import AuditLog, TournamentRole

pytestmark = pytest.mark.django_db


def choose(client, table, seat):
    return client.post(
        link(services.key_for(table), "tableside:seat"),
        {"seat": seat},
        follow=True,
    )


def test_a_phone_that_picked_a_seat_holds_it_by_a_cookie_the_server_checks():
    table = running("bind-1")
    mine = seated(table, 2)
    cookie = mine.cookies[phones.COOKIE % services.key_for(table).slot]
    assert cookie["httponly"] and cookie["path"] == link(services.key_for(table))
    binding = SeatBinding.objects.get(table=table)
    assert binding.seat == 2
    assert binding.token_hash != cookie.value  # only its hash is kept
    assert phones.seat_of(table, cookie.value) == 2
    assert phones.seat_of(table, "made-up") is None


def test_a_seat_already_held_cannot_be_taken_by_another_phone():
    table = running("bind-2")
    seated(table, 3)
    page = choose(phone(), table, 3).content.decode()
    assert "Another phone already holds the seat" in page
    assert SeatBinding.objects.filter(table=table).count() == 1
    assert "taken by another phone" in page  # the choice says so, disabled


def test_a_phone_cannot_move_to_another_seat_during_the_round():
    table = running("bind-3")
    mine = seated(table, 1)
    page = choose(mine, table, 3).content.decode()
    assert "already holds the seat of" in page
    assert list(SeatBinding.objects.values_list("seat", flat=True)) == [1]


def test_in_confirm_mode_one_phone_cannot_confirm_its_own_deal_as_the_other_side():
    """The attack of the issue: enter as seat 1, "not you?", pick seat 3,
    confirm. The seat posted is ignored and the phone cannot re-seat."""
    table = running("bind-4", "confirm")
    d, p, o, _o2 = deal_seats(table)
    mine = seated(table, d)
    enter(mine, table, 1, rik(d, p), "own")
    entry = Submission.objects.get(table=table)
    assert "already holds the seat" in choose(mine, table, o).content.decode()
    key = services.key_for(table)
    forged = mine.post(link(key, "tableside:confirm", entry.pk), {"seat": o}, **JSON)
    assert forged.status_code == 403
    assert not Deal.objects.filter(table=table).exists()
    assert confirm(seated(table, o), table, entry.pk).json()["ok"] is True


def test_in_blind_mode_one_phone_cannot_enter_for_both_sides():
    table = running("bind-5", "blind")
    d, p, o, _o2 = deal_seats(table)
    mine = seated(table, d)
    enter(mine, table, 1, rik(d, p), "first")
    second = mine.post(
        link(services.key_for(table), "tableside:deal", 1),
        {**rik(d, p), "seat": o, "key": "second"},
        **JSON,
    )
    assert second.status_code == 200  # taken as seat d's correction, not seat o's
    entries = Submission.objects.filter(table=table)
    assert set(entries.values_list("seat", flat=True)) == {d}
    assert not Deal.objects.filter(table=table).exists()


def test_a_phone_without_a_seat_enters_and_confirms_nothing():
    table = running("bind-6", "confirm")
    d, p, _o, _o2 = deal_seats(table)
    stranger = phone()
    answer = stranger.post(
        link(services.key_for(table), "tableside:deal", 1),
        {**rik(d, p), "seat": d, "key": "s"},
        **JSON,
    )
    assert answer.status_code == 403 and answer.json()["code"] == "no_seat"
    enter(seated(table, d), table, 1, rik(d, p), "real")
    entry = Submission.objects.get(table=table)
    assert confirm(stranger, table, entry.pk).status_code == 403
    assert not Deal.objects.exists() or not Deal.objects.filter(table=table).exists()


def test_the_td_frees_a_seat_for_another_phone_and_it_is_audited(client, make_user):
    from django.urls import reverse

    table = running("bind-7", "confirm")
    lost = seated(table, 4)
    td = make_user("td-free")
    TournamentRole.objects.create(tournament=table.round.tournament, user=td, role="td")
    client.force_login(td)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(reverse("td:disputes", args=["bind-7", 2, 1]))
    assert "Free the seat" in page.content.decode()
    client.post(reverse("td:hall-release", args=["bind-7", 2, 1]), {"seat": 4})
    assert not SeatBinding.objects.filter(table=table).exists()
    line = AuditLog.objects.get(action="table.release")
    assert line.detail["seat"] == 4 and line.user == td
    assert seated(table, 4)  # a new phone takes it
    d, p, _o, _o2 = deal_seats(table)
    answer = lost.post(
        link(services.key_for(table), "tableside:deal", 1),
        {**rik(d, p), "key": "old"},
        **JSON,
    )
    assert answer.status_code == 403  # the old phone no longer speaks for seat 4


def test_freeing_a_seat_is_for_the_events_td_only(client, make_user):
    from django.urls import reverse

    table = running("bind-8", "confirm")
    seated(table, 1)
    client.force_login(make_user("not-td"))
    answer = client.post(reverse("td:hall-release", args=["bind-8", 2, 1]), {"seat": 1})
    assert answer.status_code in (403, 404)
    assert SeatBinding.objects.filter(table=table).count() == 1


def test_a_retry_of_a_stored_deal_is_answered_even_after_the_seat_was_freed():
    """The server has it: the phone's resend (same key) hears "saved"."""
    table = running("bind-9", "confirm")
    d, p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    assert enter(mine, table, 1, rik(d, p), "kept").status_code == 200
    phones.release(table, d, None)
    again = enter(mine, table, 1, rik(d, p), "kept")
    assert again.status_code == 200 and again.json()["status_code"] == "waiting"
    assert Submission.objects.filter(table=table).count() == 1


def test_a_change_link_with_junk_is_the_plain_page():
    table = running("bind-10", "confirm")
    mine = seated(table, 1)
    for junk in ("²", "9" * 5000, "-1", "x"):
        answer = mine.get(link(services.key_for(table)) + f"?change={junk}")
        assert answer.status_code == 200, junk
