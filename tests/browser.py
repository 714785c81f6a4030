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


class _Chromium:
    """One Chromium per test process, started by the first browser test and
    stopped before the first test that is none (``before_test``): while it
    runs, Playwright's event loop is marked running in this thread, which
    ``asyncio.run``, ``async_to_sync`` and aiosmtpd would trip over. Each
    test gets contexts of its own (cookies, storage, viewport): nothing
    carries over from one test to the next."""

    def __init__(self):
        self._playwright = None
        self._browser = None

    def get(self):
        if self._browser is not None and not self._browser.is_connected():
            self.stop()  # a crash in an earlier test: start again
        if self._browser is None:
            sync_api = pytest.importorskip("playwright.sync_api")
            self._playwright = sync_api.sync_playwright()
            pw = self._playwright.__enter__()
            try:
                self._browser = pw.chromium.launch(
                    executable_path=str(CHROMIUM), args=ARGS
                )
            except BaseException:
                self.stop()
                raise
        return self._browser

    def close_contexts(self) -> None:
        """Close what a test left open (a test that failed half-way)."""
        if self._browser is not None and self._browser.is_connected():
            for context in self._browser.contexts:
                context.close()

    def stop(self) -> None:
        browser, playwright = self._browser, self._playwright
        self._browser = self._playwright = None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                playwright.__exit__(None, None, None)

    @property
    def running(self) -> bool:
        return self._playwright is not None


CHROMIUM_PROCESS = _Chromium()
#: The fixtures that hand a test the shared Chromium (``tests/conftest.py``).
BROWSER_FIXTURES = {"browser", "page"}


def uses_browser(item) -> bool:
    names = set(getattr(item, "fixturenames", ()))
    return bool(BROWSER_FIXTURES & names) or item.get_closest_marker("browser")


def before_test(item) -> None:
    """Stop the shared Chromium before a test that does not use it."""
    if CHROMIUM_PROCESS.running and not uses_browser(item):
        CHROMIUM_PROCESS.stop()


@contextmanager
def browser_page(base_url: str, locale: str = "en-US"):
    """One page in a fresh context of this process's Chromium, its relative
    URLs against ``base_url``."""
    browser = CHROMIUM_PROCESS.get()
    context = browser.new_context(locale=locale, base_url=base_url)
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


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


#: Where the browser tests leave screenshots for a person to look at after
#: a run (``SCREENS_DIR``, else ``artifacts/screens/``).
SCREENS = Path(
    os.environ.get("SCREENS_DIR", Path(__file__).parents[1] / "artifacts" / "screens")
)


def screenshot(page, name: str, full_page: bool = True) -> None:
    """``SCREENS/name.png``, in CI (``HYPOTHESIS_PROFILE=ci``) or when
    ``SCREENS_DIR`` asks for them: at a desk a full-page PNG of every page
    cost the suite about half a minute that nobody looked at."""
    from tests.examples import PROFILE

    if PROFILE != "ci" and "SCREENS_DIR" not in os.environ:
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=full_page)
