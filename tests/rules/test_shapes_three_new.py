"""Issue 29's three rule shapes in the pure engine: ``failed_step_from`` (from
which trick too many or short a failed game's step counts), ``failed_prices``
(a failed game's own base and step) and ``penalty_points`` (standings shown as
penalty points, scores unchanged). Checking, golden scores computed by hand,
the penalty-point club's sheet turned zero-sum, a table of three and frozen
snapshots. Pure: no database.

Sources: ``../shared/rules-sources/`` 000 (pagat reference: rik 1 + 1 per
overtrick, 000:101; misère and piek 5, 000:107; "Rikken for three players")
and 002 (Dutch club table: piek 20, misère 30, solo 13 70); issue 29 for the
shapes themselves ("replaying 515 deals of five public Rikken score apps"),
which no source document prints.
"""

import pytest
from django.utils import translation

from rules.engine import snapshots
from rules.engine.house_rules import apply_overrides, check_overrides
from rules.engine.presets import get_preset
from rules.engine.validation import validate_record
from scoring.settlement import fixed_amount, settle, stepped_amount

P = A, B, C, D = ("Anna", "Bert", "Cor", "Dirk")
BLIND = "Blinde"
THREE = (A, B, BLIND, C)  # the dealer last: the blind man never deals


def scores(schedule, plays, players=P, blind=None):
    record = {"rules": schedule.code, "players": list(players), "plays": list(plays)}
    if blind:
        record["blind"] = blind
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, result.violations
    settlement = settle(result.deal)
    assert sum(settlement.scores.values()) == 0
    for line in settlement.lines:
        assert sum(line.deltas.values()) == 0
    return tuple(settlement.scores[p] for p in players)


def house(preset, overrides):
    assert check_overrides(preset, overrides) == []
    return apply_overrides(preset, overrides, "club", "Club")


def play(contract, tricks, declarer=A, **extra):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **extra}


def pair(contract, tricks, declarer=A, partner=B):
    return play(contract, tricks, declarer, partner=partner)


# ---- checking ----------------------------------------------------------------


def problems(preset, shapes):
    with translation.override("en"):
        return [
            (v.code, v.field, v.message)
            for v in check_overrides(preset, {"shapes": shapes})
        ]


STEP_PIEK = {"failed_step": {"piek": 10}}
REJECTED = [
    # (preset, shapes, code, field, a word the message names)
    ("nl", {"failed_step_from": [2]}, "shape_format", "shapes.failed_step_from",
     "trick"),
    ("nl", {**STEP_PIEK, "failed_step_from": {"piek": 0}}, "shape_from",
     "shapes.failed_step_from.piek", "1 to 13"),
    ("nl", {**STEP_PIEK, "failed_step_from": {"piek": 14}}, "shape_from",
     "shapes.failed_step_from.piek", "1 to 13"),
    ("nl", {**STEP_PIEK, "failed_step_from": {"piek": 2.5}}, "shape_from",
     "shapes.failed_step_from.piek", "whole"),
    ("nl", {**STEP_PIEK, "failed_step_from": {"piek": True}}, "shape_from",
     "shapes.failed_step_from.piek", "whole"),
    ("nl", {"failed_step_from": {"rik": 2}}, "shape_not_applicable",
     "shapes.failed_step_from.rik", "fixed value"),
    ("nl", {"failed_step_from": {"piekk": 2}}, "shape_contract",
     "shapes.failed_step_from.piekk", "piekk"),
    # a trick to count from on a game with no failed step changes nothing
    ("nl", {"failed_step_from": {"misere": 2}}, "shape_from_no_step",
     "shapes.failed_step_from.misere", "nothing to count from"),
    ("nl", {"failed_prices": {"misere": {"base": 90}},
            "failed_step_from": {"misere": 2}}, "shape_from_no_step",
     "shapes.failed_step_from.misere", "Misère"),
    ("nl", {"failed_prices": {"rik": 20}}, "shape_format",
     "shapes.failed_prices.rik", "base"),
    ("nl", {"failed_prices": {"rik": {}}}, "shape_format",
     "shapes.failed_prices.rik", "base"),
    ("nl", {"failed_prices": [{"rik": {"base": 1}}]}, "shape_format",
     "shapes.failed_prices", "failed prices"),
    ("nl", {"failed_prices": {"rik": {"base": 20, "steps": 5}}}, "shape_price_key",
     "shapes.failed_prices.rik.steps", "steps"),
    ("nl", {"failed_prices": {"rik": {"base": -1}}}, "shape_price",
     "shapes.failed_prices.rik.base", "0 to 10000"),
    ("nl", {"failed_prices": {"rik": {"step": 10001}}}, "shape_price",
     "shapes.failed_prices.rik.step", "0 to 10000"),
    ("nl", {"failed_prices": {"rik": {"step": "5"}}}, "shape_price",
     "shapes.failed_prices.rik.step", "whole"),
    ("nl", {"failed_prices": {"schoppen-mie": {"base": 5}}}, "shape_not_applicable",
     "shapes.failed_prices.schoppen-mie", "can fail"),
    ("nl", {"failed_prices": {"misere": {"step": 5}}, "failed_step": {"misere": 10}},
     "shape_conflict", "shapes.failed_prices.misere", "twice"),
    ("nl", {"failed_prices": {"solo-13": {"step": 5}},
            "solo13_steps": {"solo-13": 10}},
     "shape_conflict", "shapes.failed_prices.solo-13", "twice"),
    ("nl", {"failed_prices": {"solo-9": {"base": 5}},
            "abondance_flat": {"solo-9": 20}},
     "shape_conflict", "shapes.failed_prices.solo-9", "fixed failed amount"),
    ("nl", {"penalty_points": "yes"}, "shape_format", "shapes.penalty_points",
     "true or false"),
    ("nl", {"penalty_point": True}, "shape_unknown", "shapes.penalty_point",
     "penalty_points"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "shapes", "code", "field", "word"), REJECTED)
