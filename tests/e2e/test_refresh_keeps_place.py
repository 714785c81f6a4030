"""Refreshing pages keep the reader's place (issue 40, part 3): the public
standings during a live round refresh by morphing, so a phone reader's
sideways scroll in the standings, the focus and an opened fold-out survive
a refresh; a page whose server stops answering says so, and says it no
more once answers come again. The refresh is asked for at once (htmx's
``refresh`` trigger, beside ``every 30s``) instead of waiting for it."""

import pytest

from tests.browser import needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

REFRESH = """() => new Promise(done => {
  const part = document.querySelector('[data-refreshes]');
  document.addEventListener('htmx:afterSettle', () => done(true), {once: true});
  document.addEventListener('htmx:sendError', () => done(false), {once: true});
  document.addEventListener('htmx:responseError', () => done(false), {once: true});
  htmx.trigger(part, 'refresh');
})"""


def live_event():
    """Eight rounds published but the last, still being played: live."""
    from demo.events import generate_event
    from tournaments.models import Round

    event = generate_event("live", 16, 8, 4, seed=3)
    Round.objects.filter(tournament=event, number=8).update(
        published=False, status=Round.Status.SEATED
    )
    return event


def test_a_refresh_keeps_the_scroll_the_focus_and_the_reader_s_place(
    live_server, browser
):
    event = live_event()
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="nl-NL"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{event.slug}/")
    page.wait_for_load_state("load")
    assert page.locator("[data-refreshes]").count() == 1
    wrap = page.locator("#live .table-wrap").first
    wrap.evaluate("w => { w.scrollLeft = 0; }")  # the reader goes to round 1
    link = page.locator("#live table.standings tbody a").first
    link.focus()
    href = link.get_attribute("href")

    assert page.evaluate(REFRESH) is True
    assert wrap.evaluate("w => w.scrollLeft") == 0  # not thrown back right
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused == href

    # the server stops answering: the page says so, then stops saying it
    page.route("**/t/live/**", lambda route: route.abort())
    assert page.evaluate(REFRESH) is False
    note = page.locator(".stale-note")
    assert note.is_visible() and "niet meer bijgewerkt" in note.inner_text()
    page.unroute("**/t/live/**")
    assert page.evaluate(REFRESH) is True
    assert note.is_hidden()
    context.close()


def test_the_hall_screen_reads_from_far_away_when_asked(live_server, browser):
    """``?far=1``: type twice the normal on a 1920 px screen (6 m)."""
    event = live_event()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    sizes = []
    for query in ("", "?far=1"):
        page.goto(f"{live_server.url}/t/{event.slug}/screen/{query}")
        page.wait_for_load_state("load")
        sizes.append(
            page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        )
    assert sizes[0] > 30 and sizes[1] > 60, sizes
    context.close()
