"""Issue 37: a normalised total (tables of five) is explained wherever it
shows. The standing (``standings_rows``) carries the explanation as one of
its ``legends`` and flags the rows whose total is not the sum of their
rounds; the public standings, the hall screen, the embed, the player page,
the PDF, the XLSX, the API and the mail all print it. Before, only the TD's
standings said a word.

One event, built once for the module: 9 players (a table of five and one
of four) in 2 rounds of 5 deals, normalised; each test rolls its own
changes back."""

import datetime
import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from tests.api.test_read_schema import check, openapi
from tests.pdf_text import pdf_text


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


#: The words of the explanation (``scoring.legends.normalised``), in English.
NORMALISED = "Normalised totals (tables of five, where the dealer sits deals out)"
PER_ROUND = "× 5 deals for every round played"


@pytest.fixture(scope="module")
def event(django_db_setup, django_db_blocker):
    from django.db import transaction

    from demo.events import generate_event

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield generate_event(
                "norm", 9, 2, 5, rules="nl", seed=3, normalise_five=True, language="en"
            )
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def fresh(event):
    """The event as stored now (the module's object stays as built)."""
    from tournaments.models import Tournament

    return Tournament.objects.get(pk=event.pk)


def standing(event):
    from scoring.rowsource import standings_rows

    return standings_rows(fresh(event))


def not_normalised(event) -> None:
    """The same event with its totals as scored (this test only)."""
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=event.pk).update(normalise_five=False)
    cache.clear()


def rounds_sum(row: dict) -> int:
    return sum(v for k, v in row.items() if k[:1] == "r" and k[1:].isdigit())


# -- the model ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_standing_flags_each_normalised_total_and_explains_them(event):
    rowset = standing(event)
    assert rowset.normalised
    assert [r["normalised"] for r in rowset.rows] == [
        r["points"] != rounds_sum(r) for r in rowset.rows
    ]
    assert any(r["normalised"] for r in rowset.rows)  # the table of five's
    assert not all(r["normalised"] for r in rowset.rows)  # the four's as scored
    (legend,) = rowset.legends
    assert legend.startswith(NORMALISED) and PER_ROUND in legend


@pytest.mark.django_db
def test_a_standing_of_totals_as_scored_has_nothing_to_explain(event):
    not_normalised(event)
    rowset = standing(event)
    assert not rowset.normalised and rowset.legends == []
    assert all(r["points"] == rounds_sum(r) for r in rowset.rows)


# -- the pages -----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["public:standings", "public:screen", "public:embed"])
def test_the_public_pages_explain_the_totals(english, event, name):
    html = english.get(reverse(name, args=[event.slug])).content.decode()
    assert NORMALISED in html and PER_ROUND in html
    not_normalised(event)
    assert (
        NORMALISED not in english.get(reverse(name, args=[event.slug])).content.decode()
    )


@pytest.mark.django_db
def test_a_players_page_explains_the_total(english, event):
    row = next(r for r in standing(event).rows if r["normalised"])
    path = reverse("public:player", args=[event.slug, row["entry"]])
    html = english.get(path).content.decode()
    assert NORMALISED in html


# -- the documents and the API -------------------------------------------------------


@pytest.mark.django_db
def test_the_standings_pdf_explains_the_totals(event):
    from documents.pdf_standings import standings_pdf

    data = standings_pdf(fresh(event))[2]
    text = pdf_text(data)
    assert NORMALISED in " ".join(text.split())


@pytest.mark.django_db
def test_the_workbook_explains_the_totals_on_a_sheet_of_notes(event):
    from documents.xlsx_event import workbook

    book = load_workbook(io.BytesIO(workbook(fresh(event))[2]))
    assert book.sheetnames[0] == "Standings" and book.sheetnames[-1] == "Notes"
    notes = [row[0] for row in book["Notes"].iter_rows(min_row=2, values_only=True)]
    assert len(notes) == 1 and notes[0].startswith(NORMALISED)
    not_normalised(event)
    again = load_workbook(io.BytesIO(workbook(fresh(event))[2]))
    assert "Notes" not in again.sheetnames


@pytest.mark.django_db
def test_the_api_flags_the_rows_and_gives_the_words(english, event):
    body = english.get(f"/api/v1/events/{event.slug}/standings/").json()
    check(openapi(english), "Standings", body)
    assert body["normalised"] is True
    assert body["legends"][0].startswith(NORMALISED)
    expected = {r["entry"]: r["normalised"] for r in standing(event).rows}
    assert {r["entry"]: r["normalised"] for r in body["rows"]} == expected


# -- the mail ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_results_mail_explains_the_total(event):
    from mailings.models import Mail
    from mailings.results_mail import write_results
    from tournaments.models import Player

    row = next(r for r in standing(event).rows if r["normalised"])
    player = Player.objects.get(entries__pk=row["entry"])
    player.email = "speler@example.org"
    player.mail_consent_at = datetime.date(2026, 9, 1)
    player.mail_results = True
    player.mail_language = "en"
    player.save()
    assert write_results(fresh(event), [1, 2]) == 2
    for mail in Mail.objects.filter(player=player, kind="results"):
        assert NORMALISED in mail.text and NORMALISED in mail.html