def test_each_problem_has_its_code_field_and_words(preset, shapes, code, field, word):
    found = problems(preset, shapes)
    assert [(c, f) for c, f, _m in found] == [(code, field)], found
    assert word in found[0][2]


@pytest.mark.parametrize(
    "shapes",
    [
        {"failed_step": {"piek": 10}, "failed_step_from": {"piek": 2}},
        {"solo13_steps": {"solo-13": 10}, "failed_step_from": {"solo-13": 13}},
        {"failed_prices": {"misere": {"step": 5}}, "failed_step_from": {"misere": 1}},
        {"failed_prices": {"rik": {"base": 0, "step": 0}, "solo-9": {"step": 10}}},
        # a failed base beside a failed step of the other shape: both count
        {"failed_prices": {"misere": {"base": 90}}, "failed_step": {"misere": 10}},
        {"failed_prices": {"solo-9": {"base": 5}}, "abondance_flat": {"solo-8": 20}},
        {"penalty_points": True},
        {"penalty_points": False},
    ],
)
def test_good_shapes_pass(shapes):
    assert check_overrides("nl", {"shapes": shapes}) == []


def test_penalty_points_is_for_every_preset_and_changes_no_contract():
    for code in ("nl", "pagat", "iwwa"):
        preset = get_preset(code)
        club = house(code, {"shapes": {"penalty_points": True}})
        assert club.shapes == {"penalty_points": True}
        assert club.contracts == preset.contracts
    assert house("nl", {"shapes": {"penalty_points": False}}).shapes == {}


def test_the_shapes_become_contract_fields():
    club = house(
        "nl",
        {
            "shapes": {
                "failed_step": {"piek": 10},
                "failed_step_from": {"piek": 2},
                "failed_prices": {
                    "rik": {"base": 20, "step": 10},
                    "misere": {"base": 90},
                },
            }
        },
    )
    piek, rik, misere = (club.contracts[c] for c in ("piek", "rik", "misere"))
    assert (piek.fail_step, piek.fail_from, piek.lost_base, piek.lost_step) == (
        10, 2, None, None)  # fmt: skip
    assert (rik.lost_base, rik.lost_step, rik.fail_from) == (20, 10, 1)
    assert (misere.lost_base, misere.lost_step) == (90, None)
    nl = get_preset("nl")
    assert nl.contracts["piek"].fail_from == 1 and nl.contracts["rik"].lost_base is None


# ---- golden: failed_step_from --------------------------------------------------

FROM_TWO = {"shapes": {"failed_step": {"piek": 10, "misere": 10},
                       "failed_step_from": {"piek": 2, "misere": 2}}}  # fmt: skip

