"""Byes: seated by the TD's round page, shown wherever seating is shown, scored
by the event's bye policy, frozen with the rules, kept by the JSON backup."""

import io
import json
import random

import pytest
from openpyxl import load_workbook

from demo.events import fill_table
from documents.event_backup import VERSION, export_event, import_event
from documents.registry import make_export
from scoring.models import Deal
from scoring.services import freeze_rules, recompute_table
from tests.pdf_text import pdf_text
from tournaments import seating_screen
from tournaments.models import Bye, Round


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def seat_with_byes(client, event, n=1):
    url = f"/manage/{event.slug}/round/{n}/generate/"
    return client.post(url, {"byes": "on"}, follow=True)


def play_round(event, n):
    """Every deal of round ``n`` stored; closed and published."""
    freeze_rules(event)
    round_ = event.round_set.get(number=n)
    for table in round_.tables.all():
        Deal.objects.bulk_create(fill_table(table, 4, random.Random(n))[0])
        recompute_table(table)
    round_.tables.update(closed=True)
    Round.objects.filter(pk=round_.pk).update(status="closed", published=True)


@pytest.fixture
def bye_event(fresh_client, fresh_event):
    """10 players, seated with byes (2 tables of 4, 2 out), round 1 played,
    bye policy: the average."""
    fresh_event.bye_policy = "average"
    fresh_event.save()
    seat_with_byes(fresh_client, fresh_event)
    play_round(fresh_event, 1)
    return fresh_event


def names_out(event, n=1):
    return sorted(
        Bye.objects.filter(round__tournament=event, round__number=n).values_list(
            "entry__player__name", flat=True
        )
    )


@pytest.mark.django_db
def test_the_round_page_seats_with_byes_and_shows_them(fresh_client, bye_event):
    out = names_out(bye_event)
    assert len(out) == 2
    page = fresh_client.get(f"/manage/{bye_event.slug}/round/1/").content.decode()
    assert page.count('class="bye"') == 2  # the by-name list
    assert all(name in page for name in out)


@pytest.mark.django_db
def test_the_public_round_and_player_pages_show_the_bye(client, bye_event):
    out = names_out(bye_event)
    page = client.get(f"/t/{bye_event.slug}/round/1/", HTTP_ACCEPT_LANGUAGE="nl")
    html = page.content.decode()
    assert "vrij" in html and all(name in html for name in out)
    entry = Bye.objects.filter(round__tournament=bye_event).first().entry
    player = client.get(
        f"/t/{bye_event.slug}/player/{entry.pk}/", HTTP_ACCEPT_LANGUAGE="nl"
    )
    rounds = player.context["player_rounds"]
    assert rounds[0].number == 1 and rounds[0].bye and rounds[0].table is None
    assert 'class="badge">vrij<' in player.content.decode()


@pytest.mark.django_db
def test_the_standings_score_the_bye_by_the_policy_and_mark_it(client, bye_event):
    page = client.get(f"/t/{bye_event.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert 'class="mark"' in html and "v = bye" in html
    # round 1 was their first: no round played, so the average is 0 for now
    rows = {r["name"]: r for r in page.context["table"].data.data}
    for name in names_out(bye_event):
        assert rows[name]["r1"] == 0 and "bye R1" in rows[name]["notes"]


@pytest.mark.django_db
def test_the_seating_pdf_lists_the_byes(bye_event):
    with translation("nl"):
        _name, _type, data = make_export(bye_event, "pdf", "seating", 1)
    text = pdf_text(data)
    for name in names_out(bye_event):
        assert f"{name} vrij" in text


@pytest.mark.django_db
def test_the_workbook_lists_the_byes_and_marks_them_in_the_standings(bye_event):
    _name, _type, data = make_export(bye_event, "xlsx")
    book = load_workbook(io.BytesIO(data), read_only=True)
    round_rows = [list(r) for r in book.worksheets[2].iter_rows(values_only=True)]
    out = [r[2] for r in round_rows if r[0] == "vrij"]
    assert sorted(out) == names_out(bye_event)
    standings = [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
    notes = standings[0].index("Opmerking")
    assert sum(1 for r in standings[1:] if r[notes] and "vrij" in r[notes]) == 2


@pytest.mark.django_db
def test_the_backup_keeps_the_policy_and_the_byes(bye_event):
    data = json.loads(json.dumps(export_event(bye_event)))
    assert data["version"] == VERSION
    assert data["tournament"]["bye_policy"] == "average"
    assert len(data["rounds"][0]["byes"]) == 2
    again = import_event(data, "again")
    assert again.bye_policy == "average"
    assert names_out(again) == names_out(bye_event)
    assert export_event(again)["rounds"] == data["rounds"]


@pytest.mark.django_db
def test_the_bye_policy_is_frozen_with_the_rules(fresh_client, bye_event):
    page = fresh_client.get(f"/manage/{bye_event.slug}/settings/")
    assert page.context["form"].fields["bye_policy"].disabled


@pytest.mark.django_db
def test_a_bye_can_be_swapped_with_a_seated_player(fresh_client, fresh_event):
    seat_with_byes(fresh_client, fresh_event)
    bye = Bye.objects.filter(round__tournament=fresh_event).first()
    seat = fresh_event.round_set.get(number=1).tables.first().seats.first()
    out, seated = bye.entry_id, seat.entry_id
    fresh_client.post(
        f"/manage/{fresh_event.slug}/round/1/swap/", {"a": out, "b": seated}
    )
    seat.refresh_from_db()
    assert seat.entry_id == out
    assert Bye.objects.filter(round=bye.round, entry_id=seated).exists()


def translation(code):
    from django.utils import translation as t

    return t.override(code)
