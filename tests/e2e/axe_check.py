"""axe-core (Deque's accessibility engine, as the axe browser extension and
Lighthouse run it) on a page open in Playwright: every rule axe runs by
default, WCAG 2.2 A and AA and its best practices, critical to minor, and
the targets of at least 24 × 24 px (WCAG 2.2's 2.5.8, which axe leaves
off by default).

The engine's script comes with the ``axe-playwright-python`` package (a
dev dependency; nothing of it reaches the site). It is evaluated through
the browser's debugging protocol, which the pages' Content Security Policy
does not govern, so the policy needs no hole for a test.
"""

from axe_playwright_python.base import AXE_SCRIPT

RUN = """() => axe.run(document, {resultTypes: ['violations'],
                                  rules: {'target-size': {enabled: true}}}).then(r =>
  r.violations.map(v => [v.id, v.impact, v.nodes.length,
                         v.nodes[0].target.join(' '), v.help]))"""


def violations(page) -> list:
    """[(rule, impact, how many, the first element, what it asks)] of the
    page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    return [tuple(v) for v in page.evaluate(RUN)]
