"""A club evening's check-in in real Chromium (issue 27): 18 members, 16
played last week; this week's evening is made in three actions (open the
page, untick the one who stayed home, create). The search box filters as
one types, the pick buttons tick, a newcomer is added in place and stays
ticked with the others; on a 360 px phone nothing sticks out, on a laptop
no table scrolls, and the console stays clean (strict content policy)."""

import datetime

import pytest

from tests.browser import OVERFLOW, OVERFLOW_LAPTOP, log_in, needs_chromium, screenshot
from tests.conftest import organisers_group

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

#: A player's line in the check-in list, as long as the search shows it.
SHOWN = "label:has([name=players]):visible"


def a_season_of_18():
    from seasons.models import Competition
    from seasons.services import create_evening
    from tournaments.models import Club, Player

    club = Club.objects.create(name="De Troef", city="Tilburg")
    names = [f"Speler {i:02d}" for i in range(17)] + ["Zoë Ærts"]
    members = [Player.objects.create(name=n, club=club) for n in names]
    season = Competition.objects.create(
        club=club, name="Winter", slug="winter", rules="nl", weekday=1
    )
    from django.utils import timezone

    last_week = timezone.localdate() - datetime.timedelta(days=7)
    create_evening(season, last_week, members[:16])
    return season, members


def watch_console(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" or "Content Security Policy" in msg.text
            else None
        ),
    )
    return errors


def test_next_evening_in_three_actions_on_a_phone(page, django_user_model):
    from seasons.models import Evening
    from tournaments.models import ClubRole, Entry

    organisers_group()
    season, members = a_season_of_18()
    user = django_user_model.objects.create_user("secretary", password="rik-s-1")
    ClubRole.objects.create(club=season.club, user=user)
    errors = watch_console(page)
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, "secretary", "rik-s-1")

    page.goto("/manage/season/winter/evening/")  # 1: open the page
    form = page.locator("form[data-check-in]")
    assert form.locator("[data-count]").inner_text() == "16"
    assert page.get_by_label("Speler 03", exact=True).is_checked()
    assert not page.get_by_label("Speler 16", exact=True).is_checked()
    assert form.locator("#id_date").input_value()  # proposed
    assert page.evaluate(OVERFLOW)["outside"] == []
    screenshot(page, "phone_check_in")

    search = form.locator("[data-search]")
    search.fill("zoe")  # accents do not count
    visible = form.locator(SHOWN)
    assert visible.count() == 1 and "Zoë Ærts" in visible.inner_text()
    search.fill("speler 1")
    assert form.locator(SHOWN).count() == 7  # Speler 10 … 16
    search.fill("")
    assert form.locator(SHOWN).count() == 18

    page.get_by_label("Speler 03", exact=True).uncheck()  # 2: untick one
    assert form.locator("[data-count]").inner_text() == "15"
    with page.expect_navigation():
        page.click("text=Create the evening")  # 3: create
    evening = Evening.objects.get(competition=season, number=2)
    present = set(
        Entry.objects.filter(tournament=evening.tournament).values_list(
            "player__name", flat=True
        )
    )
    assert present == {m.name for m in members[:16]} - {"Speler 03"}
    assert evening.tournament.date.weekday() == 1
    assert errors == []


def test_buttons_and_a_newcomer_in_place_on_a_laptop(page, django_user_model):
    from tournaments.models import ClubRole, Player

    organisers_group()
    season, _members = a_season_of_18()
    user = django_user_model.objects.create_user("secretary", password="rik-s-1")
    ClubRole.objects.create(club=season.club, user=user)
    errors = watch_console(page)
    page.set_viewport_size({"width": 1366, "height": 900})
    log_in(page, "secretary", "rik-s-1")
    page.goto("/manage/season/winter/")
    page.click("text=Next evening: tick who is present")
    page.wait_for_url("**/evening/")
    form = page.locator("form[data-check-in]")
    count = form.locator("[data-count]")

    form.locator("[data-pick=none]").click()
    assert count.inner_text() == "0"
    form.locator("[data-pick=active]").click()
    assert count.inner_text() == "18"
    form.locator("[data-pick=last]").click()
    assert count.inner_text() == "16"
    page.get_by_label("Speler 16", exact=True).check()

    form.locator("#id_new-name").fill("Sanne van Mierlo")
    form.locator("#id_new-name").press("Enter")  # adds, makes no evening
    page.get_by_text("is now a member of De Troef").wait_for()
    sanne = Player.objects.get(name="Sanne van Mierlo")
    assert sanne.club == season.club
    assert page.get_by_label("Sanne van Mierlo", exact=True).is_checked()
    assert page.get_by_label("Speler 16", exact=True).is_checked()  # kept
    assert count.inner_text() == "18"
    assert not season.evenings.filter(number=2).exists()

    form.locator("#id_new-name").fill("sanne van mierlo")  # the same again
    form.locator("[data-add]").click()
    page.get_by_text("is in the register already").wait_for()
    assert Player.objects.filter(name__iexact="sanne van mierlo").count() == 1
    assert page.evaluate(OVERFLOW_LAPTOP)["outside"] == []
    screenshot(page, "laptop_check_in")
    assert errors == []
