"""Every TD page and every public page, in real Chromium, on a 360 × 740
phone (in Dutch) and on a 1366 × 768 laptop (in English): nothing wider
than the screen (on the laptop not even a table box that scrolls
sideways), no Content Security Policy error in the console, and no fault
axe-core finds (WCAG 2.2 A/AA and best practice, critical to minor).

The pages are not listed by hand: they are read from the URL confs
(``rules``, ``tournaments``, ``scoring``, ``seasons``, ``public``), their
arguments filled from the seeded event, so a new page is visited the day it
is added. A URL that answers a GET with 405 (POST only), a download (not
HTML) or an htmx fragment (no ``<html>``) is no page and is left out; a URL
whose argument the test cannot fill fails the test until ``_seed``
learns it. The event: the demo (22 players, tables of four and five, three
rounds of 8 deals, published), a house-rule set and the demo club season;
the TD pages logged in as the demo TD.
"""

import re

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.browser import OVERFLOW, OVERFLOW_LAPTOP, log_in, needs_chromium
from tests.e2e.axe_check import violations
from tests.examples import spread

SIZES = {"phone": (360, 740), "laptop": (1366, 768)}
#: The phone reads Dutch, the laptop English: each language and each width
#: is checked by axe (tests.e2e.axe_check) with the fewest page loads.
LOCALES = {"phone": "nl-NL", "laptop": "en-US"}
NAMESPACES = {
    "td",
    "tableside",
    "documents",
    "public",
    "publishing",
    "api-manage",
    "mailings",
}
#: Pages for anyone: visited logged out (the rest logged in as the TD).
PUBLIC = ("public:", "tableside:table", "mailings:subscribe", "anyone:")
#: Pages outside the URL confs read above: the accounts' (Django's views in
#: the site's templates) and an error page, which answers its own status.
EXTRA = [
    ("anyone:login", "/accounts/login/"),
    ("anyone:password-reset", "/accounts/password_reset/"),
    ("accounts:password-change", "/accounts/password_change/"),
    ("anyone:not-found", "/deze-pagina-bestaat-niet/"),
]
ANSWERS = {"/deze-pagina-bestaat-niet/": 404}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

#: In a page: the standings' column just before the pinned total, where the
#: total covers it (the last round once showed only digit fragments there).
UNDER_TOTAL = """() => [...document.querySelectorAll('table.standings')].map(t => {
  const total = t.querySelector('thead th.pin-total');
  let before = total && total.previousElementSibling;
  while (before && getComputedStyle(before).display === 'none') {
    before = before.previousElementSibling;
  }
  if (!before) return null;
  const a = before.getBoundingClientRect(), b = total.getBoundingClientRect();
  return a.right <= b.left + 1 ? null : before.textContent.trim();
}).filter(x => x)"""


#: What a screen reader and a label need of a page (issue 40): every id
#: that ``aria-describedby`` or a label's ``for`` points at is there, once;
#: no id twice (a label would work the wrong control); every form control
#: has a name (a label, ``aria-label`` or ``aria-labelledby``).
LABELS = """() => {
  const problems = [];
  const seen = {};
  for (const e of document.querySelectorAll('[id]')) {
    seen[e.id] = (seen[e.id] || 0) + 1;
  }
  for (const [id, n] of Object.entries(seen)) {
    if (n > 1) problems.push('id twice: ' + id);
  }
  for (const e of document.querySelectorAll('[aria-describedby]')) {
    for (const id of e.getAttribute('aria-describedby').split(/\\s+/)) {
      if (id && !document.getElementById(id)) problems.push('no help ' + id);
    }
  }
  for (const e of document.querySelectorAll('input, select, textarea')) {
    if (e.type === 'hidden' || e.type === 'submit' || e.type === 'button') continue;
    const named = e.labels && e.labels.length || e.getAttribute('aria-label')
      || e.getAttribute('aria-labelledby') || e.getAttribute('title');
    const which = e.name || e.id || e.outerHTML.slice(0, 60);
    if (!named) problems.push('no name: ' + which);
  }
  return problems;
}"""


