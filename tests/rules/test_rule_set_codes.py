"""A house-rule set's code is given once: a set someone uses
keeps it, and a code a set had is never given to another set, so an event or
a season never plays by a stranger's rules under a familiar code."""

import datetime
import random

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from rules import naming
from rules.models import HouseRuleSet, RuleSetCode
from rules.rule_files import RuleFileError, free_slug, import_rule_set
from rules.usage import users_of
from seasons.models import Competition
from tests.rules.test_editor_view import form_for
from tournaments.models import Club, Tournament

STRANGER = {"contracts": {"piek": {"value": 1500}}}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def maker(make_user):
    return make_user("maker", organiser=True)


@pytest.fixture
def club_set(db, maker):
    return HouseRuleSet.objects.create(
        slug="club",
        name="Club",
        preset="nl",
        owner=maker,
        overrides={"contracts": {"rik": {"base": 20}}},
    )


@pytest.fixture
def editor(client, maker):
    client.force_login(maker)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def season_using(code: str) -> Competition:
    club = Club.objects.create(name="Club A")
    return Competition.objects.create(club=club, name="Winter A", slug="a", rules=code)


def event_using(code: str, slug: str = "night-1") -> Tournament:
    return Tournament.objects.create(
        slug=slug,
        name=f"Club night {slug}",
        date=datetime.date(2027, 1, 5),
        rules=code,
    )


def rename(client, rule_set, slug, mode="save"):
    data = form_for(rule_set.schedule(), slug=slug, name=rule_set.name, mode=mode)
    return client.post(f"/rules/{rule_set.slug}/edit/", data)


# -- (a) a set in use keeps its code ---------------------------------------------
def test_a_set_a_season_uses_keeps_its_code_and_the_page_names_the_season(
    editor, club_set
):
    season_using("club")
    response = rename(editor, club_set, "renamed")
    html = response.content.decode()
    assert response.status_code == 200
    assert "the code stays “club”" in html and "competition “Winter A”" in html
    assert HouseRuleSet.objects.filter(slug="club").exists()


def test_a_set_an_event_names_keeps_its_code_and_the_page_names_the_event(
    editor, club_set
):
    event_using("club")
    html = rename(editor, club_set, "renamed").content.decode()
    assert "the code stays “club”" in html and "tournament “Club night night-1”" in html


def test_every_path_that_saves_a_set_refuses_the_rename(club_set):
    """The admin site and the shell too: the model refuses it."""
    season_using("club")
    club_set.slug = "renamed"
    with pytest.raises(ValidationError) as caught:
        club_set.save()
    assert "the code stays “club”" in caught.value.message_dict["slug"][0]


def test_many_users_are_counted_not_all_named(club_set):
    for n in range(7):
        event_using("club", f"night-{n}")
    assert users_of(club_set)[-1] == "and 2 more"
    assert len(users_of(club_set)) == 6


def test_a_set_nobody_uses_is_renamed_and_its_old_code_is_kept(editor, club_set):
    assert rename(editor, club_set, "renamed").status_code == 302
    assert set(RuleSetCode.objects.values_list("code", flat=True)) == {
        "club",
        "renamed",
    }


# -- (b) a code is never given to another set --------------------------------------
@pytest.fixture(params=["renamed", "deleted"])
def freed(request, club_set):
    """``club`` freed as the defect freed it: by a rename, or the set gone."""
    if request.param == "renamed":
        club_set.slug = "club-old"
        club_set.save()
    else:
        club_set.delete()
    return "club"


def test_the_editor_refuses_a_code_another_set_had(client, make_user, freed):
    client.force_login(make_user("stranger", organiser=True))
    data = form_for(
        HouseRuleSet(preset="nl").schedule(),
        slug=freed,
        name="Not yours",
        mode="clone",
        piek__value="1500",
    )
    response = client.post("/rules/nl/edit/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert "belonged to another house-rule set" in response.content.decode()
    assert not HouseRuleSet.objects.filter(slug=freed).exists()


def test_a_loaded_file_skips_a_code_another_set_had(freed):
    document = {
        "format": "rikscore.rules",
        "version": 1,
        "name": "Not yours",
        "slug": freed,
        "preset": "nl",
        "overrides": STRANGER,
    }
    assert import_rule_set(document).slug == "club-2"
    with pytest.raises(RuleFileError) as caught:
        import_rule_set(document, slug=freed)
    assert [v.code for v in caught.value.violations] == ["file_slug_taken"]
    assert (
        free_slug(freed, lambda code: RuleSetCode.objects.filter(code=code).exists())
        == "club-3"
    )


def test_a_set_takes_back_its_own_former_code(club_set):
    club_set.slug = "typo"
    club_set.save()
    club_set.slug = "club"
    club_set.save()
    assert HouseRuleSet.objects.get(pk=club_set.pk).slug == "club"


def test_the_model_refuses_another_sets_former_code_by_any_path(club_set, maker):
    club_set.delete()
    with pytest.raises(ValidationError) as caught:
        HouseRuleSet.objects.create(slug="club", name="Mine", preset="nl")
    assert "never given twice" in caught.value.message_dict["slug"][0]


def test_past_the_numbered_codes_a_file_gets_a_random_one_then_a_refusal(
    db, monkeypatch
):
    document = {
        "format": "rikscore.rules",
        "version": 1,
        "name": "N",
        "slug": "nl",
        "preset": "nl",
        "overrides": {},
    }
    numbered = [f"nl-{n}" for n in range(2, 51)]
    RuleSetCode.objects.bulk_create(RuleSetCode(code=code) for code in numbered)
    loaded = import_rule_set(document)
    assert loaded.slug.startswith("nl-") and len(loaded.slug) == len("nl-") + 6
    monkeypatch.setattr(naming.random, "SystemRandom", lambda: random.Random(2))
    spares = naming.candidates("nl", 50, rng=random.Random(2))[50:]
    RuleSetCode.objects.bulk_create(RuleSetCode(code=code) for code in spares)
    with pytest.raises(RuleFileError) as caught:
        import_rule_set(document)
    (violation,) = caught.value.violations
    assert violation.code == "file_slug_taken"
    assert "No free code like “nl” is left" in violation.message
