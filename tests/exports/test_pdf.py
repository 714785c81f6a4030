import pytest

from documents import ExportError
from documents.pdf_cards import player_cards
from documents.pdf_seating import seating_list
from documents.pdf_sheets import qr_target, score_sheets
from documents.pdf_standings import standings_pdf
from tests.exports.conftest import DIACRITIC_NAMES
from tests.pdf_text import pdf_pages
from tournaments.models import Seat, TableRound


def pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF")
    return pdf_pages(data)


def test_it_builds_the_qr_target_from_the_base_url(dia_event, settings):
    table = TableRound.objects.get(
        round__tournament=dia_event, round__number=2, number=1
    )
    assert qr_target(table, "https://rik.example/") == (
        "https://rik.example/t/dia/round/2/table/1/"
    )
    settings.SITE_URL = "https://club.example"  # RIKSCORE_SITE_URL (core.site)
    assert qr_target(table) == "https://club.example/t/dia/round/2/table/1/"


@pytest.mark.django_db
def test_it_prints_one_filled_sheet_per_table_with_names_totals_and_url(dia_event):
    name, content_type, data = score_sheets(dia_event, 1, base="https://rik.example")
    assert (name, content_type) == ("dia-sheets-r1.pdf", "application/pdf")
    texts = pages(data)
    tables = TableRound.objects.filter(round__tournament=dia_event, round__number=1)
    assert len(texts) == tables.count() == 2
    everything = "\n".join(texts)
    for who in DIACRITIC_NAMES:
        assert who in everything
    for table, text in zip(tables.order_by("number"), texts, strict=True):
        assert qr_target(table, "https://rik.example") in text
        for seat in Seat.objects.filter(table=table):
            assert seat.entry.player.name in text
            assert str(seat.points) in text
        assert "(Σ = 0)" in text


@pytest.mark.django_db
def test_it_prints_blank_sheets_in_english_when_the_event_is(dia_event, settings):
    settings.SITE_URL = ""  # no address set: the development server's
    dia_event.language = "en"
    dia_event.save()
    texts = pages(score_sheets(dia_event, 2, filled=False)[2])
    assert "Round 2 · Table 1" in texts[0]
    assert "Signatures" in texts[0]
    assert "(Σ = ______)" in texts[0]
    assert "http://localhost:8000/t/dia/round/2/table/1/" in texts[0]  # unset
    assert "/manage/" not in texts[0]  # the TD's pages are not the players'


@pytest.mark.django_db
def test_it_refuses_sheets_of_an_unseated_round(small_event):
    small_event.round_set.filter(number=2).first().tables.all().delete()
    with pytest.raises(ExportError):
        score_sheets(small_event, 2)


@pytest.mark.django_db
def test_it_prints_the_seating_by_table_and_by_name(dia_event):
    texts = pages(seating_list(dia_event, 1)[2])
    assert len(texts) == 2
    for who in DIACRITIC_NAMES:
        assert who in texts[0]
        assert who in texts[1]


@pytest.mark.django_db
def test_it_prints_standings_with_tiebreak_columns(dia_event):
    from scoring.rowsource import standings_rows

    text = "\n".join(pages(standings_pdf(dia_event)[2]))
    rows = standings_rows(dia_event).rows
    for row in rows:
        assert row["name"] in text
    assert str(rows[0]["points"]) in text
    assert "Head-to-head" in text or "Onderling" in text or "h2h" in text.lower()
    after_one = "\n".join(pages(standings_pdf(dia_event, 1)[2]))
    assert "1" in after_one


@pytest.mark.django_db
def test_it_prints_a_player_card_with_the_event_total(dia_event):
    seat = Seat.objects.filter(entry__player__name=DIACRITIC_NAMES[0]).first()
    entry = seat.entry
    total = sum(s.points for s in Seat.objects.filter(entry=entry))
    text = "\n".join(pages(player_cards(dia_event, entry.id)[2]))
    assert DIACRITIC_NAMES[0] in text
    assert f"{total}" in text