GOLDEN_FROM = [
    # nl piek 20 (002:82), step 10 from the 2nd trick too many. 3 tricks:
    # 2 too many, the first pays only V: 20 + 10·1 = 30; declarer -90
    ("nl", FROM_TWO, [play("piek", 3)], (-90, 30, 30, 30), "issue 29 (1); 002:82"),
    # 2 tricks: one too many: the value alone, 20 (today's failed_step: 30)
    ("nl", FROM_TWO, [play("piek", 2)], (-60, 20, 20, 20), "issue 29 (1); 002:82"),
    # no trick at all: none too many, 20
    ("nl", FROM_TWO, [play("piek", 0)], (-60, 20, 20, 20), "002:82"),
    # made: unchanged, +60 / -20
    ("nl", FROM_TWO, [play("piek", 1)], (60, -20, -20, -20), "002:81"),
    # nl misère 30 (002:90), 4 tricks: 30 + 10·3 = 60; declarer -180
    ("nl", FROM_TWO, [play("misere", 4, declarer=B)], (60, -180, 60, 60),
     "issue 29 (1); 002:90"),
    # solo 13 of 70 (002:122), 10 per trick short from the 3rd: 10 tricks,
    # 3 short: 70 + 10·1 = 80; declarer -240
    ("nl", {"shapes": {"solo13_steps": {"solo-13": 10},
                       "failed_step_from": {"solo-13": 3}}},
     [play("solo-13", 10)], (-240, 80, 80, 80), "issue 29 (1); 002:122"),
    # N = 1 is today's failed_step: piek 3 tricks, 20 + 10·2 = 40
    ("nl", {"shapes": {"failed_step": {"piek": 10}, "failed_step_from": {"piek": 1}}},
     [play("piek", 3)], (-120, 40, 40, 40), "test_shapes_golden piek-three-tricks"),
    # pagat piek 5 (000:107), failed prices base 5 step 5 from the 2nd: 4
    # tricks, 3 too many: 5 + 5·2 = 15; declarer -45
    ("pagat", {"shapes": {"failed_prices": {"piek": {"step": 5}},
                          "failed_step_from": {"piek": 2}}},
     [play("piek", 4)], (-45, 15, 15, 15), "issue 29 (1); 000:107"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides", "plays", "expected", "source"),
                         GOLDEN_FROM)  # fmt: skip
def test_golden_failed_step_from(preset, overrides, plays, expected, source):
    assert source
    assert scores(house(preset, overrides), plays) == expected


# ---- golden: failed_prices ---------------------------------------------------

GOLDEN_PRICES = [
    # nl rik (002:69-70): X = 10 + 5 per overtrick; the rikker alone pays a
    # failed one double. Failed prices 20 + 10 per trick short: 6 tricks,
    # Y = 20 + 10·2 = 40: rikker -80, partner 0, opponents +40 (preset 20)
    ("nl", {"rik": {"base": 20, "step": 10}}, [pair("rik", 6)], (-80, 0, 40, 40),
     (-40, 0, 20, 20)),
    # made: as made, 10 + 5·1 = 15 each
    ("nl", {"rik": {"base": 20, "step": 10}}, [pair("rik", 9)], (15, 15, -15, -15),
     (15, 15, -15, -15)),
    # only the base: the step stays 5: 7 tricks, 20 + 5 = 25
    ("nl", {"rik": {"base": 20}}, [pair("rik", 7)], (-50, 0, 25, 25),
     (-30, 0, 15, 15)),
    # solo 9 (002:85-86, 20 + 5): failed base 30, step as made: 7 tricks,
    # 30 + 5·2 = 40; declarer -120 (preset 30, -90)
    ("nl", {"solo-9": {"base": 30}}, [play("solo-9", 7)], (-120, 40, 40, 40),
     (-90, 30, 30, 30)),
    # failed misère (002:90, V 30) at 90, no step: 3 tricks, 90 each
    ("nl", {"misere": {"base": 90}}, [play("misere", 3)], (-270, 90, 90, 90),
     (-90, 30, 30, 30)),
    # misère failed base 30 (= V) with a step 10: 2 tricks, 30 + 20 = 50
    ("nl", {"misere": {"step": 10}}, [play("misere", 2)], (-150, 50, 50, 50),
     (-90, 30, 30, 30)),
    # solo 13 (002:122, V 70), failed 0 + 10 per trick short: 11 tricks, 20
    ("nl", {"solo-13": {"base": 0, "step": 10}}, [play("solo-13", 11)],
     (-60, 20, 20, 20), (-210, 70, 70, 70)),
    # troela (loss both, 002:66): failed 0 + 0: a failed troela pays nothing
    ("nl", {"troela": {"base": 0, "step": 0}}, [pair("troela", 5, partner=C)],
     (0, 0, 0, 0), (-25, 25, -25, 25)),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "prices", "plays", "expected", "preset_scores"),
                         GOLDEN_PRICES)  # fmt: skip
