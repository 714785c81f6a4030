"""Large-print score sheets and player cards (issue 40, part 2): asked for
with ``large=1``, every text 1.5 times the size on A4 landscape, no text
leaving its cell on the register's longest names, and the same numbers
read back as from the plain print."""

import pdfplumber
import pytest

from documents.pdf_base import LARGE_SCALE
from documents.registry import make_export
from tests.exports.pdf_boxes import tables, text_faults
from tests.exports.test_pdf_layout import long_event  # noqa: F401 (a fixture)

A4_LANDSCAPE = (842, 595)


def _sizes(data: bytes) -> tuple[tuple[int, int], set[float]]:
    """(the first page's size in points, every font size used)."""
    import io

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        sizes = {round(c["size"], 2) for p in pdf.pages for c in p.chars}
        return (round(page.width), round(page.height)), sizes


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["sheets", "blank-sheets", "cards"])
def test_large_print_is_half_as_large_again_and_fits(long_event, kind):  # noqa: F811
    long_event.language = "nl"
    plain = make_export(long_event, "pdf", kind, 8)[2]
    large = make_export(long_event, "pdf", kind, 8, large=True)[2]
    page, sizes = _sizes(large)
    _page, plain_sizes = _sizes(plain)
    assert page == A4_LANDSCAPE
    # every text of the plain print, 1.5 times as large (the footer too)
    assert {round(s * LARGE_SCALE, 1) for s in plain_sizes} == {
        round(s, 1) for s in sizes
    }
    assert min(sizes) >= 9
    assert text_faults(large, every_page=False) == []


@pytest.mark.django_db
def test_large_sheets_read_back_the_same_totals(long_event):  # noqa: F811
    long_event.language = "nl"

    def totals(data):
        return [row for table in tables(data) for row in table if row[0] == "Totaal"]

    plain = make_export(long_event, "pdf", "sheets", 8)[2]
    large = make_export(long_event, "pdf", "sheets", 8, large=True)[2]
    assert totals(large) == totals(plain) != []


@pytest.mark.django_db
def test_the_exports_page_offers_large_print_and_the_link_gives_it(
    td_client, small_event
):
    page = td_client.get(f"/manage/{small_event.slug}/export/").content.decode()
    assert "large=1" in page and 'name="large"' in page
    answer = td_client.get(f"/manage/{small_event.slug}/export/pdf/cards/?large=1")
    assert answer.status_code == 200
    page_size, _sizes_used = _sizes(b"".join(answer.streaming_content))
    assert page_size == A4_LANDSCAPE


@pytest.mark.django_db
def test_the_standings_ignore_large_print_and_keep_their_page(long_event):  # noqa: F811
    plain = make_export(long_event, "pdf", "standings")[2]
    asked = make_export(long_event, "pdf", "standings", large=True)[2]
    assert _sizes(asked) == _sizes(plain)
