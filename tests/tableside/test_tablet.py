"""The table's tablet (issue 40, part 1): one device for a table where
phones are banned. The TD makes it (and is logged out on it), it shows
that table's page only until the TD unlocks it, and every entry and
confirmation on it acts for the seat whose code from the score sheet came
with it: the two-person rule and blind entry hold as on the phones, a
wrong code is refused by name and stores nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal, Submission
from scoring.tableside import seat_codes, services
from tests.tableside.helpers import JSON, deal_seats, link, rik, running, seated
from tournaments.models import AuditLog, TournamentRole


@pytest.fixture
def table(db):
    return running("tablet", "confirm")


@pytest.fixture
def td(make_user, table):
    user = make_user("td-tablet")
    TournamentRole.objects.create(
        tournament=table.round.tournament, user=user, role="td"
    )
    return user


def make_tablet(table, td) -> Client:
    device = Client(HTTP_ACCEPT_LANGUAGE="en")
    device.force_login(td)
    answer = device.post(
        reverse("tableside:make-tablet", args=["tablet", 2, table.number])
    )
    assert answer.status_code == 302
    assert answer["Location"] == link(services.key_for(table))
    return device


def code(table, seat: int) -> str:
    return seat_codes.seat_code(services.key_for(table).secret, seat)


def post(device, table, name: str, *args, **data):
    return device.post(link(services.key_for(table), name, *args), data, **JSON)


def test_seat_codes_are_four_digits_of_their_own():
    codes = {seat_codes.seat_code("secret-a", s) for s in range(1, 6)}
    assert all(len(c) == 4 and c.isdigit() for c in codes)
    assert len(codes) == 5
    assert seat_codes.seat_code("secret-b", 1) != seat_codes.seat_code("secret-a", 1)
    assert seat_codes.matches("secret-a", 2, " " + seat_codes.seat_code("secret-a", 2))
    assert not seat_codes.matches("secret-a", 2, seat_codes.seat_code("secret-a", 3))


def test_the_td_makes_a_tablet_that_shows_its_table_only(table, td):
    device = make_tablet(table, td)
    url = link(services.key_for(table))
    page = device.get(url).content.decode()
    assert "table's tablet" in page and 'name="tablet_code"' in page
    assert "Who are you?" in page and 'class="seat-choice"' not in page
    # logged out there, and every other page leads back to the table
    for elsewhere in ("/", "/manage/", "/t/tablet/", "/admin/"):
        answer = device.get(elsewhere)
        assert (answer.status_code, answer["Location"]) == (302, url), elsewhere
    assert device.get(reverse("tableside:unlock")).status_code == 200
    assert AuditLog.objects.filter(action="table.tablet").count() == 1


def test_an_entry_acts_for_the_seat_whose_code_came_with_it(table, td):
    device = make_tablet(table, td)
    d, p, o, _o2 = deal_seats(table)
    wrong = post(
        device, table, "tableside:deal", 1, **rik(d, p), key="k1",
        tablet_seat=d, tablet_code=code(table, o),
    )  # fmt: skip
    assert (
        wrong.status_code == 403 and "not the code of seat" in wrong.json()["message"]
    )
    assert not Submission.objects.filter(table=table).exists()
    saved = post(
        device, table, "tableside:deal", 1, **rik(d, p), key="k2",
        tablet_seat=d, tablet_code=code(table, d),
    )  # fmt: skip
    assert saved.json()["ok"], saved.json()
    entry = Submission.objects.get(table=table)
    assert entry.seat == d
    # the declarer's own side cannot confirm it; the other side's code can
    same = post(
        device, table, "tableside:confirm", entry.pk,
        tablet_seat=p, tablet_code=code(table, p),
    )  # fmt: skip
    assert same.status_code == 403 and not Deal.objects.filter(table=table).exists()
    other = post(
        device, table, "tableside:confirm", entry.pk,
        tablet_seat=o, tablet_code=code(table, o),
    )  # fmt: skip
    assert other.json()["ok"], other.json()
    entry.refresh_from_db()
    assert entry.confirmed_by == o and Deal.objects.filter(table=table).count() == 1


def test_blind_entry_on_a_tablet_takes_each_sides_code(table, td):
    from tests.tableside.helpers import set_mode

    set_mode(table, "blind")
    device = make_tablet(table, td)
    d, p, o, _o2 = deal_seats(table)
    for seat, key in ((d, "a"), (o, "b")):
        answer = post(
            device, table, "tableside:deal", 1, **rik(d, p), key=key,
            tablet_seat=seat, tablet_code=code(table, seat),
        )  # fmt: skip
        assert answer.json()["ok"], answer.json()
    assert Deal.objects.filter(table=table, number=1).count() == 1


def test_a_phone_at_another_table_is_no_tablet_and_the_tablet_no_phone(table, td):
    """Mixed: phones at table 2, the tablet at table 1, one round."""
    from tournaments.models import TableRound

    device = make_tablet(table, td)

    second = TableRound.objects.get(round=table.round, number=2)
    d, p, _o, _o2 = deal_seats(second)
    phone = seated(second, d)
    answer = post(phone, second, "tableside:deal", 1, **rik(d, p), key="ph")
    assert answer.json()["ok"]
    # the tablet's cookie carries nothing to another table: it is sent back
    assert device.get(link(services.key_for(second))).status_code == 302
    # and a post without a code from the tablet is refused by name
    refused = post(device, table, "tableside:deal", 1, **rik(d, p), key="nc")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_code"


def test_only_the_events_td_unlocks_the_tablet(table, td, make_user):
    device = make_tablet(table, td)
    unlock = reverse("tableside:unlock")
    page = device.get(unlock).content.decode()
    assert "Log in as the TD" in page
    device.post(unlock)  # nobody logged in: nothing happens
    assert device.get("/").status_code == 302
    stranger = make_user("stranger")
    device.force_login(stranger)
    device.post(unlock)
    assert device.get("/").status_code == 302
    device.force_login(td)
    answer = device.post(unlock)
    assert "no longer a table's tablet" in answer.content.decode()
    assert device.get("/").status_code == 200
    assert "_auth_user_id" not in device.session  # the TD is logged out again


def test_guessing_codes_is_stopped_as_guessing_links_is(table, td):
    from tableside import throttle

    device = make_tablet(table, td)
    d, p, _o, _o2 = deal_seats(table)
    wrong = str((int(code(table, d)) + 1) % 10000).zfill(4)
    answers = [
        post(
            device, table, "tableside:deal", 1, **rik(d, p), key=f"g{n}",
            tablet_seat=d, tablet_code=wrong,
        ).status_code
        for n in range(throttle.LIMIT + 1)
    ]  # fmt: skip
    assert answers[0] == 403 and answers[-1] == 429
    right = post(
        device, table, "tableside:deal", 1, **rik(d, p), key="g-right",
        tablet_seat=d, tablet_code=code(table, d),
    )  # fmt: skip
    assert right.status_code == 429  # even the right one waits
    assert not Submission.objects.filter(table=table).exists()