def _patterns(resolver=None, namespace=None):
    """(``namespace:name``, its argument names) of every named route."""
    resolver = resolver or get_resolver()
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            yield from _patterns(item, item.namespace or namespace)
        elif isinstance(item, URLPattern) and item.name and namespace in NAMESPACES:
            yield f"{namespace}:{item.name}", list(item.pattern.converters)


def _seed():
    """The demo events and season, a house-rule set; the values to fill in."""
    from rules.models import HouseRuleSet
    from scoring.tableside.services import key_for
    from seasons.models import Competition, Rating
    from tests.conftest import organisers_group
    from tournaments.models import Entry, TableRound, TournamentRole

    organisers_group()  # flushed by an earlier transactional test; the demo
    call_command("load_demo", verbosity=0)  # TD joins it (creates events)
    HouseRuleSet.objects.create(
        slug="huisregels-de-troefaas",
        name="Huisregels van De Troefaas, met een heel lange naam erbij",
        preset="nl",
    )
    tables = TableRound.objects.filter(round__tournament__slug="demo", round__number=1)
    sizes = {}
    for table in tables.order_by("number"):
        sizes.setdefault(table.seats.count(), table)
    assert set(sizes) == {4, 5}, sizes
    season = Competition.objects.get(slug="demo-seizoen")
    entry = Entry.objects.filter(tournament__slug="demo").first()
    key = key_for(sizes[5])
    upload_key, conflict = _an_upload_refused(season.club_id)
    return {
        "slug": "demo",
        "number": 1,
        "round": 1,
        "table": [sizes[4].number, sizes[5].number],
        "deal": 1,
        "entry_id": entry.pk,
        "code": "huisregels-de-troefaas",
        "slot": key.slot,
        "secret": key.secret,
        "token": None,  # a mail's own link: a token only a mail carries
        "competition_slug": season.slug,
        "club_id": season.club_id,
        "public_id": Rating.objects.order_by("-ordinal").first().player.public_id,
        "pk": {
            "td:withdraw": entry.pk,
            "td:entry-action": entry.pk,
            "td:player-edit": entry.player_id,
            "td:club-edit": entry.player.club_id,
            "td:role-remove": TournamentRole.objects.first().pk,
            "td:season-delete-team": season.teams.first().pk,
            "td:player-erase": entry.player_id,
            "documents:member-data": None,  # a JSON download
            "publishing:conflict": conflict.pk,
            "publishing:choose": conflict.pk,
            "publishing:revoke": upload_key.pk,
        },
        "season_slug": season.slug,
        "what": None,  # a PDF: a download
        "decision": "approve",  # a mail request: POST only (405 to a GET)
        # the merge page: two members of the club the demo TD organises
        **dict(zip(("keep", "gone"), _two_members(season.club_id), strict=True)),
    }


def _an_upload_refused(club_id: int):
    """A hall's upload key of the demo club, and an upload of the demo event
    refused because the site's copy changed (its page shows both sides)."""
    from documents.event_backup import export_event
    from publishing.models import UploadConflict, UploadKey
    from tournaments.models import Tournament

    demo = Tournament.objects.get(slug="demo")
    key = UploadKey.objects.create(
        club_id=club_id, name="Laptop in de zaal", digest="k" * 64, hint="abcdef"
    )
    hall = export_event(demo)
    hall["tournament"]["venue"] = "Zaal De Kroon, Geertruidenberg"
    conflict = UploadConflict.objects.create(
        tournament=demo, key=key, source="Zaal De Kroon", file=hall, file_digest="f"
    )
    return key, conflict


def _two_members(club_id: int) -> list[int]:
    from tournaments.models import Player

    return list(
        Player.objects.filter(club_id=club_id)
        .order_by("pk")
        .values_list("pk", flat=True)[:2]
    )


