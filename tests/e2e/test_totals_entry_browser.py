"""A club evening entered as totals, by keyboard alone, in real Chromium on
a 360 px phone: five tables (four of four, one of five) in each of two
partijen. Each typed number counts as one action, each key pressed as one;
a table of four may take at most 10 (it takes 8: four numbers, three Tabs,
Enter). The remaining sum shows while typing; Enter saves the table and
the cursor lands in the next table's first total. A third partij's table
whose totals do not add up is refused with the service's message and keeps
nothing. No console error, nothing wider than the phone.

With ``RIKSCORE_BENCH_OUT`` set, the counts and the wall time of the
keystrokes (the browser and server, not a person) are written there as
JSON: ``bench/totals_entry.py`` reports them.
"""

import json
import os
import random
import time

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium
from tests.conftest import organisers_group

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

SIZES = (4, 4, 4, 4, 5)
PARTIJEN = 2
MAX_ACTIONS_TABLE_OF_FOUR = 10


def sheet_totals(rng: random.Random, players: int) -> list[int]:
    """A paper sheet's totals: whole numbers, some negative, summing to 0."""
    totals = [rng.randint(-60, 60) for _ in range(players - 1)]
    return [*totals, -sum(totals)]


class Keyboard:
    """The page's keyboard, counting: a typed number is one action, a key
    pressed is one."""

    def __init__(self, page):
        self.page, self.actions, self.seconds = page, 0, 0.0

    def type(self, text: str) -> None:
        self._timed(self.page.keyboard.type, text)

    def press(self, key: str) -> None:
        self._timed(self.page.keyboard.press, key)

    def _timed(self, act, arg) -> None:
        started = time.perf_counter()
        act(arg)
        self.seconds += time.perf_counter() - started
        self.actions += 1

    def wait(self, script: str, arg=None) -> None:
        """Waiting for the server's answer counts as time, not as action."""
        started = time.perf_counter()
        self.page.wait_for_function(script, arg=arg)
        self.seconds += time.perf_counter() - started


FOCUSED = "id => document.activeElement && document.activeElement.id === id"
SAVED = "n => !!document.querySelector('#totals-table-' + n + ' .badge.ok')"


def enter_table(keys: Keyboard, number: int, totals: list[int], last: bool) -> int:
    """Type one table's totals and save it; returns the actions it took."""
    before = keys.actions
    for i, value in enumerate(totals):
        if i:
            keys.press("Tab")
        keys.type(str(value))
    keys.press("Enter")
    keys.wait(SAVED, number)
    if not last:
        keys.wait(FOCUSED, f"id_t{number + 1}_seat1")
    return keys.actions - before


def test_an_evening_of_totals_by_keyboard_alone(page, django_user_model):
    from tests.scoring.totals_event import seated_evening
    from tournaments.models import Seat, TableRound

    td = django_user_model.objects.create_user("td", password="rikken-td-1")
    td.groups.add(organisers_group())
    event = seated_evening("totaalavond", SIZES, rounds=PARTIJEN + 1, td=td)
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" or "Content Security Policy" in msg.text
            else None
        ),
    )
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, "td", "rikken-td-1")
    rng = random.Random(27)
    keys = Keyboard(page)
    per_table: list[int] = []
    typed: dict[tuple[int, int], list[int]] = {}
    for partij in range(1, PARTIJEN + 1):
        page.goto(f"/manage/{event.slug}/round/{partij}/totals/")
        page.wait_for_function(FOCUSED, arg="id_t1_seat1")  # the cursor starts there
        assert page.evaluate(OVERFLOW)["outside"] == []
        for number, size in enumerate(SIZES, start=1):
            totals = sheet_totals(rng, size)
            typed[partij, number] = totals
            if number == 1:  # what is left to share out shows while typing
                first = page.locator("#totals-table-1 [data-sum]")
                keys.type(str(totals[0]))
                assert first.inner_text() == f"Still {-totals[0]} to share out"
                keys.actions -= 1
                page.keyboard.press("Control+A")
                page.keyboard.press("Backspace")
            actions = enter_table(keys, number, totals, last=number == len(SIZES))
            per_table.append(actions)
            if size == 4:
                assert actions <= MAX_ACTIONS_TABLE_OF_FOUR
        assert page.evaluate(OVERFLOW)["outside"] == []  # every table saved
    assert keys.actions == sum(per_table)
    for (partij, number), totals in typed.items():
        seats = Seat.objects.filter(
            table__round__tournament=event,
            table__round__number=partij,
            table__number=number,
        ).order_by("position")
        assert [s.points for s in seats] == totals

    # A third partij: a sheet that does not add up is refused, nothing kept,
    # the cursor stays in that table.
    page.goto(f"/manage/{event.slug}/round/{PARTIJEN + 1}/totals/")
    page.wait_for_function(FOCUSED, arg="id_t1_seat1")
    for i, value in enumerate(["10", "-4", "7", "-3"]):
        if i:
            page.keyboard.press("Tab")
        page.keyboard.type(value)
    assert page.locator("#totals-table-1 [data-sum]").inner_text() == (
        "Still -10 to share out"
    )
    page.keyboard.press("Enter")
    page.locator("#totals-table-1 [role=alert]").wait_for()
    assert "add up to 10, not 0" in page.locator("#totals-table-1").inner_text()
    page.wait_for_function(FOCUSED, arg="id_t1_seat1")
    assert not TableRound.objects.filter(
        round__tournament=event, round__number=PARTIJEN + 1, totals_only=True
    ).exists()
    assert page.evaluate(OVERFLOW)["outside"] == []
    assert errors == []

    figures = {
        "season_totals_entry_actions": keys.actions,
        "tables": len(per_table),
        "actions_per_table": per_table,
        "keystroke_wall_s": round(keys.seconds, 2),
    }
    out = os.environ.get("RIKSCORE_BENCH_OUT")
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(figures, handle)
    print(figures)
