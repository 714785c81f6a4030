"""The score sheet prints the players' names whole where there is room (a
name that did not fit one narrow line was cut to "Toon K…"), dates in the
event's language, and nothing of the TD's pages (issue 26)."""

import pytest

from documents.pdf_sheets import score_sheets
from tests.exports.test_pdf import pages


@pytest.mark.django_db
def test_the_sheet_prints_names_whole_and_no_td_path(small_event):
    from tournaments.models import Seat

    names = ["Toon Kerkhoven", "Wilhelmina Brouwers", "Anna de Vries-Bakker"]
    for seat, name in zip(
        Seat.objects.filter(table__round__tournament=small_event), names, strict=False
    ):
        seat.entry.player.name = name
        seat.entry.player.save(update_fields=["name"])
    small_event.language = "nl"
    small_event.save()
    texts = pages(score_sheets(small_event, 1)[2])
    text = "\n".join(texts)
    # the deal table's heading: seat and name on two lines, not "1 Toon K…"
    assert "1 Toon\nKerkhoven" in text
    assert "/manage/" not in text
    assert "TD:" not in text
    assert small_event.date.strftime("%Y") in text