def _round_3_being_played() -> None:
    """Round 3 still being played: its first table open, deals 5-8 to enter."""
    from scoring.services import recompute_table
    from tournaments.models import Round, TableRound, Tournament

    playing = TableRound.objects.get(
        round__tournament__slug="demo", round__number=3, number=1
    )
    playing.deals.filter(number__gte=5).delete()
    playing.closed = False
    playing.save()
    recompute_table(playing)
    Round.objects.filter(pk=playing.round_id).update(
        published=False, status=Round.Status.SEATED
    )
    Tournament.objects.filter(slug="demo").update(
        entry_mode=Tournament.EntryMode.CONFIRM  # the table's phones enter too
    )


def _urls(values) -> tuple[list[tuple[str, str]], list[str]]:
    """(name, url) of every route, a route per table size where it names a
    table; and the routes the test cannot fill."""
    urls, unknown = [], []
    for name, args in _patterns():
        season = name.startswith(("td:season", "documents:season")) or name in (
            "public:season",
            "public:season-teams",
            "public:season-notice-board",
            "public:season-calendar",
            "public:embed-season",
            "publishing:season",
        )
        kwargs = [{}]
        for arg in args:
            value = values.get(arg, KeyError)
            if arg == "slug" and season:
                value = values["season_slug"]
            if isinstance(value, dict):  # a row of this route's own kind
                # none named: 0, fine for a POST-only route (405 before any
                # row is read); a page answers 404 and the test says so
                value = value.get(name, 0)
            if value is KeyError:
                unknown.append(f"{name} <{arg}>")
                kwargs = []
                break
            if value is None:
                kwargs = []
                break
            choices = value if isinstance(value, list) else [value]
            kwargs = [{**k, arg: v} for k in kwargs for v in choices]
        urls += [(name, reverse(name, kwargs=k)) for k in kwargs]
    return urls + EXTRA, unknown


CSP = "Content Security Policy"
#: Words a Dutch page must not show: an English date ("Nov. 28, 2026"),
#: programmers' words, plurals in brackets, a version as "v2".
NOT_DUTCH = re.compile(
    r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}, \d{4}"
    r"|\bslug\b|tie-?breaks?\b|\w\((?:s|en|len)\)|\bv\d+\b",
    re.IGNORECASE,
)


def goto(page, url: str, answer=None):
    """``page.goto(url)``; with ``answer`` (the page as just asked for
    through ``page.request``) the browser is handed that answer instead of
    asking the server to make the same page again."""
    if answer is None:
        return page.goto(url)

    def this_page(address: str) -> bool:
        return address == answer.url

    page.route(this_page, lambda route: route.fulfill(response=answer))
    try:
        return page.goto(url)
    finally:
        page.unroute(this_page)


