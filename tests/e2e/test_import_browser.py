"""A TD imports the club list of a championship day in real Chromium
(issue 26): from the event's entries page, a 22-player ``Naam;Club;Bondsnummer``
list whose clubs are new to the register and one of whose players has no
club. The preview names the one refused row (line, column, why); after the
confirmation the 22 players are the event's entries, in clubs the TD now
organises."""

import datetime

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium, screenshot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

CLUBS = ["De Klaverboer"] * 6 + ["Rikclub Zwolle"] * 6 + ["Harten Vrouw"] * 5
CLUBS += ["Troef '73"] * 4 + [""]  # the last one plays without a club
NAMES = [
    "Anna Bakker", "Bert de Vries", "Cor Jansen", "Dirk Smit", "Els Visser",
    "Frits Mulder", "Gerda Bos", "Henk Vos", "Ineke Peters", "Jan Hendriks",
    "Kees van Dijk", "Lies Dekker", "Marco Brouwer", "Nel de Wit", "Olga Dijkstra",
    "Piet Smits", "Riet de Graaf", "Sjaak Meijer", "Toon Kok", "Ans van der Meer",
    "Wim Prins", "Zoë van Ĳsselmuiden",
]  # fmt: skip


def club_list(tmp_path):
    lines = ["Naam;Club;Bondsnummer"]
    lines += [
        f"{name};{club};{7001 + i}"
        for i, (name, club) in enumerate(zip(NAMES, CLUBS, strict=True))
    ]
    lines.append("Yvonne Dubbel;Harten Vrouw;7001")  # line 24: a number used twice
    path = tmp_path / "clublijst.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_td_imports_a_club_list_from_the_entries_page(
    page, django_user_model, tmp_path
):
    from tests.conftest import organisers_group
    from tournaments.models import ClubRole, Tournament, TournamentRole

    event = Tournament.objects.create(
        slug="nk",
        name="NK Rikken",
        date=datetime.date(2026, 11, 28),
        rules="iwwa",
        rounds=4,
        deals_per_round=8,
    )
    user = django_user_model.objects.create_user("toon", password="rik-t-1")
    user.groups.add(organisers_group())  # may create events, and clubs
    TournamentRole.objects.create(tournament=event, user=user, role="td")

    log_in(page, "toon", "rik-t-1")
    page.goto("/manage/nk/entries/")
    page.click("text=Import a player list (CSV or XLSX)")
    page.wait_for_url("**/manage/nk/entries/import/")
    page.set_input_files("#id_file", str(club_list(tmp_path)))
    page.check("#id_create_clubs")
    page.click("main button[type=submit]")
    page.wait_for_selector(".preview")
    main = page.inner_text("main")
    assert "22 rows can be stored" in main
    refused = page.inner_text(".refused")
    assert "Line 24: Federation number: 7001 is also on line 2." in refused
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate(OVERFLOW)["outside"] == []
    screenshot(page, "phone_player_import")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.click("text=Store the valid rows")
    page.wait_for_url("**/manage/nk/entries/")
    body = page.inner_text("body")
    assert "22 players entered in NK Rikken" in body
    rows = page.locator("main table tbody tr")
    assert rows.count() == 22
    assert "Zoë van Ĳsselmuiden" in page.inner_text("main table")
    assert "Troef '73" in page.inner_text("main table")
    assert event.entries.count() == 22
    assert not event.entries.filter(player__name="Yvonne Dubbel").exists()
    assert event.entries.get(player__name="Zoë van Ĳsselmuiden").player.club is None
    assert ClubRole.objects.filter(user=user).count() == 4  # the new clubs
    screenshot(page, "player_import_entered", full_page=False)
