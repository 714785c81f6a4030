"""Table-side entry in real Chromium (issue 16), one browser context per
phone, on a 360 × 740 screen: the entering player and the confirming
opponent; the blind mode with a disagreement the TD resolves in the hall;
a deal typed offline kept on the phone and stored once when the connection
returns; a double tap stored once; the page fits a phone with large targets.

Runs on SQLite locally and on PostgreSQL in CI (``DATABASE_URL``).
Screenshots land in ``artifacts/screens/`` (``SCREENS_DIR``).
"""

import os
import time
from pathlib import Path

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

SCREENS = Path(
    os.environ.get("SCREENS_DIR", Path(__file__).parents[2] / "artifacts" / "screens")
)
PHONE = {"width": 360, "height": 740}
TOUCH = 44  # px: the smallest target a thumb hits without aiming


HEIGHTS = """(selector) => [...document.querySelectorAll(selector)]
  .map(el => Math.round(el.getBoundingClientRect().height))"""

QUEUE = """() => {
  const name = 'tableside:' + document.getElementById('tableside-status').dataset.base;
  return JSON.parse(localStorage.getItem(name) || '[]').length;
}"""


@pytest.fixture
def phone(browser, live_server):
    """A new phone: its own context (cookies, localStorage), 360 × 740."""
    contexts = []

    def make():
        context = browser.new_context(viewport=PHONE, locale="en-US",
                                      base_url=live_server.url)  # fmt: skip
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def running_table(slug: str, mode: str, number: int = 1):
    """Round 2 of a scored event reopened, its tables emptied, in ``mode``."""
    from scoring.demo import generate_event
    from tournaments.models import Round, TableRound, Tournament

    event = generate_event(slug, 8, 2, 4, rules="nl", seed=5)
    Tournament.objects.filter(pk=event.pk).update(entry_mode=mode)
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    tables = TableRound.objects.filter(round__tournament=event, round__number=2)
    for table in tables:
        table.deals.all().delete()
    tables.update(closed=False)
    return tables.get(number=number)


def link(table) -> str:
    from django.urls import reverse

    from scoring.tableside import services

    key = services.key_for(table)
    return reverse("scoring:tableside", args=[key.slot, key.secret])


def sides(table, number=1):
    """(declarer, partner, an opponent) of deal ``number``: (label, seat)."""
    from scoring.services import table_view

    view = table_view(table)
    players = view.players_for(number)
    return [(p, view.position_of(p)) for p in (players[0], players[1], players[2])]


def pick_seat(page, url: str, seat: int):
    page.goto(url)
    with page.expect_navigation():
        page.click(f".seat-choice a[href='?seat={seat}']")
    page.wait_for_selector("#deal-form")


def fill_rik(page, declarer: str, partner: str, tricks: int):
    page.fill("#id_p0_contract", "rik")
    page.select_option("#id_p0_declarer", declarer)
    page.select_option("#id_p0_partner", partner)
    page.fill("#id_p0_tricks", str(tricks))