def test_golden_failed_prices(preset, prices, plays, expected, preset_scores):
    club = house(preset, {"shapes": {"failed_prices": prices}})
    assert scores(club, plays) == expected
    assert scores(get_preset(preset), plays) == preset_scores


def test_failed_prices_with_pair_pays_each_double_both_ways():
    # rik failed with 6 (nl, declarer pays alone): Y = 20 + 10·2 = 40,
    # each opponent pays each of the pair: 80 each, rikker -160
    club = house(
        "nl",
        {"shapes": {"failed_prices": {"rik": {"base": 20, "step": 10}},
                    "pair_pays_each": ["rik"]}},
    )  # fmt: skip
    assert scores(club, [pair("rik", 6)]) == (-160, 0, 80, 80)


def test_the_amount_functions_read_the_new_fields():
    nl = get_preset("nl")
    piek = nl.contracts["piek"].with_changes(fail_step=10, fail_from=3)
    # piek with 5 tricks: 4 too many, the step from the 3rd: 20 + 10·2
    assert fixed_amount(piek, 5) == 40
    assert fixed_amount(piek, 3) == 20 and fixed_amount(piek, 1) == 20
    assert fixed_amount(piek.with_changes(lost_base=50), 5) == 70
    assert fixed_amount(piek.with_changes(lost_step=1), 5) == 22
    solo = nl.contracts["solo-9"].with_changes(lost_base=0, lost_step=1)
    assert stepped_amount(solo, 5) == 4 and stepped_amount(solo, 10) == 25
    assert stepped_amount(solo.with_changes(fail_flat=7), 5) == 7


# ---- the penalty-point club, turned zero-sum ---------------------------------
#
# The club's sheet (issue 29 (2)): after every deal the losing side gets
# penalty points, the lowest total wins. In 000's units (000:101, 000:107):
#   made rik:    each opponent 1 + 1 per overtrick (+1 for all 13)
#   failed rik:  the declarer and the partner each 2 + 2 per trick short
#   made misère: each opponent 5
#   failed misère: the declarer 15, three times a made one.
# Zero-sum, every player's score is the table's penalty points less four
# times their own (s = T − 4p), so the order is the sheet's. That makes a
# one-against-three game of V per opponent V = the penalty, and a partner
# game's amount twice the penalty: rik 2 + 2 per overtrick (+2 for all 13)
# made, 4 + 4 per trick short failed; misère 5 made, 15 failed. As a set:

PENALTY_CLUB = {
    "contracts": {"rik": {"base": 2, "step": 2, "bonus13": 2}},
    "shapes": {
        "failed_prices": {"rik": {"base": 4, "step": 4}, "misere": {"base": 15}},
        "penalty_points": True,
    },
}


def sheet(play_: dict) -> tuple[int, ...]:
    """The club's penalty points for one play (Anna, Bert, Cor, Dirk), by
    the sheet's own rules above, not by the engine."""
    declarer, tricks = play_["declarer"], play_["tricks"]
    if play_["contract"] == "misere":
        if tricks == 0:
            return tuple(0 if p == declarer else 5 for p in P)
        return tuple(15 if p == declarer else 0 for p in P)
    side = (declarer, play_["partner"])
    if tricks >= 8:
        points = 1 + (tricks - 8) + (1 if tricks == 13 else 0)
        return tuple(0 if p in side else points for p in P)
    points = 2 + 2 * (8 - tricks)
    return tuple(points if p in side else 0 for p in P)


PENALTY_DEALS = [
    # (play, sheet, zero-sum scores) worked by hand
    (play("misere", 0), (0, 5, 5, 5), (15, -5, -5, -5)),
    (play("misere", 1), (15, 0, 0, 0), (-45, 15, 15, 15)),
    (pair("rik", 10), (0, 0, 3, 3), (6, 6, -6, -6)),
    (pair("rik", 6, partner=C), (6, 0, 6, 0), (-12, 12, -12, 12)),
    (pair("rik", 13, declarer=D, partner=C), (7, 7, 0, 0), (-14, -14, 14, 14)),
    (play("misere", 2, declarer=C), (0, 0, 15, 0), (15, 15, -45, 15)),
    (pair("rik", 8, declarer=B, partner=D), (1, 0, 1, 0), (-2, 2, -2, 2)),
]


