"""Real Chromium (Debian's /usr/bin/chromium) through Playwright, for the
browser tests; they skip when either is missing."""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls the
# tests make between browser steps are ordinary synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs /usr/bin/chromium (apt-get install chromium)"
)


@contextmanager
def browser_page(base_url: str, locale: str = "en-US"):
    """One page in a fresh Chromium, its relative URLs against ``base_url``."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(locale=locale, base_url=base_url)
        context.set_default_timeout(15_000)
        try:
            yield context.new_page()
        finally:
            context.close()
            browser.close()


#: In a page: anything wider than the screen, except a table that scrolls
#: on its own (``.table-wrap``).
OVERFLOW = """() => {
  const width = window.innerWidth;
  const outside = [...document.querySelectorAll('body *')].filter(el => {
    if (el.closest('.table-wrap')) return false;
    const box = el.getBoundingClientRect();
    return box.width && (box.right > width + 1 || box.left < -1);
  }).slice(0, 3).map(el => el.tagName + '.' + el.className);
  return {scroll: document.documentElement.scrollWidth, width, outside};
}"""

#: On a laptop (1366 px) not even a table box may scroll sideways: OVERFLOW,
#: and every ``.table-wrap`` whose content is wider than its box.
OVERFLOW_LAPTOP = """() => {
  const found = (OVERFLOW)();
  const boxes = [...document.querySelectorAll('.table-wrap')].filter(
    el => el.scrollWidth > el.clientWidth + 1
  ).slice(0, 3).map(el => ({box: el.clientWidth, table: el.scrollWidth,
    in: (el.closest('[id], section') || el).id || el.parentElement.className}));
  found.outside = found.outside.concat(boxes);
  return found;
}""".replace("OVERFLOW", OVERFLOW)


def log_in(page, username: str, password: str) -> None:
    """Through the login form, as a person does; back on the home page."""
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("form.card button[type=submit]")
