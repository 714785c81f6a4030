"""A season backup carries its house-rule set (version 5, issue 39): on a
site without it the set is loaded with the season, the same set found here
is used, a different one of the same code is never changed (the file's set
comes under a free code), and an older file that names a set the site
lacks still imports and says which set to load. A damaged set in the file
is refused by its place, and then nothing is stored."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from demo.season import generate_season
from documents.event_backup_schema import BackupError
from documents.season_backup import export_competition, import_competition
from rules.models import HouseRuleSet, RuleSetCode
from seasons.models import Competition
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
#: A house rule the presets lack: the solo limit of a club.
OVERRIDES = {"solo_limit": 2}


def season_under_house_rules() -> dict:
    """The backup of a season that plays under a house-rule set, and a site
    without the season (nor, unless a test keeps it, the set)."""
    rules = HouseRuleSet.objects.create(
        slug="troefaas", name="De Troefaas", preset="nl", overrides=OVERRIDES
    )
    season = generate_season(
        "reizend", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10)
    )
    season.rule_set = rules
    season.save()
    data = json.loads(json.dumps(export_competition(season)))
    Competition.objects.all().delete()
    Tournament.objects.all().delete()
    return data


def test_the_set_travels_to_a_site_without_it():
    data = season_under_house_rules()
    assert data["version"] == 5 and data["rule_set"]["overrides"] == OVERRIDES
    HouseRuleSet.objects.all().delete()
    RuleSetCode.objects.all().delete()  # a site that never had the code
    season = import_competition(data, slug="aangekomen")
    assert season.rule_set.slug == "troefaas"
    assert season.rule_set.overrides == OVERRIDES
    assert season.rules_missing == ""


def test_the_same_set_here_is_used_and_no_copy_made():
    data = season_under_house_rules()
    season = import_competition(data, slug="aangekomen")
    assert HouseRuleSet.objects.count() == 1
    assert season.rule_set.slug == "troefaas"


def test_a_different_set_of_that_code_here_is_left_alone():
    data = season_under_house_rules()
    HouseRuleSet.objects.filter(slug="troefaas").update(overrides={})
    season = import_competition(data, slug="aangekomen")
    assert HouseRuleSet.objects.get(slug="troefaas").overrides == {}
    assert season.rule_set.slug == "troefaas-2"
    assert season.rule_set.overrides == OVERRIDES


def test_an_older_file_naming_a_missing_set_imports_and_says_so(client, make_user):
    data = season_under_house_rules()
    HouseRuleSet.objects.all().delete()
    data["version"] = 4
    del data["rule_set"]
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    file = SimpleUploadedFile("season.json", json.dumps(data).encode())
    response = client.post(
        reverse("documents:import-season"), {"file": file}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    said = " ".join(str(m) for m in page.context["messages"])
    assert "house rules “troefaas”" in said and "does not have" in said


def test_a_damaged_set_in_the_file_is_refused_by_its_place():
    data = season_under_house_rules()
    HouseRuleSet.objects.all().delete()
    data["rule_set"]["overrides"] = {"solo_limit": "veel"}
    with pytest.raises(BackupError) as refused:
        import_competition(data, slug="aangekomen")
    assert refused.value.path.startswith("rule_set.overrides")
    assert not Competition.objects.exists()
    assert not HouseRuleSet.objects.exists()