def wait_for(check, timeout: float = 10):
    """Poll the database until ``check()`` is true (the browser works apart)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


def grid_row(cells) -> list[str]:
    return [text.strip() for text in cells.all_inner_texts()]


def shot(page, name: str):
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"phone_tableside_{name}.png"), full_page=True)


def fits_the_phone(page, name: str) -> list:
    """What is wrong with this page on the phone (nothing: [])."""
    shot(page, name)
    problems = []
    found = page.evaluate(OVERFLOW)
    if found["scroll"] > found["width"] or found["outside"]:
        problems.append((name, "wider than the screen", found))
    for selector in (".seat-choice a", "#deal-form button.save", ".pending button",
                     ".call-td button"):  # fmt: skip
        small = [h for h in page.evaluate(HEIGHTS, selector) if h < TOUCH]
        if small:
            problems.append((name, selector, "lower than 44 px", small))
    return problems


def test_a_player_enters_and_an_opponent_confirms(phone, live_server):
    from scoring.models import Deal, Submission

    table = running_table("side-confirm", "confirm")
    url = link(table)
    (declarer, d_seat), (partner, _p), (_opponent, o_seat) = sides(table)
    problems = []

    a = phone()
    a.goto(url)
    assert a.locator(".seat-choice a").count() == 4
    problems += fits_the_phone(a, "who_are_you")
    pick_seat(a, url, d_seat)
    problems += fits_the_phone(a, "form")
    fill_rik(a, declarer, partner, 9)
    a.click("#deal-form button.save")
    a.locator("#tableside-status").get_by_text("saved on the server").wait_for()
    a.locator("ul.pending li[data-deal='1']").wait_for()  # after the page reloads
    assert "waits for a player of the other side" in a.inner_text("ul.pending")
    assert a.locator("ul.pending button").count() == 0  # not the declarer's to confirm
    assert not Deal.objects.filter(table=table).exists()
    assert Submission.objects.get(table=table).status == "waiting"

    b = phone()
    pick_seat(b, url, o_seat)
    waiting = b.locator("ul.pending li[data-deal='1']")
    assert declarer in waiting.inner_text()
    problems += fits_the_phone(b, "confirm")
    with b.expect_navigation():
        waiting.get_by_role("button", name="Correct: confirm").click()
    assert "Deal 1 confirmed: it counts." in b.inner_text("#tableside-status, main")
    deal = Deal.objects.get(table=table, number=1)
    assert Submission.objects.get(table=table).confirmed_by == o_seat
    scores = b.locator("table.entry-grid tbody tr").first.locator("td.score")
    assert grid_row(scores) == [str(v) for v in deal.seat_scores[:4]]
    assert b.locator("ul.pending li[data-deal='1']").count() == 0

    public = phone()
    public.goto("/t/side-confirm/round/2/table/1/")
    text = public.inner_text("main")
    assert declarer in text and str(max(deal.seat_scores)) in text
    shot(public, "public_table")
    assert not problems, problems


def test_blind_entries_differ_and_the_td_decides(phone, live_server, make_user):
    from scoring.models import Deal, Submission
    from tournaments.models import AuditLog, TournamentRole

    table = running_table("side-blind", "blind")
    url = link(table)
    (declarer, d_seat), (partner, _p), (opponent, o_seat) = sides(table)

    a = phone()
    pick_seat(a, url, d_seat)
    fill_rik(a, declarer, partner, 9)
    a.click("#deal-form button.save")
    a.locator("#tableside-status").get_by_text("once the other side's entry").wait_for()
    assert wait_for(lambda: Submission.objects.filter(table=table).count() == 1)

    b = phone()
    pick_seat(b, url, o_seat)
    fill_rik(b, declarer, partner, 7)  # the opponents count two tricks fewer
    b.click("#deal-form button.save")
    b.locator("#tableside-status").get_by_text("the TD decides").wait_for()
    b.locator("ul.pending .badge.bad").first.wait_for()  # after the reload
    shot(b, "disputed")
    assert not Deal.objects.filter(table=table).exists()
    assert Submission.objects.filter(table=table, status="disputed").count() == 2

    td = make_user("side-td")
    TournamentRole.objects.create(tournament=table.round.tournament, user=td,
                                  role="td")  # fmt: skip
    hall = phone()
    log_in(hall, "side-td", "pw")
    hall.goto("/manage/side-blind/round/2/hall/")
    row = hall.locator("#hall tbody tr.disputed")
    assert row.count() == 1
    assert row.locator("td").first.inner_text().strip() == "1"
    shot(hall, "hall")
    with hall.expect_navigation():
        row.get_by_role("link", name="decide").click()
    versions = hall.locator(".version")
    assert versions.count() == 2
    chosen = versions.filter(has_text=f"entered by {opponent}")
    chosen.locator("input[name=reason]").fill("the score sheet says 7")
    with hall.expect_navigation():
        chosen.get_by_role("button", name="This version counts").click()
    assert "Decided: that version counts." in hall.inner_text("main")
    assert "Nothing to decide at this table." in hall.inner_text("main")

    deal = Deal.objects.get(table=table, number=1)
    assert deal.record["plays"][0]["tricks"] == 7
    line = AuditLog.objects.get(action="table.decide")
    assert line.detail["reason"] == "the score sheet says 7"
    statuses = sorted(Submission.objects.filter(table=table)
                      .values_list("status", flat=True))  # fmt: skip
    assert statuses == ["accepted", "set_aside"]
    b.reload()
    assert b.locator("ul.pending li").count() == 0
    scores = b.locator("table.entry-grid tbody tr").first.locator("td.score")
    assert grid_row(scores) == [str(v) for v in deal.seat_scores[:4]]


def test_a_deal_typed_offline_is_stored_once_when_back_online(phone, live_server):
    from scoring.models import Submission

    table = running_table("side-offline", "confirm")
    url = link(table)
    (declarer, d_seat), (partner, _p), _o = sides(table)
    page = phone()
    pick_seat(page, url, d_seat)
    sent = []
    page.on("request", lambda r: sent.append(r.url) if "/deal/1/" in r.url
            and r.method == "POST" and "preview" not in r.url else None)  # fmt: skip

    page.context.set_offline(True)
    fill_rik(page, declarer, partner, 9)
    page.click("#deal-form button.save")
    page.locator("#tableside-status").get_by_text("kept on this phone").wait_for()
    shot(page, "offline")
    assert page.evaluate(QUEUE) == 1
    page.wait_for_timeout(500)
    assert not Submission.objects.filter(table=table).exists()

    with page.expect_navigation():  # stored, then the page reloads itself
        page.context.set_offline(False)  # Chromium fires "online"
        page.locator("#tableside-status").get_by_text("saved on the server").wait_for()
    page.locator("ul.pending li[data-deal='1']").wait_for()
    assert page.evaluate(QUEUE) == 0
    page.reload()
    page.wait_for_timeout(500)  # a queue left over would be sent now
    assert page.evaluate(QUEUE) == 0
    assert Submission.objects.filter(table=table).count() == 1
    assert Submission.objects.get(table=table).seat == d_seat
    assert len(set(sent)) == 1


def test_a_double_tap_submits_once(phone, live_server):
    from scoring.models import Submission

    table = running_table("side-tap", "confirm", number=2)
    url = link(table)
    (declarer, d_seat), (partner, _p), _o = sides(table)
    page = phone()
    pick_seat(page, url, d_seat)
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST"
            and r.url.endswith("/deal/1/") else None)  # fmt: skip
    fill_rik(page, declarer, partner, 9)
    page.dblclick("#deal-form button.save")
    page.locator("#tableside-status").get_by_text("saved on the server").wait_for()
    page.locator("ul.pending li[data-deal='1']").wait_for()
    assert Submission.objects.filter(table=table).count() == 1
    assert len(posts) == 1, posts


def test_the_same_key_sent_twice_at_once_from_the_page_stores_one(phone, live_server):
    """A retry racing its first try (a phone that thought the first was lost):
    two posts with one idempotency key, in flight together. PostgreSQL only:
    the in-memory SQLite of the tests locks whole tables across threads."""
    from django.db import connection

    from scoring.models import Submission

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://…")
    table = running_table("side-twice", "confirm", number=2)
    url = link(table)
    (declarer, d_seat), (partner, _p), _o = sides(table)
    page = phone()
    pick_seat(page, url, d_seat)
    fill_rik(page, declarer, partner, 9)
    answers = page.evaluate("""() => {
      const form = document.getElementById('deal-form');
      const body = () => { const d = new FormData(form); d.set('key', 'same-key');
                           return new URLSearchParams(d); };
      const send = () => fetch(form.action, {method: 'POST', body: body(),
        headers: {'Accept': 'application/json'}}).then(r => r.status);
      return Promise.all([send(), send()]);
    }""")
    assert answers == [200, 200]
    assert Submission.objects.filter(table=table).count() == 1


def offline_with_a_deal(table, phone):
    """The declarer's phone on the table's page, offline, with a rik of 9
    tricks saved: kept on the phone, not sent."""
    (declarer, d_seat), (partner, _p), _o = sides(table)
    page = phone()
    pick_seat(page, link(table), d_seat)
    page.context.set_offline(True)
    fill_rik(page, declarer, partner, 9)
    page.click("#deal-form button.save")
    page.locator("#tableside-status").get_by_text("kept on this phone").wait_for()
    return page


def test_a_deal_queued_for_a_link_retired_meanwhile_says_so(phone, live_server):
    """Offline, then the TD seats the round again (the old links go): back
    online the phone says the link no longer works, instead of keeping the
    deal for ever as if the connection were still down."""
    from scoring.models import Submission
    from tournaments.models import Entry
    from tournaments.services import seat_round

    table = running_table("side-retired", "confirm")
    page = offline_with_a_deal(table, phone)
    entries = list(Entry.objects.filter(tournament=table.round.tournament))
    seat_round(table.round, [entries[4:], entries[:4]])
    page.context.set_offline(False)
    page.locator("#tableside-status").get_by_text("link does not work").wait_for()
    assert page.evaluate(QUEUE) == 0
    assert not Submission.objects.exists()


def test_a_deal_corrected_while_offline_sends_the_correction(phone, live_server):
    """Offline, the player saves, sees a mistake, fixes it and saves again:
    the fixed deal is what reaches the server, once."""
    from scoring.models import Submission

    table = running_table("side-fix", "confirm")
    page = offline_with_a_deal(table, phone)
    page.fill("#id_p0_tricks", "8")
    page.click("#deal-form button.save")
    page.locator("#tableside-status").get_by_text("kept on this phone").wait_for()
    assert page.evaluate(QUEUE) == 1
    with page.expect_navigation():
        page.context.set_offline(False)
        page.locator("#tableside-status").get_by_text("saved on the server").wait_for()
    page.locator("ul.pending li[data-deal='1']").wait_for()
    assert page.evaluate(QUEUE) == 0
    entry = Submission.objects.get(table=table)
    assert entry.record["plays"][0]["tricks"] == 8
