"""Every public page in real Chromium, on a phone (360 × 740) and on a
desktop screen (1920 × 1080): nothing is wider than the screen except a
table that scrolls on its own, and rank, name and total are in view without
scrolling. Run on the demo events and on a 122-player event (tables of five,
a round still being played, the longest name the register allows).

In CI, screenshots of every page land in ``artifacts/screens/``
(``SCREENS_DIR``, ``tests.browser.screenshot``) so a person can look at
them after the run.
"""

import pytest
from django.core.management import call_command

from tests.browser import OVERFLOW, needs_chromium, screenshot

SIZES = {"phone": (360, 740), "desktop": (1920, 1080)}
LONG_NAME = "Maximiliaan-Alexander van Oldenbarnevelt tot Zuylen en Ĳsselmuiden " * 2

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

#: What must stay in view on each kind of page: (selector, what it is).
IN_VIEW = {
    "standings": [
        "table.standings tbody tr:first-child .pin-rank",
        "table.standings tbody tr:first-child .pin-name",
        "table.standings tbody tr:first-child .pin-total",
    ],
    "round": ["section.round-table table tbody tr:first-child td:last-child"],
    "player": ["dl.summary dd"],
    "table": ["table.table-seats tbody tr:first-child td:nth-child(3)"],
    "screen": ["table.standings tbody tr:first-child .pin-total"],
    "screen-round": [".screen-item"],
    "home": ["ul.public-list li"],
    "season": [
        "table.standings tbody tr:first-child .pin-rank",
        "table.standings tbody tr:first-child .pin-name",
        "table.standings tbody tr:first-child .pin-total",
    ],
    "page": ["h1"],
}


IN_VIEWPORT = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return 'missing';
  const box = el.getBoundingClientRect();
  return box.left >= -1 && box.right <= window.innerWidth + 1 && box.width > 0;
}"""


def _events():
    from django.db.models import Max

    from demo.events import generate_event
    from tournaments.models import Player, Round

    call_command("load_demo", verbosity=0)
    big = generate_event("club-122", 122, 4, 8, rules="nl", seed=5)
    last = big.round_set.aggregate(n=Max("number"))["n"]
    Round.objects.filter(tournament=big, number=last).update(
        published=False, status=Round.Status.SEATED
    )
    longest = Player.objects.filter(entries__tournament=big).first()
    longest.name = LONG_NAME[:120]
    longest.save(update_fields=["name"])
    return ["demo", "demo-iwwa", big.slug]


def _pages(slug: str) -> list[tuple[str, str]]:
    from django.db.models.functions import Length

    from tournaments.models import Entry, Round, TableRound

    published = Round.objects.filter(tournament__slug=slug, published=True)
    running = Round.objects.filter(
        tournament__slug=slug, published=False, status=Round.Status.SEATED
    ).first()
    first = published.order_by("number").first().number
    entry = Entry.objects.filter(tournament__slug=slug).order_by(
        Length("player__name").desc()
    )
    pages = [
        ("standings", f"/t/{slug}/"),
        ("round", f"/t/{slug}/round/{first}/"),
        ("player", f"/t/{slug}/player/{entry.first().pk}/"),
        ("table", f"/t/{slug}/round/{first}/table/1/"),
        ("screen", f"/t/{slug}/screen/"),
        ("screen-round", f"/t/{slug}/screen/round/"),
    ]
    if running:
        last = TableRound.objects.filter(round=running).order_by("-number").first()
        live = f"/t/{slug}/round/{running.number}/table/{last.number}/"
        pages.append(("table", live))
    return pages


def _season_pages() -> list[tuple[str, str]]:
    """The demo season's pages: table, teams, a player's season,
    the club, the ratings and one history, an evening player's statistics."""
    from seasons.models import Competition, Rating

    season = Competition.objects.get(slug="demo-seizoen")
    rating = Rating.objects.order_by("-ordinal").first()
    evening = season.evenings.select_related("tournament").first().tournament
    entry = evening.entries.first()
    return [
        ("season", f"/s/{season.slug}/"),
        ("page", f"/s/{season.slug}/teams/"),
        ("page", f"/s/{season.slug}/player/{entry.player.public_id}/"),
        ("page", f"/club/{season.club_id}/"),
        ("page", "/ratings/"),
        ("page", f"/ratings/{rating.player.public_id}/"),
        ("page", f"/t/{evening.slug}/player/{entry.pk}/stats/"),
    ]


def test_every_public_page_fits_a_phone_and_a_desktop(live_server, browser):
    slugs = _events()
    pages = [("home", "/")] + [p for slug in slugs for p in _pages(slug)]
    pages += _season_pages()
    problems = []
    for size, (width, height) in SIZES.items():
        context = browser.new_context(
            viewport={"width": width, "height": height},
            locale="nl-NL",
            base_url=live_server.url,
        )
        page = context.new_page()
        for kind, url in pages:
            response = page.goto(url)
            assert response.status == 200, (url, response.status)
            shot = f"{size}{url.replace('/', '_')}"
            screenshot(page, shot, full_page=kind != "screen")
            found = page.evaluate(OVERFLOW)
            if found["scroll"] > found["width"] or found["outside"]:
                problems.append((size, url, "wider than the screen", found))
            for selector in IN_VIEW[kind]:
                if page.evaluate(IN_VIEWPORT, selector) is not True:
                    problems.append((size, url, "not in view", selector))
        context.close()
    assert not problems, problems


def test_the_rank_column_says_rank_and_the_seat_column_seat(live_server, browser):
    """ "Plaats" read as a rank; the columns now say "Rang" and "Stoel"."""
    call_command("load_demo", "--without-season", verbosity=0)
    context = browser.new_context(locale="nl-NL", base_url=live_server.url)
    page = context.new_page()
    page.goto("/t/demo/")
    assert page.locator("table.standings th.pin-rank").inner_text().strip() == "Rang"
    page.goto("/t/demo/round/1/")
    headers = page.locator("section.round-table th").all_inner_texts()
    assert "Stoel" in [h.strip() for h in headers]
    assert "Plaats" not in [h.strip() for h in headers]
    context.close()
