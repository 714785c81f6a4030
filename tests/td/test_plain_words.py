"""Plain words (issue 26): a code that is no code is said in words about a
code, never Django's "slug"; the rule presets' names in the reader's
language; Dutch without "tiebreaks" or "spel(len)"."""

import re

import pytest
from django.utils import translation

from rules.models import CODE_INVALID, HouseRuleSet
from tests.td.test_manage import NEW


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_bad_event_code_is_explained_without_slug(client, make_user, language):
    client.force_login(make_user("maker", organiser=True))
    client.cookies["django_language"] = language
    response = client.post("/manage/new/", dict(NEW, slug="rikken open!"))
    assert response.status_code == 200
    with translation.override(language):
        said = response.context["form"].errors["slug"]
        assert said == [str(CODE_INVALID)]
    shown = re.sub(r"<[^>]*>", " ", response.content.decode())  # the words only
    assert "slug" not in shown.lower()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_bad_rule_set_code_is_explained_without_slug(language):
    from rules.engine.presets import get_preset
    from td.views_rules import _errors_in_words

    rule_set = HouseRuleSet(slug="huis regels!", name="Huis", preset="nl")
    with translation.override(language):
        errors = _errors_in_words(rule_set, get_preset("nl"))
        assert any(str(CODE_INVALID) in e for e in errors), errors
        assert not any("slug" in e.lower() for e in errors), errors


@pytest.mark.django_db
def test_preset_names_follow_the_language():
    from rules.resolver import schedule_choices, schedule_name

    with translation.override("nl"):
        assert schedule_name("pagat") == "Pagat (internationale eenheden)"
    with translation.override("en"):
        assert schedule_name("nl") == "Dutch club table (points)"
        assert ("pagat", "Pagat (international units)") in schedule_choices()


def test_dutch_says_order_when_tied_and_real_plurals():
    from django.utils.translation import gettext, ngettext

    with translation.override("nl"):
        assert gettext("Tie-break chain") == "Volgorde bij gelijke stand"
        one = ngettext("%(n)s deal not entered yet.", "%(n)s deals not entered yet.", 1)
        many = ngettext(
            "%(n)s deal not entered yet.", "%(n)s deals not entered yet.", 3
        )
        assert one % {"n": 1} == "1 spel nog niet ingevoerd."
        assert many % {"n": 3} == "3 spellen nog niet ingevoerd."
        hidden = ngettext(
            "the last round is hidden", "the last %(n)s rounds are hidden", 2
        )
        assert hidden % {"n": 2} == "de laatste 2 rondes worden niet getoond"
