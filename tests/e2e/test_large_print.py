"""Large print and high contrast (issue 40, part 2): a switch in the header
of every page, remembered on the device; type 1.5 times, text contrast past
7:1, and no page wider than a 320 px phone."""

import pytest

from tests.browser import OVERFLOW, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

CONTRAST = """(selector) => {
  const el = document.querySelector(selector);
  const rgb = s => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = c => { const v = c.map(x => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const fg = lum(rgb(getComputedStyle(el).color)), bg = 1;  // on white
  return (bg + 0.05) / (fg + 0.05);
}"""


def test_large_print_is_remembered_large_contrasted_and_fits_320(live_server, browser):
    from django.contrib.auth import get_user_model

    from demo.events import generate_event
    from tournaments.models import TournamentRole

    event = generate_event("groot", 10, 2, 4, seed=2)
    td = get_user_model().objects.create_user("td", password="pw")
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    entry = event.entries.first()
    context = browser.new_context(
        viewport={"width": 320, "height": 700}, locale="nl-NL", base_url=live_server.url
    )
    page = context.new_page()
    page.goto(f"/t/{event.slug}/")
    toggle = page.locator("header.site [data-large-print]")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()  # remembered: drawn large from the start
    assert page.evaluate("document.documentElement.classList.contains('large-print')")
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 24
    assert page.evaluate(CONTRAST, "p.muted") >= 7
    pages = [
        f"/t/{event.slug}/",
        f"/t/{event.slug}/round/1/",
        f"/t/{event.slug}/player/{entry.pk}/",
        f"/t/{event.slug}/round/1/table/1/",
    ]
    wide = []
    for path in pages:
        page.goto(path)
        found = page.evaluate(OVERFLOW)
        if found["scroll"] > found["width"] or found["outside"]:
            wide.append((path, found))
    page.goto("/accounts/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "pw")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    for path in (
        f"/manage/{event.slug}/",
        f"/manage/{event.slug}/entries/",
        f"/manage/{event.slug}/round/1/",
        f"/manage/{event.slug}/round/1/table/1/",
    ):
        page.goto(path)
        found = page.evaluate(OVERFLOW)
        if found["scroll"] > found["width"] or found["outside"]:
            wide.append((path, found))
    assert wide == []
    # a table box that scrolls sideways takes the keyboard's focus, named
    boxes = page.evaluate(
        "[...document.querySelectorAll('.table-wrap')]"
        ".filter(w => w.scrollWidth > w.clientWidth + 1)"
        ".map(w => [w.getAttribute('tabindex'), w.getAttribute('aria-label')])"
    )
    assert boxes and all(t == "0" and label for t, label in boxes), boxes
    page.locator("header.site [data-large-print]").click()  # and back
    page.reload()
    assert not page.evaluate(
        "document.documentElement.classList.contains('large-print')"
    )
    context.close()
