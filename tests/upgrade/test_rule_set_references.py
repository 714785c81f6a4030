"""Seasons written before a season referred to its set by the row named
their house-rule set by its code; the migrations point them at the set and
keep every code a set had or that something names (rules 0004, seasons 0002)."""

import datetime

import pytest

from tests.upgrade import migrate, migrate_to_the_end

BEFORE = [
    ("rules", "0003_name_without_control_characters"),
    ("seasons", "0001_initial"),
]


@pytest.mark.django_db(transaction=True)
def test_seasons_refer_to_their_set_and_named_codes_are_kept():
    old = migrate(BEFORE)
    HouseRuleSet = old.get_model("rules", "HouseRuleSet")
    Competition = old.get_model("seasons", "Competition")
    Club = old.get_model("tournaments", "Club")
    club_set = HouseRuleSet.objects.create(
        slug="club", name="Club", preset="nl", overrides={}
    )
    club = Club.objects.create(name="Club A")
    uses_set = Competition.objects.create(club=club, name="A", slug="a", rules="club")
    preset = Competition.objects.create(club=club, name="B", slug="b", rules="pagat")
    stranded = Competition.objects.create(club=club, name="C", slug="c", rules="gone")
    from tournaments.models import Tournament  # its table is as it is now

    Tournament.objects.create(
        slug="e", name="E", date=datetime.date(2027, 1, 5), rules="vanished"
    )

    migrate_to_the_end()
    from rules.models import RuleSetCode, code_taken
    from rules.rule_files import import_rule_set
    from seasons.models import Competition as Now
    from seasons.services import RulesGoneError, create_evening

    assert Now.objects.get(pk=uses_set.pk).rule_set_id == club_set.pk
    assert Now.objects.get(pk=preset.pk).rule_set_id is None
    gone = Now.objects.get(pk=stranded.pk)
    assert (gone.rule_set_id, gone.rules) == (None, "gone")
    codes = dict(RuleSetCode.objects.values_list("code", "rule_set_id"))
    assert codes == {"club": club_set.pk, "gone": None, "vanished": None}
    assert code_taken("vanished") and not code_taken("fresh")
    document = {
        "format": "rikscore.rules",
        "version": 1,
        "name": "Not yours",
        "slug": "gone",
        "preset": "nl",
        "overrides": {},
    }
    assert import_rule_set(document).slug == "gone-2"
    with pytest.raises(RulesGoneError):
        create_evening(gone, datetime.date(2027, 1, 12), [])
