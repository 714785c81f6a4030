"""The jury on the deal form, in real headless Chromium (issue 26, items 2
and 8): a TD of an ``iwwa`` event enters an open misère, records the jury's
approval on the deal form itself and saves; the deal and the decision are
stored, and the jury page shows it by the contract's name. The form's red
errors follow the input; ``iwwa`` shows no all-pass section, and ``nl``'s
stays open while the preview updates."""

import datetime

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

PASSWORD = "rikken-td-1"


def event(slug: str, rules: str):
    """An event of 8 present players, round 1 seated at two tables; its TD
    ``td`` (made once)."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Entry, Player, TournamentRole
    from tournaments.services import create_tournament, seat_round

    t = create_tournament(
        slug=slug,
        name=slug.upper(),
        date=datetime.date(2026, 11, 28),
        rules=rules,
        rounds=2,
        deals_per_round=8,
    )
    names = ["Anna", "Bert", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans"]
    entries = [
        Entry.objects.create(
            tournament=t,
            status="present",
            player=Player.objects.create(name=f"{n} {slug}"),
        )
        for n in names
    ]
    seat_round(t.round_set.get(number=1), [entries[:4], entries[4:]])
    users = get_user_model().objects
    td = users.filter(username="td").first() or users.create_user(
        "td", password=PASSWORD
    )
    TournamentRole.objects.create(tournament=t, user=td, role="td")
    return t


def declarers(page) -> list[str]:
    return [
        v
        for v in page.eval_on_selector_all(
            "#id_p0_declarer option", "options => options.map(o => o.value)"
        )
        if v
    ]


def test_the_td_records_the_jurys_approval_on_the_deal_form(page):
    from scoring.models import Deal, JuryCall

    event("iwwa-day", "iwwa")
    log_in(page, "td", PASSWORD)
    errors = []  # CSP refusals among them (htmx settling a style attribute)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/manage/iwwa-day/round/1/table/1/deal/1/")

    # Open misère needs the jury: without a decision the preview says so.
    page.fill("#id_p0_contract", "open-misere")
    declarer = declarers(page)[0]
    page.select_option("#id_p0_declarer", value=declarer)
    page.fill("#id_p0_tricks", "0")
    page.locator("#preview", has_text="needs the jury").wait_for()

    # The decision on the form itself: approved, by whom; the preview counts it.
    page.select_option("#id_p0_jury", value="approved")
    page.fill("#id_jury_by", "Jan Jurylid")
    page.locator("#preview", has_text="Score effect").wait_for()
    assert "No jury approval" not in page.locator("#preview").inner_text()

    # A style attribute on a field (Chromium leaves an empty one after its
    # autofill and datalist previews) must not be copied by htmx's settling:
    # the policy refuses inline styles.
    page.eval_on_selector(
        "#id_p0_tricks", "e => { e.style.color = 'red'; e.style.color = ''; }"
    )
    page.click("#deal-form button.save")
    page.locator(".messages", has_text="saved with the jury").wait_for()
    page.locator(".entry-form h2", has_text="2").wait_for()
    assert not errors, errors
    deal = Deal.objects.get(number=1, table__number=1)
    assert deal.record["plays"][0]["jury"] == "approved"
    call = JuryCall.objects.get()
    assert (call.contract, call.decision, call.decided_by) == (
        "open-misere",
        "approved",
        "Jan Jurylid",
    )
    assert call.user.username == "td"

    # The form with its jury fields fits a phone.
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto("/manage/iwwa-day/round/1/table/1/deal/2/")
    page.locator("#id_jury_by").wait_for()
    fit = page.evaluate(OVERFLOW)
    assert fit["scroll"] <= fit["width"] and not fit["outside"], fit
    page.set_viewport_size({"width": 1366, "height": 900})

    # The jury page: what was decided, by contract name, who and when.
    page.goto("/manage/iwwa-day/jury/")
    row = page.locator("table.jury-calls tbody tr").first
    text = row.inner_text()
    assert "Open misère" in text and "open-misere" not in text
    assert "Approved" in text and "Jan Jurylid" in text and "td" in text
    assert declarer in text


def test_the_forms_errors_follow_the_input(page):
    event("iwwa-day", "iwwa")
    event("nl-day", "nl")
    log_in(page, "td", PASSWORD)

    # iwwa has no all-pass game: no such section.
    page.goto("/manage/iwwa-day/round/1/table/1/deal/1/")
    assert page.locator("#all-pass").count() == 0
    assert page.get_by_text("Took the queen of spades").count() == 0

    # Tricks 14: saved, the red error is at the field.
    page.fill("#id_p0_contract", "solo")
    page.select_option("#id_p0_declarer", value=declarers(page)[0])
    page.fill("#id_p0_tricks", "14")
    page.select_option("#id_p0_jury", value="approved")
    with page.expect_response(lambda r: r.url.endswith("/deal/1/")):
        page.click("#deal-form button.save")
    field = page.locator(".field", has=page.locator("#id_p0_tricks"))
    field.locator(".errorlist").wait_for()
    assert "has-error" in field.get_attribute("class")
    # htmx binds the preview once the page has loaded: typing before that
    # would ask for no preview (a loaded machine showed it).
    page.wait_for_load_state("load")

    # Fixed to 8: the preview shows scores and the error is gone with it.
    page.fill("#id_p0_tricks", "8")
    page.locator("#preview", has_text="Score effect").wait_for()
    field.locator(".errorlist").wait_for(state="detached")
    assert "has-error" not in field.get_attribute("class")
    assert page.locator("#deal-form .errorlist").count() == 0

    # nl has all-pass games: the section a TD opens stays open while typing.
    page.goto("/manage/nl-day/round/1/table/1/deal/1/")
    box = page.locator("#all-pass")
    assert not box.evaluate("b => b.open")
    box.locator("summary").click()
    assert box.evaluate("b => b.open")
    page.fill("#id_p0_contract", "rik")
    page.fill("#id_p0_tricks", "9")
    page.locator("#preview", has_text="Not yet valid").wait_for()
    page.wait_for_timeout(500)  # a second preview swap, if any
    assert box.evaluate("b => b.open")
