"""The round page: a manual move of any player (not only swaps), seating by
standing, the seating messages, and the tables-of-five warnings of the
event form."""

import pytest
from django.utils import translation

from scoring.services.ranking import standings_order
from td.forms import (
    EVENT_HELP,
    TournamentForm,
    even_deal_counts,
    sit_out_sentence,
)
from td.views_round import seated_message
from tournaments import seating_screen
from tournaments.models import Bye, Entry, Round, Seat, TournamentRole
from tournaments.moves import Place, move_player
from tournaments.services import SeatingRefusedError


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def layout(round_) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = {}
    for number, entry in (
        Seat.objects.filter(table__round=round_)
        .order_by("table__number", "position")
        .values_list("table__number", "entry_id")
    ):
        tables.setdefault(number, []).append(entry)
    return tables


@pytest.fixture
def nine(fresh_client, fresh_event):
    """Round 1 seated with 9 of the 10 players: a table of 5 and one of 4;
    the tenth is checked in afterwards (a latecomer)."""
    late = fresh_event.entries.order_by("id").last()
    late.status = Entry.Status.REGISTERED
    late.save()
    fresh_client.post(f"/manage/{fresh_event.slug}/round/1/generate/")
    late.status = Entry.Status.PRESENT
    late.save()
    round_ = fresh_event.round_set.get(number=1)
    assert sorted(len(t) for t in layout(round_).values()) == [4, 5]
    return round_, late


def move(client, event, **data):
    return client.post(f"/manage/{event.slug}/round/1/move/", data, follow=True)


def five_and_four(round_):
    tables = layout(round_)
    five = next(n for n, t in tables.items() if len(t) == 5)
    four = next(n for n, t in tables.items() if len(t) == 4)
    return tables, five, four


@pytest.mark.django_db
def test_a_player_moves_from_a_table_of_five_to_a_seat_at_a_table_of_four(
    fresh_client, fresh_event, nine
):
    round_, _late = nine
    tables, five, four = five_and_four(round_)
    mover = tables[five][2]
    response = move(fresh_client, fresh_event, entry=mover, table=four, seat=2)
    assert response.status_code == 200
    after = layout(round_)
    assert after[four] == [tables[four][0], mover, *tables[four][1:]]
    assert after[five] == [e for e in tables[five] if e != mover]
    name = Entry.objects.get(pk=mover).player.name
    assert f"{name} now sits at table {four}, seat 2." in response.content.decode()
    line = fresh_event.audit.get(action="round.move")
    assert line.user == fresh_client.user
    assert line.detail == {
        "round": 1,
        "entry": mover,
        "from_table": five,
        "from_seat": 3,
        "was_out": False,
        "to_table": four,
        "to_seat": 2,
    }


@pytest.mark.django_db
def test_a_latecomer_moves_in_and_a_player_moves_out_to_sit_the_round_out(
    fresh_client, fresh_event, nine
):
    round_, late = nine
    tables, five, four = five_and_four(round_)
    page = fresh_client.get(f"/manage/{fresh_event.slug}/round/1/")
    assert late.player.name in page.context["unseated"][0].player.name
    move(fresh_client, fresh_event, entry=late.pk, table=four, seat="")
    assert layout(round_)[four][-1] == late.pk  # the last seat
    out = tables[five][0]
    move(fresh_client, fresh_event, entry=out, table="out")
    assert Bye.objects.filter(round=round_, entry_id=out).exists()
    assert sorted(len(t) for t in layout(round_).values()) == [4, 5]
    # and back in, from the bye
    move(fresh_client, fresh_event, entry=out, table=five, seat=1)
    assert not Bye.objects.filter(round=round_).exists()
    assert layout(round_)[five][0] == out


