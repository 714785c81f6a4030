"""The widget in real Chromium on a phone (360 px): a club's page on another
origin frames it and sees the standings, fitting the frame; a page of a
website the club did not list gets nothing (the browser refuses the frame).

The club's pages come from small servers of their own on 127.0.0.1 (the
widget from the live server, ``localhost``): other origins, so the browser
applies the CSP as for a real club website, and on the loopback address, so
Chromium's private-network rule lets them reach the live server.
"""

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.browser import OVERFLOW, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def club_page(src: str) -> bytes:
    return (
        "<!DOCTYPE html><html><head><meta name=viewport "
        'content="width=device-width, initial-scale=1"></head><body>'
        f'<h1>Onze club</h1><iframe src="{src}" title="Stand" width="100%" '
        'height="500"></iframe></body></html>'
    ).encode()


@contextmanager
def website(body: bytes):
    """A website on 127.0.0.1 that answers every path with ``body``: its
    origin, while it runs."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def widget_frame(page, server: str):
    """The frame that holds the widget, once loaded (None: refused)."""
    page.wait_for_load_state("load")
    return next((f for f in page.frames if f.url.startswith(server)), None)


@pytest.mark.parametrize("variant", ["", "plain/"])
def test_a_listed_website_shows_the_widget_and_another_does_not(
    live_server, browser, variant
):
    from django.contrib.auth import get_user_model

    from demo.events import generate_event
    from tournaments.models import Club, ClubRole, TournamentRole

    event = generate_event("small", 10, 2, 4, rules="nl", seed=7)
    src = f"{live_server.url}/embed/t/{event.slug}/{variant}"
    user = get_user_model().objects.create_user("td", password="pw")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.set_default_timeout(15_000)
    page = context.new_page()
    with website(club_page(src)) as club, website(club_page(src)) as stranger:
        ours = Club.objects.create(name="Website club", embed_origins=club)
        ClubRole.objects.create(club=ours, user=user)
        try:
            page.goto(f"{club}/")
            frame = page.frame_locator("iframe")
            rows = frame.locator("table.standings tbody tr")
            rows.first.locator(".pin-total").wait_for()
            assert rows.count() == 10
            fits = widget_frame(page, live_server.url).evaluate(OVERFLOW)
            assert fits["outside"] == [], fits
            assert fits["scroll"] <= fits["width"] + 1, fits
            box = rows.first.locator(".pin-total").bounding_box()
            assert box["x"] + box["width"] <= 360, box

            page.goto(f"{stranger}/")
            page.wait_for_timeout(500)
            assert widget_frame(page, live_server.url) is None
            assert page.frame_locator("iframe").locator("table").count() == 0
        finally:
            context.close()
