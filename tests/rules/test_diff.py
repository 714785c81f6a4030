"""What a house-rule set changes in its preset, side by side in plain words:
``rules.engine.diff`` and the rules page of a set."""

import pytest
from django.utils import translation

from rules.engine.diff import differences
from rules.engine.house_rules import apply_overrides
from rules.engine.presets import PRESETS, get_preset
from rules.models import HouseRuleSet


def rows(preset: str, overrides: dict) -> list[tuple[str, str, str]]:
    with translation.override("en"):
        schedule = apply_overrides(preset, overrides, "club", "Club")
        return [
            (d.where, d.preset, d.this)
            for d in differences(get_preset(preset), schedule)
        ]


@pytest.mark.parametrize("code", PRESETS)
def test_a_preset_differs_from_itself_in_nothing(code):
    assert rows(code, {}) == []


def test_changed_numbers_and_words_side_by_side():
    overrides = {
        "contracts": {"rik": {"base": 20, "loss_mode": "both"}, "piek": {"value": 25}}
    }
    assert rows("nl", overrides) == [
        ("Rik · Base", "10", "20"),
        (
            "Rik · Who pays a failed game",
            "Declarer alone (pays double)",
            "Declarer and partner",
        ),
        ("Piek · Value", "20", "25"),
    ]


def test_a_contract_left_out_shows_once_without_its_numbers():
    overrides = {"contracts": {"troela": {"enabled": False, "base": 99}}}
    assert rows("nl", overrides) == [("Triple ace · Playable", "yes", "no")]


def test_variants_are_one_line_not_a_line_per_contract_they_add():
    overrides = {"variants": ["beter-solos", "solo-7"]}
    assert rows("pagat", overrides) == [
        ("Optional variants", "—", "Better solos, Solo 7")
    ]


def test_flags_the_solo_limit_and_sanctions():
    overrides = {
        "contracts": {"misere": {"jury": True, "solo_limit": False}},
        "solo_limit": 3,
        "sanctions": {"turn-up-forgotten": 6, "jury-not-called": 9},
    }
    assert rows("iwwa", overrides) == [
        ("Misère · Jury required", "no", "yes"),
        ("Misère · Counts for the solo limit", "yes", "no"),
        ("Solo limit", "2", "3"),
        ("Turn-up card forgotten · Amount", "3", "6"),
        ("Jury not called · Maximum", "15", "9"),
    ]


def test_a_sanction_the_preset_lacks_is_shown_against_a_dash():
    # a jury contract in pagat brings the "jury not called" sanction along
    overrides = {"contracts": {"misere": {"jury": True}}}
    assert rows("pagat", overrides)[-1] == ("Jury not called · Maximum", "—", "15")


def test_it_is_dutch_on_a_dutch_page():
    with translation.override("nl"):
        schedule = apply_overrides("nl", {"contracts": {"rik": {"base": 20}}}, "c", "C")
        (row,) = differences(get_preset("nl"), schedule)
    assert row.where == "Rik · Basis" and (row.preset, row.this) == ("10", "20")


@pytest.mark.django_db
def test_the_rules_page_of_a_set_shows_what_differs(client):
    HouseRuleSet.objects.create(
        slug="club",
        name="Club rules",
        preset="nl",
        overrides={"contracts": {"rik": {"loss_mode": "both"}}},
    )
    html = client.get("/rules/club/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "What differs from Dutch club table (points)" in html  # the page's words
    assert '<td class="was">Declarer alone (pays double)</td>' in html
    assert '<td class="now">Declarer and partner</td>' in html
    html = client.get("/rules/nl/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "What differs" not in html


@pytest.mark.django_db
def test_a_set_that_changes_nothing_says_so(client):
    HouseRuleSet.objects.create(slug="same", name="Same", preset="pagat")
    html = client.get("/rules/same/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This set plays exactly like" in html


def test_each_shape_is_one_line_with_the_contracts_it_changes():
    from rules.engine.house_rules import TOP_KEYS

    if "shapes" not in TOP_KEYS:
        pytest.skip("no structural options in this tree")
    overrides = {"shapes": {"failed_step": {"piek": 10}, "mie_double": True}}
    assert rows("nl", overrides) == [
        ("Schoppen mie: queen and last trick pay twice", "—", "yes"),
        ("Failed: per trick too many", "—", "Piek: 10"),
    ]
