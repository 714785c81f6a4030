"""Pages, JSON and feeds go gzipped to a browser that accepts it; downloads
that are compressed already (PDF, XLSX) do not (issue 40, part 5)."""

import gzip

import pytest

pytestmark = pytest.mark.django_db


def test_a_page_and_json_are_sent_gzipped(client, small_event):
    page = client.get(f"/t/{small_event.slug}/", HTTP_ACCEPT_ENCODING="gzip")
    assert page.status_code == 200
    assert page["Content-Encoding"] == "gzip"
    body = gzip.decompress(page.content)
    assert b"<html" in body and len(page.content) < len(body) / 3
    plain = client.get(f"/t/{small_event.slug}/")
    assert "Content-Encoding" not in plain and plain.content.startswith(b"<!DOCTYPE")
    api = client.get(f"/api/v1/events/{small_event.slug}/", HTTP_ACCEPT_ENCODING="gzip")
    assert api.status_code == 200 and api["Content-Encoding"] == "gzip"


def test_a_pdf_is_not_gzipped_again(td_client, small_event):
    pdf = td_client.get(
        f"/manage/{small_event.slug}/export/pdf/standings/",
        HTTP_ACCEPT_ENCODING="gzip",
    )
    assert pdf.status_code == 200
    assert "Content-Encoding" not in pdf
