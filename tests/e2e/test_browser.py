"""The tournament day end to end, in real headless Chromium (Playwright).

A TD logs in, creates a tournament, registers and checks in four players,
seats round 1, enters a deal with a rule violation on table 1, sees the
engine's message next to the field, fixes it, saves, and sees the standings
change. Runs against ``live_server``; Chromium is Debian's /usr/bin/chromium.
"""

import pytest
from django.utils import translation

from tests.browser import log_in, needs_chromium
from tests.conftest import organisers_group

NAMES = ["Anna Bakker", "Bert Janssen", "Cor de Vries", "Dirk Smits"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def standings_total(page, slug: str, name: str) -> str:
    """The total-points cell of ``name`` on the TD standings page."""
    page.goto(f"/manage/{slug}/standings/")
    row = page.locator("table.standings tbody tr", has_text=name)
    headers = page.locator("table.standings thead th").all_inner_texts()
    column = [h.strip() for h in headers].index("Total points")
    return row.locator("td").nth(column).inner_text().strip()


def test_it_runs_a_tournament_day_in_the_browser(page, django_user_model):
    from rules.engine.presets import get_preset
    from rules.engine.validation import validate_record
    from scoring.models import Deal
    from scoring.services import table_view
    from tournaments.models import Club, ClubRole, Player, Seat

    td = django_user_model.objects.create_user("td", password="rikken-td-1")
    td.groups.add(organisers_group())
    club = Club.objects.create(name="De Troefaas")
    ClubRole.objects.create(club=club, user=td)  # the club's TD picks its members
    for name in NAMES:
        Player.objects.create(name=name, club=club)

    log_in(page, "td", "rikken-td-1")

    # Create a tournament: one round of four deals.
    page.goto("/manage/")
    page.click("a.button:has-text('New tournament')")
    page.wait_for_url("**/manage/new/")
    form = page.locator("form.td-form")
    form.locator("#id_name").fill("Browser Cup")
    form.locator("#id_slug").fill("browser-cup")
    form.locator("#id_date").fill("2026-11-21")
    form.locator("#id_rules").select_option("nl")  # a new event starts at iwwa
    form.locator("#id_rounds").fill("1")
    form.locator("#id_deals_per_round").fill("4")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/manage/browser-cup/")

    # Register the four players from the register, checked in at once.
    page.goto("/manage/browser-cup/entries/")
    register = page.locator("form", has=page.locator("input[name=players]"))
    for name in NAMES:
        register.locator("label.check", has_text=name).locator("input").check()
    register.locator("input[name=check_in]").check()
    register.locator("button[type=submit]").click()
    page.wait_for_load_state()
    for name in NAMES:
        row = page.locator("tbody tr", has_text=name)
        assert "Checked in" in row.inner_text()

    # Seat round 1 and open table 1's deal entry.
    page.goto("/manage/browser-cup/round/1/")
    page.get_by_role("button", name="Generate seating").click()
    page.wait_for_load_state()
    page.locator(".seating-table").first.get_by_text("enter deals").click()
    page.wait_for_url("**/manage/browser-cup/round/1/table/1/**")
    assert standings_total(page, "browser-cup", NAMES[0]) == "0"
    page.go_back()

    # Deal 1: rik without a partner. The engine's message appears at the field.
    players = [
        value
        for value in page.eval_on_selector_all(
            "#id_p0_declarer option", "options => options.map(o => o.value)"
        )
        if value
    ]
    declarer, partner = players[0], players[1]
    page.fill("#id_p0_contract", "rik")
    page.select_option("#id_p0_declarer", value=declarer)
    page.fill("#id_p0_tricks", "9")
    # the preview shows the same error at the field: wait for the save's answer
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith("/deal/1/")
    ):
        page.click("#deal-form button.save")
    error = page.locator(".field.has-error", has=page.locator("#id_p0_partner"))
    error.locator(".errorlist").wait_for()
    with translation.override("en"):
        expected = validate_record(
            {
                "rules": "nl",
                "players": ["A", "B", "C", "D"],
                "plays": [{"contract": "rik", "declarer": "A", "tricks": 9}],
            },
            get_preset,
        ).violations
    assert [v.code for v in expected] == ["partner_missing"]
    assert expected[0].message in error.inner_text()
    assert Deal.objects.count() == 0

    # Fix it: name the partner and save; the panel moves on to deal 2.
    page.select_option("#id_p0_partner", value=partner)
    page.click("#deal-form button.save")
    page.locator(".entry-form h2", has_text="2").wait_for()
    deal = Deal.objects.get(number=1)
    assert table_view(deal.table).named(deal.record)["plays"][0]["partner"] == partner

    # The standings changed: the declarer's total is the deal's score.
    seat = Seat.objects.get(entry__player__name=declarer)
    assert seat.points != 0
    assert standings_total(page, "browser-cup", declarer) == str(seat.points)

    # Published, the public page (no login needed) shows the same total.
    page.goto("/manage/browser-cup/round/1/")
    page.once("dialog", lambda dialog: dialog.accept())  # "Publish now?"
    page.get_by_role("button", name="Publish results").click()
    page.wait_for_load_state()
    page.context.clear_cookies()
    page.goto("/t/browser-cup/")
    public = page.locator("table.standings tbody tr", has_text=declarer)
    assert str(seat.points) in public.inner_text().split()
