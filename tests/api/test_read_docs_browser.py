"""The API's documentation page (ninja's Swagger UI from its bundled static
files) works in real Chromium under the site's strict content policy: the
operations are listed from ``/api/v1/openapi.json``, nothing is fetched from
another site, and the console shows no policy violation."""

import pytest

from tests.browser import needs_chromium
from tests.e2e.test_check_in_browser import watch_console

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def test_the_documentation_page_lists_the_operations(page, live_server):
    errors = watch_console(page)
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(live_server.url) or r.url.startswith("data:")
            else elsewhere.append(r.url)
        ),
    )
    page.goto("/api/v1/docs")
    page.locator(
        ".opblock-summary-path", has_text="/api/v1/events/{slug}/standings/"
    ).wait_for()
    assert page.locator(".opblock-summary-path").count() >= 9
    assert page.locator(".info .title", has_text="Rikscore API").count() == 1
    assert errors == []
    assert elsewhere == []