@pytest.mark.parametrize(("play_", "penalties", "expected"), PENALTY_DEALS)
def test_the_penalty_club_each_deal(play_, penalties, expected):
    club = house("pagat", PENALTY_CLUB)
    assert sheet(play_) == penalties
    got = scores(club, [play_])
    assert got == expected
    table = sum(penalties)
    assert got == tuple(table - 4 * p for p in penalties)


def test_the_penalty_club_sheet_and_rikscore_give_one_order():
    club = house("pagat", PENALTY_CLUB)
    assert club.shapes["penalty_points"] is True
    penalty, score = dict.fromkeys(P, 0), dict.fromkeys(P, 0)
    for play_, *_ in PENALTY_DEALS:
        for p, pp, s in zip(P, sheet(play_), scores(club, [play_]), strict=True):
            penalty[p] += pp
            score[p] += s
    assert penalty == {A: 29, B: 12, C: 30, D: 8}
    assert score == {A: -37, B: 31, C: -41, D: 47}
    assert sorted(P, key=lambda p: penalty[p]) == sorted(P, key=lambda p: -score[p])
    # and the gaps are the sheet's, four times over
    assert all(
        score[p] - score[q] == 4 * (penalty[q] - penalty[p]) for p in P for q in P
    )


def test_the_penalty_club_prices_against_the_pagat_preset():
    pagat = get_preset("pagat")
    # 000:101: rik 1 + 1, failed 1 + 1 per trick short; 000:107: misère 5
    assert scores(pagat, [pair("rik", 6, partner=C)]) == (-3, 3, -3, 3)
    assert scores(pagat, [play("misere", 1)]) == (-15, 5, 5, 5)


# ---- a table of three (000, "Rikken for three players") -------------------------


def test_at_a_table_of_three_the_new_shapes_stay_zero_sum():
    club = house("pagat", PENALTY_CLUB)
    # misère failed: the declarer settles with the two players only: 15 each
    assert scores(club, [play("misere", 1)], THREE, BLIND) == (-30, 15, 0, 15)
    # rik with the blind as partner, made with 10: 6 from each opponent, the
    # declarer plays the blind's cards and takes its share: 12
    assert scores(club, [pair("rik", 10, partner=BLIND)], THREE, BLIND) == (
        12, -6, 0, -6)  # fmt: skip
    # rik of Anna and Bert failed with 6 (4 + 4·2 = 12 each way): Cor plays
    # the blind opponent's cards and takes its share
    assert scores(club, [pair("rik", 6)], THREE, BLIND) == (-12, -12, 0, 24)
    stepped = house("nl", FROM_TWO)
    # piek with 3 tricks at three: 30 to each of the two players
    assert scores(stepped, [play("piek", 3)], THREE, BLIND) == (-60, 30, 0, 30)


# ---- frozen snapshots -----------------------------------------------------------


def test_a_snapshot_carries_the_new_shapes_to_the_contracts():
    snap = snapshots.take("pagat", PENALTY_CLUB, "Strafpuntenclub")
    assert snapshots.check(snap) == []
    schedule = snapshots.schedule_of(snap, "ev")
    assert schedule.shapes["penalty_points"] is True
    assert schedule.contracts["misere"].lost_base == 15
    assert scores(schedule, [play("misere", 1)]) == (-45, 15, 15, 15)


def test_an_old_snapshot_without_them_loads_and_scores_as_before():
    # what an event froze before issue 29: today's failed_step, no new key
    old = {"preset": "nl", "overrides": {"shapes": {"failed_step": {"piek": 10}}},
           "name": "Oud"}  # fmt: skip
    assert snapshots.check(old) == []
    schedule = snapshots.schedule_of(old, "ev")
    piek = schedule.contracts["piek"]
    assert (piek.fail_from, piek.lost_base, piek.lost_step) == (1, None, None)
    assert "penalty_points" not in schedule.shapes
    # the golden of test_shapes_golden (piek-three-tricks): 20 + 10·2
    assert scores(schedule, [play("piek", 3)]) == (-120, 40, 40, 40)
    plain = snapshots.schedule_of({"preset": "nl", "overrides": {}, "name": ""}, "e")
    assert plain is get_preset("nl")
