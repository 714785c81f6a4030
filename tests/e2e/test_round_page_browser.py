"""A championship day with tables of five, through the browser (Playwright,
Debian's Chromium): 22 players sit at three tables of four and two of five.

The event form warns at once that 8 deals per round do not share sitting
out evenly at a table of five, and again after saving; 10 deals do. Round 1
is seated (the button shows the seating is being made while it is), a
player is moved by hand from a table of five to a table of four, and
round 2 is seated by standing. No Content Security Policy error appears.
"""

import pytest

from tests.browser import log_in, needs_chromium
from tests.conftest import organisers_group

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

SLUG = "kampioenschap"


def sizes(round_number: int) -> dict[int, list[str]]:
    from tournaments.models import Seat

    tables: dict[int, list[str]] = {}
    seats = Seat.objects.filter(
        table__round__tournament__slug=SLUG, table__round__number=round_number
    ).order_by("table__number", "position")
    for number, name in seats.values_list("table__number", "entry__player__name"):
        tables.setdefault(number, []).append(name)
    return tables


def test_a_day_with_tables_of_five_is_seated_in_the_browser(page, django_user_model):
    from tournaments.models import Club, Entry, Player, Seat, Tournament

    td = django_user_model.objects.create_user("td", password="rikken-td-1")
    td.groups.add(organisers_group())
    clubs = [Club.objects.create(name=f"Club {c}") for c in "ABCD"]
    players = [
        Player.objects.create(name=f"Speler {i:02d}", club=clubs[i % 4])
        for i in range(22)
    ]
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" or "Content Security Policy" in msg.text
            else None
        ),
    )
    # the first seating of a process may load the compiled search; the
    # machine may be busy: more than the usual 15 s before giving up
    page.set_default_timeout(60_000)
    log_in(page, "td", "rikken-td-1")

    # The event form: the tournament regulation is the starting schedule,
    # normalising is off, and 8 deals are warned about as they are typed.
    page.goto("/manage/new/")
    form = page.locator("form.td-form")
    assert form.locator("#id_rules").input_value() == "iwwa"
    assert not form.locator("#id_normalise_five").is_checked()
    help_texts = form.locator(".field small.muted")
    assert help_texts.count() >= len(form.locator(".field").all()) - 1
    form.locator("#id_name").fill("Kampioenschap")
    form.locator("#id_slug").fill(SLUG)
    form.locator("#id_date").fill("2026-11-28")
    form.locator("#id_rounds").fill("3")
    note = form.locator("[data-five-note]")
    form.locator("#id_deals_per_round").fill("10")
    assert note.is_hidden()
    form.locator("#id_deals_per_round").fill("8")
    note.wait_for(state="visible")
    assert "sit out 1 or 2 deals" in note.inner_text()
    assert "Choose 5 or 10 deals per round" in note.inner_text()
    form.locator("#id_normalise_five").check()
    assert "Normalising is on" in note.inner_text()
    form.locator("#id_normalise_five").uncheck()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"**/manage/{SLUG}/")
    warning = page.locator(".messages, .message, [role=alert], main").first
    assert "sit out 1 or 2 deals" in warning.inner_text()

    # ... then 10 deals: nothing to warn about.
    page.goto(f"/manage/{SLUG}/settings/")
    form = page.locator("form.td-form")
    assert "sit out 1 or 2 deals" in form.locator("[data-five-note]").inner_text()
    form.locator("#id_deals_per_round").fill("10")
    assert form.locator("[data-five-note]").is_hidden()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"**/manage/{SLUG}/")
    assert "sit out" not in page.locator("main").inner_text()
    event = Tournament.objects.get(slug=SLUG)
    assert event.deals_per_round == 10 and event.rules == "iwwa"

    Entry.objects.bulk_create(
        Entry(tournament=event, player=p, status=Entry.Status.PRESENT) for p in players
    )

    # Round 1: the button says the seating is being made while it is.
    page.goto(f"/manage/{SLUG}/round/1/")
    assert page.locator("input[name=order]").count() == 0  # no standing yet
    # hold the form back after the page's own handler ran, to look at it
    page.evaluate(
        "() => { window.hold = e => e.preventDefault();"
        " document.addEventListener('submit', window.hold); }"
    )
    page.get_by_role("button", name="Generate seating").click()
    button = page.locator("form.seat-form button[type=submit]")
    assert button.is_disabled()
    assert button.inner_text() == "Seating is being made…"
    assert page.locator(".busy-note").is_visible()
    page.evaluate("() => document.removeEventListener('submit', window.hold)")
    with page.expect_navigation():
        page.evaluate("() => document.querySelector('form.seat-form').requestSubmit()")
    round_1 = sizes(1)
    assert sorted(len(t) for t in round_1.values()) == [4, 4, 4, 5, 5]
    main = page.locator("main").inner_text()
    assert "Round 1 seated: 5 tables, no repeat meetings." in main
    assert "sit out" not in main  # 10 deals: even at the tables of five

    # Move a player by hand from a table of five to seat 1 of a table of four.
    five = next(n for n, t in round_1.items() if len(t) == 5)
    four = next(n for n, t in round_1.items() if len(t) == 4)
    mover = round_1[five][4]
    move = page.locator("form.move-form")
    move.locator("select[name=entry]").select_option(label=mover)
    move.locator("select[name=table]").select_option(str(four))
    move.locator("select[name=seat]").select_option("1")
    with page.expect_navigation():
        move.get_by_role("button", name="Move player").click()
    assert (
        f"{mover} now sits at table {four}, seat 1."
        in page.locator("main").inner_text()
    )
    moved = sizes(1)
    assert moved[four] == [mover, *round_1[four]]
    assert moved[five] == round_1[five][:4]
    assert event.audit.filter(action="round.move").count() == 1

    # Round 1 played: the standings follow the points (set here directly).
    seats = Seat.objects.filter(table__round__tournament=event, table__round__number=1)
    for rank, seat in enumerate(seats.order_by("entry__player__name")):
        seat.points = 100 - rank * 7
        seat.save(update_fields=["points"])

    # Round 2 by standing.
    page.goto(f"/manage/{SLUG}/round/2/")
    page.get_by_label("By standing").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Generate seating").click()
    main = page.locator("main").inner_text()
    assert "Seated by standing." in main
    assert "Round 2 seated: 5 tables," in main
    assert "1 repeat meetings" not in main and "fewer than" not in main
    round_2 = sizes(2)
    assert sorted(len(t) for t in round_2.values()) == [4, 4, 4, 5, 5]
    line = event.audit.filter(action="round.seat").latest("id")
    assert line.detail["source"] == "standing"
    # the leaders sit together as far as repeat meetings allow: the leader's
    # table holds more of the top ten than any table of a random mix would
    top = [f"Speler {i:02d}" for i in range(10)]
    leader_table = next(t for t in round_2.values() if "Speler 00" in t)
    assert sum(name in top for name in leader_table) >= 3
    assert not errors, errors