@pytest.mark.django_db
def test_a_move_that_leaves_a_table_of_three_is_refused_with_the_reason(
    fresh_client, fresh_event, nine
):
    round_, _late = nine
    tables, five, four = five_and_four(round_)
    response = move(fresh_client, fresh_event, entry=tables[four][0], table=five)
    content = response.content.decode()
    assert (
        f"Table {four} would have 3 players: every table needs 4 or 5." in content
        or f"Table {five} would have 6 players: every table needs 4 or 5." in content
    )
    assert layout(round_) == tables
    assert not fresh_event.audit.filter(action="round.move").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "reason"),
    [
        (Entry.Status.WITHDRAWN, "has withdrawn from the event"),
        (Entry.Status.REGISTERED, "is not checked in"),
    ],
)
def test_only_a_present_player_moves(fresh_client, fresh_event, nine, status, reason):
    round_, late = nine
    tables, _five, four = five_and_four(round_)
    late.status = status
    late.save()
    response = move(fresh_client, fresh_event, entry=late.pk, table=four)
    assert reason in response.content.decode()
    assert layout(round_) == tables


@pytest.mark.django_db
def test_no_move_in_a_closed_round(fresh_client, fresh_event, nine):
    round_, _late = nine
    tables, five, four = five_and_four(round_)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    response = move(fresh_client, fresh_event, entry=tables[five][0], table=four)
    assert "Round 1 is closed: reopen it to change the seating." in (
        response.content.decode()
    )
    assert layout(round_) == tables


@pytest.mark.django_db
def test_no_move_once_deals_are_stored(td_client, small_event):
    played = small_event.round_set.get(number=1)
    Round.objects.filter(pk=played.pk).update(status=Round.Status.SEATED)
    before = layout(played)
    entry = before[1][0]
    response = move(td_client, small_event, entry=entry, table=2)
    assert "seating is fixed" in response.content.decode()
    assert layout(played) == before


@pytest.mark.django_db
def test_only_the_events_td_moves_players(client, make_user, fresh_event, nine):
    round_, _late = nine
    tables, five, four = five_and_four(round_)
    other = make_user("other_td", organiser=True)
    client.force_login(other)
    url = f"/manage/{fresh_event.slug}/round/1/move/"
    response = client.post(url, {"entry": tables[five][0], "table": four})
    assert response.status_code == 403
    client.logout()
    response = client.post(url, {"entry": tables[five][0], "table": four})
    assert response.status_code == 302 and "login" in response["Location"]
    jury = make_user("jury")
    TournamentRole.objects.create(tournament=fresh_event, user=jury, role="jury")
    client.force_login(jury)
    assert client.post(url, {"entry": tables[five][0], "table": four}).status_code in (
        302,
        403,
    )
    assert layout(round_) == tables


@pytest.mark.django_db
def test_a_move_by_the_service_names_both_places(fresh_event, nine):
    round_, late = nine
    _tables, _five, four = five_and_four(round_)
    was, now = move_player(round_, late, Place(four, 9 - 8))
    assert was is None and now == Place(four, 1)
    with pytest.raises(SeatingRefusedError, match="already sits there"):
        move_player(round_, late, Place(four, 1))
    with pytest.raises(SeatingRefusedError, match="has no table 7"):
        move_player(round_, late, Place(7, 1))


@pytest.mark.django_db
def test_round_two_is_seated_by_standing_on_request(fresh_client, fresh_event):
    url = f"/manage/{fresh_event.slug}/round/%s/generate/"
    fresh_client.post(url % 1)
    seats = list(
        Seat.objects.filter(
            table__round__number=1, table__round__tournament=fresh_event
        )
    )
    for points, seat in enumerate(seats):
        seat.points = points * 10
        seat.save()
    leaders = [s.entry_id for s in sorted(seats, key=lambda s: -s.points)]
    standings = standings_order(fresh_event, 2)
    assert seating_screen.by_standing_order(standings, sorted(leaders)) == leaders
    page = fresh_client.get(f"/manage/{fresh_event.slug}/round/2/")
    assert page.context["may_seat_by_standing"]
    assert "By standing" in page.content.decode()
    response = fresh_client.post(url % 2, {"order": "standing"}, follow=True)
    assert response.context["diag"]["by_standing"] is True
    assert "Seated by standing." in response.content.decode()
    line = fresh_event.audit.filter(action="round.seat").latest("id")
    assert line.detail["round"] == 2 and line.detail["source"] == "standing"


