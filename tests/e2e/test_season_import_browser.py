"""A club secretary restores a season from its backup in real Chromium, on
a phone-wide screen: the seasons page links the import, the file goes up,
the season page opens with its evenings; a damaged file is named."""

import json

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium, screenshot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def test_a_secretary_restores_a_season_on_a_phone(page, django_user_model, tmp_path):
    from demo.season import generate_season
    from documents.season_backup import export_competition
    from seasons.models import Competition
    from tournaments.models import ClubRole

    season = generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10), teams=0
    )
    user = django_user_model.objects.create_user("secretary", password="rik-s-1")
    ClubRole.objects.create(club=season.club, user=user)
    good = tmp_path / "season.json"
    good.write_text(json.dumps(export_competition(season)))
    bad_data = export_competition(season)
    bad_data["evenings"][1]["number"] = 1
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(bad_data))

    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, "secretary", "rik-s-1")

    page.goto("/manage/seasons/")
    page.click("text=Import a season from a backup")
    page.wait_for_url("**/manage/seasons/import/")
    assert page.evaluate(OVERFLOW)["outside"] == []

    page.set_input_files("#id_file", str(bad))
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    assert "Refused at evenings[1].number" in page.inner_text("main")
    assert Competition.objects.count() == 1

    page.set_input_files("#id_file", str(good))
    page.fill("#id_slug", "terug")
    page.click("main button[type=submit]")
    page.wait_for_url("**/manage/season/terug/")
    assert "with 2 evenings" in page.inner_text("body")
    assert page.evaluate(OVERFLOW)["outside"] == []
    screenshot(page, "phone_season_import")
