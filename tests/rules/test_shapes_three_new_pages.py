"""Issue 29's three shapes where a TD meets them: the side-by-side comparison
with the preset (``rules.engine.diff``), the rules page, the house-rule editor
(form fields to overrides and back, problems named in words) and what-if
(an event's deals rescored under a set with them)."""

import re

import pytest
from django.utils import translation

from rules.engine.diff import differences
from rules.engine.house_rules import apply_overrides
from rules.engine.labels import PRICES, SHAPES, shape_lines
from rules.engine.presets import get_preset
from rules.models import HouseRuleSet
from rules.resolver import resolve_schedule
from td.forms_rules import shape_groups, where_in_words
from td.rules_editor import overrides_from_form, shapes_from_form

SHAPES_NEW = {
    "failed_step": {"piek": 10},
    "failed_step_from": {"piek": 2},
    "failed_prices": {"rik": {"base": 20, "step": 10}, "misere": {"base": 90}},
    "penalty_points": True,
}
FORM_NEW = {
    "shape__failed_step__piek": "10",
    "shape__failed_step_from__piek": " 2 ",
    "shape__failed_step_from__misere": "",
    "shape__failed_prices__rik__base": "20",
    "shape__failed_prices__rik__step": "10",
    "shape__failed_prices__misere__base": "90",
    "shape__failed_prices__misere__step": "",
    "shape__penalty_points": "on",
}


def club(shapes=None, preset="nl"):
    return apply_overrides(preset, {"shapes": shapes or SHAPES_NEW}, "club", "Club")


def enabled(schedule) -> dict:
    return {
        f"{code}__enabled": "on" for code, c in schedule.contracts.items() if c.enabled
    }