@pytest.mark.django_db
def test_round_one_offers_no_seating_by_standing(fresh_client, fresh_event):
    page = fresh_client.get(f"/manage/{fresh_event.slug}/round/1/")
    assert not page.context["may_seat_by_standing"]
    fresh_client.post(
        f"/manage/{fresh_event.slug}/round/1/generate/", {"order": "standing"}
    )
    line = fresh_event.audit.get(action="round.seat")
    assert line.detail["source"] != "standing"


def test_seating_messages_count_in_words():
    with translation.override("en"):
        assert seated_message(2, 5, 1) == "Round 2 seated: 5 tables, 1 repeat meeting."
        assert seated_message(2, 1, 3) == "Round 2 seated: 1 table, 3 repeat meetings."
        assert (
            seated_message(1, 5, 0) == "Round 1 seated: 5 tables, no repeat meetings."
        )


@pytest.mark.django_db
def test_the_seating_card_never_contradicts_itself(fresh_client, fresh_event):
    """10 players at two tables of five: round 2 must repeat meetings; the
    card says they cannot be avoided (never "fewer than 0"), in one count."""
    url = f"/manage/{fresh_event.slug}/round/%s/generate/"
    fresh_client.post(url % 1)
    response = fresh_client.post(url % 2, follow=True)
    content = response.content.decode()
    diag = response.context["diag"]
    assert diag["repeats"] > 0
    assert "fewer than" not in content
    assert "seat positions" not in content
    assert "repeat meetings" in content and "1 repeat meetings" not in content


# ---- the event form and tables of five


def test_sitting_out_at_a_table_of_five_is_said_in_numbers():
    with translation.override("en"):
        assert sit_out_sentence(10, False) == ""
        eight = sit_out_sentence(8, False)
        assert (
            "With 8 deals per round, players at a table of five sit out 1 or 2 deals"
            in eight
        )
        assert "Choose 5 or 10 deals per round" in eight
        assert "Normalise 5-player tables" in eight
        assert "Normalising is on" in sit_out_sentence(8, True)
        assert "sit out 0 or 1 deal," in sit_out_sentence(3, False)
    assert even_deal_counts(8) == [5, 10]
    assert even_deal_counts(3) == [5]
    assert even_deal_counts(58) == [55, 60]


@pytest.mark.django_db
def test_every_event_field_has_help_and_sensible_defaults(make_user):
    form = TournamentForm()
    missing = [name for name, field in form.fields.items() if not field.help_text]
    assert missing == []
    assert set(EVENT_HELP) <= set(form.fields)
    assert form.initial["rules"] == "iwwa"
    assert not form.initial.get("normalise_five")  # off: see docs/decisions.md


@pytest.mark.django_db
def test_a_new_event_starts_from_the_rules_of_the_organisers_last_event(
    fresh_event, make_user
):
    user = make_user("organiser", organiser=True)
    TournamentRole.objects.create(tournament=fresh_event, user=user, role="td")
    assert TournamentForm(user=user).initial["rules"] == fresh_event.rules == "nl"


NEW = {
    "name": "Kampioenschap",
    "slug": "kampioenschap",
    "date": "2026-11-28",
    "rules": "iwwa",
    "rounds": "4",
    "language": "nl",
    "method": "points",
    "tiebreaks_0": "rounds_won",
    "hide_last_rounds": "0",
}


@pytest.mark.django_db
def test_uneven_deals_are_saved_with_a_warning_that_names_the_fix(client, make_user):
    client.force_login(make_user("maker", organiser=True))
    response = client.post("/manage/new/", dict(NEW, deals_per_round="8"), follow=True)
    content = response.content.decode()
    assert "sit out 1 or 2 deals" in content
    assert "Choose 5 or 10 deals per round" in content
    url = "/manage/kampioenschap/settings/"
    page = client.get(url)
    assert "sit out 1 or 2 deals" in page.content.decode()  # on the form itself
    response = client.post(
        url, dict(NEW, deals_per_round="10", normalise_five="on"), follow=True
    )
    assert "sit out" not in response.content.decode()
