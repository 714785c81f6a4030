"""The shapes in the house-rule editor and on the rules page: plain words with
a one-line help, form fields to overrides and back, problems named by label."""

import re

import pytest
from django.utils import translation

from rules.engine.house_rules import SHAPE_FORMS, apply_overrides
from rules.engine.labels import SCHEDULE, SHAPES, shape_lines
from rules.engine.presets import get_preset
from rules.models import HouseRuleSet
from rules.resolver import resolve_schedule
from td.forms_rules import shape_groups, where_in_words
from td.rules_editor import overrides_from_form, shapes_from_form

NL_SHAPES = {
    "solo13_steps": {"solo-13": 10},
    "open_simultaneous": ["open-piek"],
    "mie_double": True,
    "failed_step": {"misere": 10},
    "pair_pays_each": ["rik"],
    "abondance_flat": {"solo-9": 20},
}
NL_FORM = {
    "shape__solo13_steps__solo-13": "10",
    "shape__open_simultaneous__open-piek": "on",
    "shape__mie_double": "on",
    "shape__failed_step__misere": " 10 ",
    "shape__failed_step__piek": "",
    "shape__pair_pays_each__rik": "on",
    "shape__abondance_flat__solo-9": "20",
}


def enabled(schedule) -> dict:
    """The form's "playable" boxes as the page ticks them for ``schedule``."""
    return {
        f"{code}__enabled": "on" for code, c in schedule.contracts.items() if c.enabled
    }


def visible(html: str) -> str:
    body = html.split("<main", 1)[1].split(">", 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_every_shape_has_a_label_and_a_one_line_help():
    assert set(SHAPES) == set(SHAPE_FORMS)
    with translation.override("en"):
        for label in [*SHAPES.values(), SCHEDULE["shapes"]]:
            assert str(label.text) and str(label.help)
            assert "\n" not in str(label.help) and len(str(label.help)) < 110


def test_the_form_becomes_shapes_and_only_filled_in_ones():
    nl = get_preset("nl")
    assert shapes_from_form(nl, NL_FORM) == NL_SHAPES
    assert shapes_from_form(nl, {}) == {}
    assert overrides_from_form(nl, {**enabled(nl), **NL_FORM}) == {"shapes": NL_SHAPES}


def test_a_word_where_a_number_belongs_is_kept_for_the_checker():
    shapes = shapes_from_form(get_preset("nl"), {"shape__failed_step__piek": "ten"})
    assert shapes == {"failed_step": {"piek": "ten"}}


def test_the_editor_fields_show_a_sets_shapes():
    nl = get_preset("nl")
    club = apply_overrides("nl", {"shapes": NL_SHAPES}, "club", "Club")
    groups = {g.key: g for g in shape_groups(nl, club)}
    assert list(groups) == list(SHAPE_FORMS)
    values = {f.name: f.value for g in groups.values() for f in g.fields}
    assert values["shape__solo13_steps__solo-13"] == 10
    assert values["shape__solo13_steps__solo-13-beter"] == ""
    assert values["shape__open_simultaneous__open-piek"] is True
    assert values["shape__open_simultaneous__open-misere"] is False
    assert values["shape__mie_double"] is True
    # what the preset already allows together is not offered
    assert "shape__open_simultaneous__piek" not in values
    # the round trip: the fields as posted give the same shapes back
    posted = {
        name: "on" if value is True else str(value)
        for name, value in values.items()
        if value not in ("", False)
    }
    assert shapes_from_form(nl, posted) == NL_SHAPES


def test_a_preset_shows_every_shape_off():
    nl = get_preset("nl")
    fields = [f for g in shape_groups(nl, nl) for f in g.fields]
    assert {f.value for f in fields if f.widget == "number"} == {""}
    assert {f.value for f in fields if f.widget == "checkbox"} == {False}
    with translation.override("nl"):
        [mie] = [g for g in shape_groups(nl, nl) if g.key == "mie_double"]
    assert [f.label.text for f in mie.fields] == ["Schoppen mie"]


def test_a_preset_offers_only_the_shapes_it_can_take():
    keys = [g.key for g in shape_groups(get_preset("iwwa"), get_preset("iwwa"))]
    assert keys == ["solo13_steps", "failed_step", "pair_pays_each",
                    "failed_step_from", "failed_prices", "penalty_points"]  # fmt: skip
    pagat = [g.key for g in shape_groups(get_preset("pagat"), get_preset("pagat"))]
    assert "open_simultaneous" not in pagat and "mie_double" in pagat


def test_a_problem_is_named_by_the_shapes_words():
    nl = get_preset("nl")
    with translation.override("en"):
        assert where_in_words("shapes.failed_step.misere", nl) == (
            "Misère · Failed: per trick too many"
        )
        assert where_in_words("shapes.mie_double", nl) == (
            "Schoppen mie: queen and last trick pay twice"
        )
        assert where_in_words("shapes.open_simultaneous[0]", nl) == (
            "Open game with several players"
        )
        assert where_in_words("shapes", nl) == "Other ways of scoring"
        assert where_in_words("shapes.nope", nl) == "nope"


def test_the_rules_page_lines_name_contracts_not_codes():
    club = apply_overrides("nl", {"shapes": NL_SHAPES}, "club", "Club")
    with translation.override("en"):
        lines = shape_lines(club)
        assert [str(line.label.text) for line in lines] == [
            str(SHAPES[k].text) for k in SHAPE_FORMS if k in NL_SHAPES
        ]
        assert lines[0].contracts == ["Solo 13: 10"]
        assert lines[1].contracts == ["Open piek"]
        assert lines[2].contracts == []
    assert shape_lines(get_preset("nl")) == []


@pytest.fixture
def editor(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    return client


@pytest.mark.django_db
def test_the_editor_shows_the_shapes_in_words(editor):
    html = editor.get("/rules/nl/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible(html)
    with translation.override("en"):
        for label in [*SHAPES.values(), SCHEDULE["shapes"]]:
            assert str(label.text) in text and str(label.help) in text
    assert 'name="shape__failed_step__misere" min="1" value=""' in html
    for raw in ("solo13_steps", "pair_pays_each", "abondance_flat"):
        assert raw not in text, raw


@pytest.mark.django_db
def test_it_saves_shapes_from_the_editor_and_scores_with_them(editor):
    data = {
        "slug": "club",
        "name": "Club",
        "mode": "clone",
        **NL_FORM,
        **enabled(get_preset("nl")),
    }
    response = editor.post("/rules/nl/edit/", data)
    assert response.status_code == 302
    rule_set = HouseRuleSet.objects.get(slug="club")
    assert rule_set.overrides == {"shapes": NL_SHAPES}
    schedule = resolve_schedule("club")
    assert schedule.contract("misere").fail_step == 10
    page = editor.get("/rules/club/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible(page)
    assert "Other ways of scoring" in text
    assert "Failed: per trick too many" in text and "Misère: 10" in text


@pytest.mark.django_db
def test_a_bad_amount_is_named_in_words_and_kept_in_the_form(editor):
    data = {
        "slug": "club",
        "name": "Club",
        "mode": "clone",
        "shape__failed_step__misere": "0",
        **enabled(get_preset("nl")),
    }
    response = editor.post("/rules/nl/edit/", data, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Misère · Failed: per trick too many: Must be a whole number" in html
    assert 'name="shape__failed_step__misere" min="1" value="0"' in html
    assert not HouseRuleSet.objects.exists()


@pytest.mark.django_db
def test_a_preset_page_shows_no_shapes(client):
    text = visible(client.get("/rules/nl/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Other ways of scoring" not in text