def visible(html: str) -> str:
    body = html.split("<main", 1)[1].split(">", 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


# ---- the comparison with the preset and the rules page's lines --------------------


def test_the_comparison_says_the_new_shapes_in_plain_words():
    with translation.override("en"):
        rows = [
            (d.where, d.preset, d.this) for d in differences(get_preset("nl"), club())
        ]
    assert rows == [
        ("Failed: per trick too many", "—", "Piek: 10"),
        ("Failed: step counts from trick", "—", "Piek: from trick 2"),
        (
            "Failed: own base and step",
            "—",
            "Rik: failed base 20, failed per trick 10; Misère: failed base 90",
        ),
        ("Standings as penalty points", "—", "yes"),
    ]


def test_the_comparison_says_it_in_dutch_too():
    with translation.override("nl"):
        rows = {d.where: d.this for d in differences(get_preset("nl"), club())}
    assert rows  # every line has words, none is a raw key
    assert not any(k in " ".join(rows) for k in SHAPES_NEW)
    assert not any("{" in v for v in rows.values())


def test_the_rules_page_lines_name_contracts_and_prices():
    with translation.override("en"):
        lines = {str(line.label.text): line.contracts for line in shape_lines(club())}
    assert lines == {
        "Failed: per trick too many": ["Piek: 10"],
        "Failed: step counts from trick": ["Piek: from trick 2"],
        "Failed: own base and step": [
            "Rik: failed base 20, failed per trick 10",
            "Misère: failed base 90",
        ],
        "Standings as penalty points": [],
    }


def test_every_new_shape_and_price_has_words_and_a_one_line_help():
    with translation.override("en"):
        for label in [*(SHAPES[k] for k in SHAPES_NEW), *PRICES.values()]:
            assert str(label.text) and str(label.help)
            assert "\n" not in str(label.help) and len(str(label.help)) < 110


# ---- the editor -------------------------------------------------------------------


def test_the_form_becomes_the_new_shapes_and_back():
    nl = get_preset("nl")
    assert shapes_from_form(nl, FORM_NEW) == SHAPES_NEW
    assert overrides_from_form(nl, {**enabled(nl), **FORM_NEW}) == {
        "shapes": SHAPES_NEW
    }
    groups = {g.key: g for g in shape_groups(nl, club())}
    values = {f.name: f.value for g in groups.values() for f in g.fields}
    assert values["shape__failed_step_from__piek"] == 2
    assert values["shape__failed_step_from__misere"] == ""
    assert values["shape__failed_prices__rik__base"] == 20
    assert values["shape__failed_prices__rik__step"] == 10
    assert values["shape__failed_prices__misere__step"] == ""
    assert values["shape__penalty_points"] is True
    posted = {
        name: "on" if value is True else str(value)
        for name, value in values.items()
        if value not in ("", False)
    }
    assert shapes_from_form(nl, posted) == SHAPES_NEW
    # the prices laid out per contract: the name, then base and step
    rows = dict(groups["failed_prices"].rows)
    assert [f.name for f in rows[nl.contracts["rik"].name]] == [
        "shape__failed_prices__rik__base",
        "shape__failed_prices__rik__step",
    ]
    assert groups["failed_prices"].filled and not shape_groups(nl, nl)[-2].filled


def test_the_switch_is_labelled_by_what_it_switches():
    nl = get_preset("nl")
    with translation.override("en"):
        [group] = [g for g in shape_groups(nl, nl) if g.key == "penalty_points"]
        assert [str(f.label.text) for f in group.fields] == [
            "Standings as penalty points"
        ]


def test_a_word_where_a_price_belongs_is_kept_for_the_checker():
    shapes = shapes_from_form(
        get_preset("nl"), {"shape__failed_prices__rik__step": "ten"}
    )
    assert shapes == {"failed_prices": {"rik": {"step": "ten"}}}


def test_problems_are_named_by_the_shapes_words():
    nl = get_preset("nl")
    with translation.override("en"):
        assert where_in_words("shapes.failed_prices.rik.base", nl) == (
            "Rik · Failed: own base and step · Failed base"
        )
        assert where_in_words("shapes.failed_step_from.piek", nl) == (
            "Piek · Failed: step counts from trick"
        )
        assert where_in_words("shapes.penalty_points", nl) == (
            "Standings as penalty points"
        )


@pytest.fixture
def editor(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    return client


@pytest.mark.django_db
def test_the_editor_page_offers_the_new_shapes(editor):
    html = editor.get("/rules/nl/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible(html)
    with translation.override("en"):
        for key in ("failed_step_from", "failed_prices", "penalty_points"):
            assert str(SHAPES[key].text) in text and str(SHAPES[key].help) in text
    assert 'name="shape__failed_step_from__piek" min="1" value="" max="13"' in html
    # an empty failed price shows what the failed game pays now (002:70, 90)
    assert (
        'name="shape__failed_prices__rik__base" min="0" value="" placeholder="10"'
        in html
    )
    assert (
        'name="shape__failed_prices__misere__base" min="0" value="" placeholder="30"'
        in html
    )
    assert (
        'name="shape__failed_prices__misere__step" min="0" value="" placeholder="0"'
        in html
    )
    assert 'name="shape__penalty_points"' in html
    for raw in ("failed_step_from", "failed_prices", "penalty_points"):
        assert raw not in text, raw


@pytest.mark.django_db
def test_it_saves_the_new_shapes_and_the_pages_show_them(editor):
    data = {
        "slug": "club",
        "name": "Club",
        "mode": "clone",
        **FORM_NEW,
        **enabled(get_preset("nl")),
    }
    response = editor.post("/rules/nl/edit/", data)
    assert response.status_code == 302
    assert HouseRuleSet.objects.get(slug="club").overrides == {"shapes": SHAPES_NEW}
    schedule = resolve_schedule("club")
    assert schedule.contracts["piek"].fail_from == 2
    assert schedule.shapes["penalty_points"] is True
    text = visible(
        editor.get("/rules/club/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert "Rik: failed base 20, failed per trick 10; Misère: failed base 90" in text
    assert "Piek: from trick 2" in text and "Standings as penalty points" in text
    # the editor of the saved set shows its values again
    html = editor.get("/rules/club/edit/").content.decode()
    assert 'name="shape__failed_prices__rik__base" min="0" value="20"' in html
    assert 'name="shape__penalty_points" checked' in html


@pytest.mark.django_db
def test_a_refused_shape_is_named_in_words_and_nothing_saved(editor):
    data = {
        "slug": "club",
        "name": "Club",
        "mode": "clone",
        "shape__failed_step_from__misere": "2",
        "shape__failed_prices__rik__step": "-1",
        **enabled(get_preset("nl")),
    }
    response = editor.post("/rules/nl/edit/", data, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "Rik · Failed: own base and step · Failed per trick: Must be a whole "
        "number from 0 to 10000." in html
    )
    assert 'name="shape__failed_prices__rik__step" min="0" value="-1"' in html
    assert not HouseRuleSet.objects.exists()
    # with the price right, the trick to count from on a game with no step
    data["shape__failed_prices__rik__step"] = "1"
    html = editor.post("/rules/nl/edit/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert "Misère · Failed: step counts from trick: Misère has no step" in (
        html.content.decode()
    )
    assert not HouseRuleSet.objects.exists()


# ---- what-if ------------------------------------------------------------------------

#: tests/scoring/test_whatif.py's table: a rik failed with 7 (seat 2 with
#: seat 3), a misère made (seat 3), a solo 8 just made (seat 4).
THREE_DEALS = {
    1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1", "tricks": 7}]},
    2: {"plays": [{"contract": "misere", "declarer": "@0", "tricks": 0}]},
    3: {"plays": [{"contract": "solo-8", "declarer": "@0", "tricks": 8}]},
}


@pytest.mark.django_db
def test_what_if_rescores_with_the_new_shapes():
    from demo.events import generate_event
    from scoring.whatif import what_if
    from tournaments.models import Seat

    tiny = generate_event("tiny", 4, 1, 3, rules="nl", special={(1, 1): THREE_DEALS})
    schedule = HouseRuleSet.objects.create(
        slug="club",
        name="club",
        preset="nl",
        overrides={"shapes": SHAPES_NEW},
    ).schedule()
    result = what_if(tiny, schedule)
    seat_of = dict(
        Seat.objects.filter(table__round__tournament=tiny).values_list(
            "entry_id", "position"
        )
    )
    other = {seat_of[ln.entry]: ln.other.points for ln in result.lines}
    real = {seat_of[ln.entry]: ln.real.points for ln in result.lines}
    # nl: rik 7 (002:70) Y = 10 + 5 = 15, the rikker alone pays -30; misère
    # made +90 / -30; solo 8 made +30 / -10.
    assert real == {1: 15 - 30 - 10, 2: -30 - 30 - 10, 3: 0 + 90 - 10, 4: 15 - 30 + 30}
    # the set: a failed rik 20 + 10·1 = 30, the rikker -60; the rest as nl
    assert other == {1: 30 - 30 - 10, 2: -60 - 30 - 10, 3: 0 + 90 - 10, 4: 30 - 30 + 30}
    assert sum(other.values()) == 0
    # penalty points alone change no score
    same = HouseRuleSet.objects.create(
        slug="pp",
        name="pp",
        preset="nl",
        overrides={"shapes": {"penalty_points": True}},
    ).schedule()
    result = what_if(tiny, same)
    assert {seat_of[ln.entry]: ln.other.points for ln in result.lines} == real
