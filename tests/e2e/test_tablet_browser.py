"""The table's tablet in real Chromium (issue 40, part 1): the TD makes a
tablet-sized device the table's terminal from the table's page of the hall
view, is logged out there, and the players enter and confirm a deal on it,
each with their seat's code from the score sheet; the device goes nowhere
else."""

import pytest

from tests.browser import log_in, needs_chromium
from tests.e2e.axe_check import violations
from tests.e2e.test_tableside_browser import fill_rik, save
from tests.tableside.helpers import deal_seats, rik_record, running

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

TABLET = {"width": 800, "height": 1280}


def test_a_deal_entered_and_confirmed_on_the_tables_tablet(browser, live_server):
    from django.contrib.auth.models import User

    from scoring.models import Deal
    from scoring.tableside import seat_codes, services
    from tournaments.models import TournamentRole

    table = running("tablet-day", "confirm")
    user = User.objects.create_user("td-tab", password="pw")
    TournamentRole.objects.create(
        tournament=table.round.tournament, user=user, role="td"
    )
    secret = services.key_for(table).secret
    d, p, o, _o2 = deal_seats(table)
    context = browser.new_context(
        viewport=TABLET, locale="en-US", base_url=live_server.url
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, "td-tab", "pw")
    page.goto(f"/manage/tablet-day/round/2/table/{table.number}/disputes/")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.click("#tablet button")
    page.wait_for_selector("#deal-form")
    page.wait_for_selector("#tableside-status[data-ready]", state="attached")
    assert "/k/" in page.url
    table_url = page.url
    assert violations(page) == []  # axe-core, as every page type

    page.select_option("#who-enter-seat", str(d))
    page.fill("#who-enter-code", seat_codes.seat_code(secret, d))
    fill_rik(page, d, p, 9)
    save(page)
    page.locator("#tableside-status").get_by_text("saved on the server").wait_for()
    assert page.input_value("#who-enter-code") == ""  # the next types their own
    waiting = page.locator("[data-region=pending] li[data-deal='1']")
    waiting.wait_for()
    waiting.locator("select[name=tablet_seat]").select_option(str(o))
    typed = waiting.locator("input[name=tablet_code]")
    typed.fill(seat_codes.seat_code(secret, o))
    # meanwhile a phone at the table enters deal 2: the tablet's page
    # refreshes (within 3 s) and keeps the seat and the code half-way typed
    d2, p2, _o, _x = deal_seats(table, 2)
    services.submit(table, 2, d2, rik_record(table, d2, p2), "from-a-phone")
    page.locator("[data-region=pending] li[data-deal='2']").wait_for(timeout=10_000)
    assert typed.input_value() == seat_codes.seat_code(secret, o)
    assert typed.evaluate("el => el === document.activeElement")
    waiting.get_by_role("button", name="Correct: confirm").click()
    page.locator("#tableside-status").get_by_text("Deal 1 confirmed").wait_for()
    assert Deal.objects.filter(table=table, number=1).count() == 1

    page.goto("/manage/")  # locked: back to the table
    assert page.url == table_url
    context.close()
