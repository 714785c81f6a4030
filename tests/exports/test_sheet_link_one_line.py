"""The link under the score sheet's QR code prints on one line: a link
broken over two lines is typed wrong. Read back with pdfplumber, for a
table-side link of a hall's laptop and for the public table link."""

import pytest

from documents.pdf_sheets import qr_target, score_sheets
from tests.exports.pdf_boxes import text_faults
from tests.pdf_text import pdf_pages
from tournaments.models import TableRound, Tournament

#: A hall's laptop on its own network, as the sheets print it there.
HALL = "http://192.168.100.100:8000"


def sheet_lines(data: bytes) -> list[list[str]]:
    """The text lines of every page."""
    return [page.split("\n") for page in pdf_pages(data)]


def links(event) -> list[str]:
    tables = TableRound.objects.filter(round__tournament=event, round__number=1)
    return [qr_target(t, HALL) for t in tables.order_by("number")]


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["confirm", "td"])
def test_the_link_under_the_qr_code_is_on_one_line(mode):
    from demo.events import generate_event

    slug = "najaarstoernooi-geertruidenberg-2026"
    event = generate_event(slug, 9, 1, 5, rules="nl", seed=3)
    Tournament.objects.filter(pk=event.pk).update(entry_mode=mode)
    event.refresh_from_db()
    urls = links(event)
    if mode == "confirm":
        assert all("/k/" in u and len(u) >= len(HALL) + 47 for u in urls)
    else:
        assert all(f"/t/{slug}/" in u for u in urls)
    _name, _type, data = score_sheets(event, 1, base=HALL)
    for url, page in zip(urls, sheet_lines(data), strict=True):
        assert any(url in line for line in page), (url, page[:8])
    assert text_faults(data) == []
