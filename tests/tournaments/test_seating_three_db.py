"""Tables of three with the blind man on the TD's round page (issue 29):
an event of 7 seated through the page the TD uses, the turns at the table of
three kept over the rounds stored, the refusal naming the option, the TD's
own request, the settings form and a withdrawal at a table of four."""

import datetime

import pytest

from tournaments import seating_screen
from tournaments.models import Entry, Player, Seat, TournamentRole
from tournaments.seating_screen import generate_tables
from tournaments.services import SeatingRefusedError, create_tournament, seat_round
from tournaments.withdrawal import Choice, withdraw


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def make_event(n=7, threes=True, rounds=4):
    event = create_tournament(
        slug=f"drie-{n}-{int(threes)}",
        name="Drie",
        date=datetime.date(2026, 11, 28),
        rules="nl",
        rounds=rounds,
        deals_per_round=4,
        tables_of_three=threes,
    )
    players = Player.objects.bulk_create(
        Player(name=f"Speler {i:02d}") for i in range(n)
    )
    Entry.objects.bulk_create(
        Entry(tournament=event, player=p, status=Entry.Status.PRESENT) for p in players
    )
    return event


@pytest.fixture
def td(client, make_user):
    def login(event):
        user = make_user(f"td-{event.slug}")
        TournamentRole.objects.create(tournament=event, user=user, role="td")
        client.force_login(user)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
        return client

    return login


def seat(client, event, n=1, **data):
    return client.post(f"/manage/{event.slug}/round/{n}/generate/", data, follow=True)


def tables_of(event, n=1):
    """Entry ids per table in table-number order, each in seat order."""
    seats = Seat.objects.filter(table__round__tournament=event, table__round__number=n)
    tables: dict[int, list] = {}
    for number, position, entry in seats.order_by(
        "table__number", "position"
    ).values_list("table__number", "position", "entry_id"):
        tables.setdefault(number, []).append((position, entry))
    return [tables[t] for t in sorted(tables)]


@pytest.mark.django_db
def test_seven_players_are_seated_four_and_three_on_the_round_page(td):
    event = make_event(7)
    client = td(event)
    page = seat(client, event)
    assert page.status_code == 200
    tables = tables_of(event)
    assert [len(t) for t in tables] == [4, 3]  # the table of three last
    assert [p for p, _e in tables[1]] == [1, 2, 3]  # chair 4 is the blind man's
    assert not event.round_set.get(number=1).byes.exists()
    html = page.content.decode()
    assert "table of 3 (with the blind man)" in html
    assert "the blind man (chair 4" in html


@pytest.mark.django_db
def test_the_table_of_three_goes_round_over_the_stored_rounds(td):
    event = make_event(7)
    client = td(event)
    turns = {e: 0 for e in event.entries.values_list("pk", flat=True)}
    for n in range(1, 5):
        seat(client, event, n)
        tables = tables_of(event, n)
        assert [len(t) for t in tables] == [4, 3]
        three = [e for _p, e in tables[1]]
        four = [e for _p, e in tables[0]]
        # nobody a second time while someone has not been at one
        assert max(turns[e] for e in three) <= min(turns[e] for e in four)
        for e in three:
            turns[e] += 1
        assert max(turns.values()) - min(turns.values()) <= 1


@pytest.mark.django_db
def test_without_the_option_the_page_refuses_and_names_it(td):
    event = make_event(7, threes=False)
    client = td(event)
    page = seat(client, event)
    html = page.content.decode()
    assert not tables_of(event)
    assert "Tables of three with the blind man are an option" in html
    assert 'name="threes" value="on"' in html  # and offers them for the round
    assert 'name="byes" value="on"' in html


@pytest.mark.django_db
def test_the_td_may_ask_for_tables_of_three_for_a_round(td):
    event = make_event(7, threes=False)
    client = td(event)
    seat(client, event, threes="on")
    assert [len(t) for t in tables_of(event)] == [4, 3]


@pytest.mark.django_db
def test_the_td_may_ask_for_threes_instead_of_fives(td):
    event = make_event(9, threes=False)
    client = td(event)
    seat(client, event)
    assert [len(t) for t in tables_of(event)] == [4, 5]
    seat(client, event, threes="on")
    assert [len(t) for t in tables_of(event)] == [3, 3, 3]


@pytest.mark.django_db
def test_byes_only_when_the_td_asks(td):
    event = make_event(7)
    client = td(event)
    seat(client, event, byes="on")
    assert [len(t) for t in tables_of(event)] == [4]
    assert event.round_set.get(number=1).byes.count() == 3


@pytest.mark.django_db
def test_a_table_of_three_is_refused_without_the_option():
    event = make_event(7, threes=False)
    round_ = event.round_set.get(number=1)
    entries = list(event.entries.all())
    with pytest.raises(SeatingRefusedError):
        seat_round(round_, [entries[:4], entries[4:]])
    seat_round(round_, [entries[:4], entries[4:]], threes=True)
    assert [len(t) for t in tables_of(event)] == [4, 3]


@pytest.mark.django_db
def test_generate_tables_says_how_many_tables_of_three():
    event = make_event(11)
    tables, out, diag = generate_tables(event.round_set.get(number=1))
    assert [len(t) for t in tables] == [4, 4, 3] and not out
    assert diag["threes"] == 1 and not diag["error"]


@pytest.mark.django_db
def test_the_settings_form_has_the_option(td):
    event = make_event(8, threes=False)
    client = td(event)
    page = client.get(f"/manage/{event.slug}/settings/")
    assert 'name="tables_of_three"' in page.content.decode()
    form = page.context["form"]
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is None or value is False:
            continue
        data[name] = value
    data["tables_of_three"] = "on"
    response = client.post(f"/manage/{event.slug}/settings/", data)
    assert response.status_code in (200, 302)
    event.refresh_from_db()
    if response.status_code == 200:  # show why, if the form refused
        pytest.fail(str(response.context["form"].errors))
    assert event.tables_of_three


@pytest.mark.django_db
def test_withdrawal_at_a_table_of_four_may_leave_a_table_of_three(td):
    event = make_event(8)
    client = td(event)
    seat(client, event)
    tables = tables_of(event)
    assert [len(t) for t in tables] == [4, 4]
    entry = Entry.objects.get(pk=tables[0][1][1])
    withdraw(entry, None, Choice.REMOVE)
    after = tables_of(event)
    assert sorted(len(t) for t in after) == [3, 4]
    three = next(t for t in after if len(t) == 3)
    assert [p for p, _e in three] == [1, 2, 3]
