"""The player page (rank, total, rounds with tables and opponents, deals),
the table-round page the sheet's QR code opens, and the hall's screen."""

import pytest
from django.urls import reverse

from documents.pdf_sheets import qr_target
from scoring.models import Deal
from tournaments.models import Bye, Entry, Round, Seat, TableRound
from tournaments.page_versions import touch


def url(name, *args):
    return reverse(f"public:{name}", args=args)


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.mark.django_db
def test_the_player_page_shows_rank_total_and_each_round(client, small_event):
    from scoring.services import standings_for

    rows, _names, _numbers = standings_for(small_event, public=True)
    best = rows[0]
    response = client.get(url("player", "small", best.player))
    standing = response.context["standing"]
    assert (standing.rank, standing.of) == (1, 10)
    assert standing.total == best.raw_points
    rounds = response.context["player_rounds"]
    assert [r.number for r in rounds] == [1, 2]
    for r in rounds:
        seat = Seat.objects.get(
            entry_id=best.player,
            table__round__number=r.number,
            table__round__tournament=small_event,
        )
        others = Seat.objects.filter(table=seat.table).exclude(pk=seat.pk)
        assert r.table == seat.table.number
        assert sorted(r.opponents) == sorted(o.entry.player.name for o in others)
        assert r.points == seat.points == sum(d["points"] for d in r.deals)
    html = response.content.decode()
    assert "Rank" in html and "Opponents" in html


@pytest.mark.django_db
def test_the_player_page_marks_a_bye_and_a_substitute(client, small_event):
    entry = small_event.entries.first()
    Bye.objects.create(round=small_event.round_set.get(number=2), entry=entry)
    response = client.get(url("player", "small", entry.pk))
    assert [r.bye for r in response.context["player_rounds"]] == [False, True]
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.SUBSTITUTE)
    touch(pk=small_event.pk)  # what the TD's audited change does
    html = client.get(url("player", "small", entry.pk)).content.decode()
    assert "Substitute" in html


@pytest.mark.django_db
def test_the_table_page_shows_seats_deals_and_totals(client, small_event):
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=1
    )
    response = client.get(url("table", "small", 1, 1))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [s.name for s in rows.seats] == [
        s.entry.player.name for s in table.seats.order_by("position")
    ]
    assert len(rows.deals) == table.deals.count() == 4
    for seat in rows.seats:
        assert seat.points == sum(d["scores"][seat.position - 1] for d in rows.deals)
    assert sum(s.points for s in rows.seats) == 0


@pytest.mark.django_db
def test_the_table_page_follows_a_running_round_fresh(client, small_event):
    """A deal stored in an unpublished round does not raise the event's
    version; the running table's page must show it all the same."""
    Round.objects.filter(tournament=small_event, number=2).update(
        published=False, status=Round.Status.SEATED
    )
    TableRound.objects.filter(round__tournament=small_event).update(closed=False)
    small_event.refresh_from_db()
    first = client.get(url("table", "small", 2, 1)).context["rows"]
    assert (
        first.deals
        and "hx-get" in client.get(url("table", "small", 2, 1)).content.decode()
    )
    Deal.objects.filter(
        table__round__number=2,
        table__number=1,
        table__round__tournament=small_event,
        number=4,
    ).delete()
    again = client.get(url("table", "small", 2, 1)).context["rows"]
    assert len(again.deals) == len(first.deals) - 1
    assert again.next_dealer is not None


@pytest.mark.django_db
def test_a_hidden_round_shows_seats_but_no_scores(client, small_event):
    small_event.hide_last_rounds = 1
    small_event.save()
    response = client.get(url("table", "small", 2, 1))
    assert response.status_code == 200
    assert response.context["hidden"] and not response.context["rows"].deals
    assert "hidden until the prize-giving" in response.content.decode()


@pytest.mark.django_db
def test_unknown_or_unseated_tables_answer_404(client, small_event):
    assert client.get(url("table", "small", 1, 99)).status_code == 404
    assert client.get(url("table", "small", 9, 1)).status_code == 404
    Round.objects.filter(tournament=small_event, number=2).update(
        status=Round.Status.DRAFT
    )
    assert client.get(url("table", "small", 2, 1)).status_code == 404


@pytest.mark.django_db
def test_the_sheets_qr_code_opens_the_public_table_page_without_login(
    client, small_event
):
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=2
    )
    target = qr_target(table, "")
    assert target == url("table", "small", 1, 2)
    assert client.get(target).status_code == 200


@pytest.mark.django_db
def test_the_hall_screen_shows_standings_and_the_running_round(client, small_event):
    html = client.get(url("screen", "small")).content.decode()
    assert "data-screen" in html and "js/screen.js" in html
    for entry in small_event.entries.select_related("player"):
        assert entry.player.name in html
    response = client.get(url("screen-round", "small"))
    assert response.context["number"] == 2
    tables = response.context["tables"]
    assert [t.entered for t in tables] == [4, 4]
    assert sum(len(t.names) for t in tables) == 10