def test_every_page_fits_a_phone_and_a_laptop_without_csp_errors(live_server, browser):
    values = _seed()
    urls, unknown = _urls(values)
    assert not unknown, f"teach _seed these arguments: {unknown}"
    problems, visited, skipped = [], set(), set()
    #: Each URL is asked for once, by the first size, to tell a page from a
    #: download, a POST-only route or a fragment; the other size reads the
    #: status and type of the page it loads itself.
    pages: dict[str, bool] = {}
    for size, (width, height) in SIZES.items():
        contexts = {}
        for logged_in in (False, True):
            context = browser.new_context(
                viewport={"width": width, "height": height},
                locale=LOCALES[size],
                base_url=live_server.url,
            )
            page = context.new_page()
            if logged_in:
                page.goto("/accounts/login/")
                page.fill("#id_username", "td")
                page.fill("#id_password", "rikken")
                with page.expect_navigation():
                    page.click("form.card button[type=submit]")
            errors = []
            page.on(
                "console",
                lambda msg, errors=errors: (
                    errors.append(msg.text)
                    if msg.type == "error" or CSP in msg.text
                    else None
                ),
            )
            contexts[logged_in] = (context, page, errors)
        #: axe on every page in CI, a fifth of them at a desk (each size
        #: its own fifth); the laptop visits only its fifth at a desk
        axed = {url for _name, url in spread(urls, offset=size == "phone")}
        for name, url in urls if size == "phone" else spread(urls):
            context, page, errors = contexts[not name.startswith(PUBLIC)]
            answer = None
            if url not in pages:
                answer = page.request.get(url)
                kind = answer.headers.get("content-type", "")
                pages[url] = False
                if answer.status == 405 or "text/html" not in kind:
                    skipped.add((name, answer.status, kind.split(";")[0]))
                    continue
                if "<html" not in answer.text()[:500].lower():
                    skipped.add((name, answer.status, "fragment"))
                    continue
                pages[url] = True
                if answer.status != ANSWERS.get(url, 200):
                    problems.append((size, url, "answered", answer.status))
                    continue
            elif not pages[url]:
                continue
            errors.clear()
            response = goto(page, url, answer)
            kind = response.headers.get("content-type", "")
            if response.status != ANSWERS.get(url, 200) or "text/html" not in kind:
                problems.append((size, url, "answered", response.status, kind))
                continue
            visited.add(name)
            found = page.evaluate(OVERFLOW if size == "phone" else OVERFLOW_LAPTOP)
            if found["scroll"] > found["width"] or found["outside"]:
                problems.append((size, url, "wider than the screen", found))
            if covered := page.evaluate(UNDER_TOTAL):
                problems.append((size, url, "under the pinned total", covered))
            if url in ANSWERS:  # the browser logs the status it was meant to get
                errors = [e for e in errors if "status of" not in e]
            if errors:
                problems.append((size, url, "console", errors[:3]))
            if size == "phone" and (labels := page.evaluate(LABELS)):
                problems.append((url, "labels", labels[:6]))
            if url in axed and (faults := violations(page)):
                problems.append((size, url, "axe", faults[:5]))
            words = NOT_DUTCH.findall(page.inner_text("body"))
            if size == "phone" and words:
                problems.append((url, "not plain Dutch", words[:5]))
        for context, _page, _errors in contexts.values():
            context.close()
    # The entry form at work, on a phone: a deal typed, its preview shown,
    # no CSP error, nothing wider than the screen.
    _round_3_being_played()
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        locale="nl-NL",
        base_url=live_server.url,
    )
    page = context.new_page()
    errors = []
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text) if msg.type == "error" or CSP in msg.text else None
        ),
    )
    log_in(page, "td", "rikken")
    page.goto(reverse("td:entry-deal", args=["demo", 3, 1, 5]))
    page.fill("#id_p0_contract", "rik")
    page.fill("#id_p0_tricks", "14")
    # (a locator, not wait_for_function: a string evaluated in the page is
    # itself refused by the policy and would log the very error looked for)
    page.locator("#preview *").first.wait_for()
    page.fill("#id_p0_tricks", "9")
    page.wait_for_timeout(800)
    found = page.evaluate(OVERFLOW)
    if found["scroll"] > found["width"] or found["outside"]:
        problems.append(("entry form at work", "wider than the screen", found))
    # and the table's own phone: a seat chosen, a deal typed
    from scoring.tableside.services import key_for
    from tournaments.models import TableRound

    key = key_for(
        TableRound.objects.get(
            round__tournament__slug="demo", round__number=3, number=1
        )
    )
    page.context.clear_cookies()
    page.goto(reverse("tableside:table", args=[key.slot, key.secret]))
    with page.expect_navigation():
        page.click(".seat-choice input[value='1'] + button")
    page.fill("#id_p0_contract", "rik")
    page.fill("#id_p0_tricks", "14")
    page.locator("#preview *").first.wait_for()
    page.wait_for_timeout(800)
    found = page.evaluate(OVERFLOW)
    if found["scroll"] > found["width"] or found["outside"]:
        problems.append(("table-side form at work", "wider than the screen", found))
    context.close()
    if errors:
        problems.append(("entry forms at work", errors[:3]))
    print(f"{len(visited)} pages visited; not pages: {sorted(skipped)}")
    assert not problems, "\n".join(map(repr, problems))
    must = {
        "td:home",
        "td:event",
        "td:round",
        "td:entry-table",
        "td:entry-deal",
        "td:standings",
        "td:hall",
        "tableside:table",
        "public:standings",
        "public:round",
        "public:table",
        "td:rule-schedule",
        "td:season",
    }
    assert must <= visited, (sorted(must - visited), sorted(skipped))
