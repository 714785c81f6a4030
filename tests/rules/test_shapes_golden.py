"""Golden scores for the six house-rule shapes, computed by hand.

Each row: the house-rule set (a preset plus ``{"shapes": …}``), one deal, the
expected scores (Anna, Bert, Cor, Dirk) with the arithmetic in the comment,
and where the shape comes from. Sources are ``file:line`` in
``../shared/rules-sources/`` (000 pagat reference, 001 short English page,
002 Dutch club table, 003 IWWA regulation, 004 Geertruidenberg club);
"club tools" is what the clubs' own scoring tools do, the behaviour the
house-rule shapes were made for (docs/rulesets.md, "Rules of another shape"),
which no source document prints. Every row also checks zero-sum, and that the
preset itself still scores the deal as rulesets.md says (the shape is the
only change).
Pure: no database.
"""

import pytest

from rules.engine.house_rules import apply_overrides
from rules.engine.presets import get_preset
from rules.engine.validation import validate_record
from scoring.settlement import settle

P = A, B, C, D = ("Anna", "Bert", "Cor", "Dirk")


def scores(schedule, plays):
    record = {"rules": schedule.code, "players": list(P), "plays": list(plays)}
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, result.violations
    out = settle(result.deal).scores
    assert sum(out.values()) == 0
    return tuple(out[p] for p in P)


def house(preset, shapes, variants=()):
    overrides = {"shapes": shapes}
    if variants:
        overrides["variants"] = list(variants)
    return apply_overrides(preset, overrides, "club", "Club")


def play(contract, tricks, declarer=A, **extra):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **extra}


def pair(contract, tricks, declarer=A, partner=B):
    return play(contract, tricks, declarer, partner=partner)


def mie(queen, last):
    return {"contract": "schoppen-mie", "queen_of_spades": queen, "last_trick": last}


def row(preset, shapes, plays, expected, preset_scores, source, variants=(), id=None):
    return pytest.param(
        preset, shapes, plays, expected, preset_scores, variants, source, id=id
    )


SOLO13 = {"solo13_steps": {"solo-13": 10}}
OPEN = {"open_simultaneous": ["open-piek", "open-misere"]}
MIE = {"mie_double": True}
STEP = {"failed_step": {"piek": 10, "misere": 10}}
EACH = {"pair_pays_each": ["rik", "troela"]}
FLAT = {"abondance_flat": {"solo-9": 20, "solo-10": 30}}

GOLDEN = [
    # ---- 1. solo 13 with steps: 002:120-122 pays a flat 70 per opponent; the
    # club tools add a step per trick short, as 002:77-78 does for
    # "acht alleen" (10 + 5 per onderslag). Made (13 only) stays the value.
    # made: 70 from each of three = +210
    row("nl", SOLO13, [play("solo-13", 13)], (210, -70, -70, -70),
        (210, -70, -70, -70), "002:121; club tools", id="solo13-made-is-the-value"),
    # 12 tricks, 1 short: 70 + 10·1 = 80 to each opponent; declarer -240
    row("nl", SOLO13, [play("solo-13", 12)], (-240, 80, 80, 80),
        (-210, 70, 70, 70), "002:122; club tools", id="solo13-one-short"),
    # 10 tricks, 3 short: 70 + 10·3 = 100 each; declarer -300
    row("nl", SOLO13, [play("solo-13", 10, declarer=C)], (100, 100, -300, 100),
        (70, 70, -210, 70), "002:122; club tools", id="solo13-three-short"),
    # solo-13-beter is not named: still the flat 70 (-210)
    row("nl", SOLO13, [play("solo-13-beter", 10)], (-210, 70, 70, 70),
        (-210, 70, 70, 70), "002:122 (not named: unchanged)", id="solo13-beter-flat"),
    # pagat units: value 15 (000 bidding table), step 1 as its solos (000:103):
    # 11 tricks, 2 short: 15 + 1·2 = 17 each; declarer -51
    row("pagat", {"solo13_steps": {"solo-13": 1}}, [play("solo-13", 11)],
        (-51, 17, 17, 17), (-45, 15, 15, 15), "000:103; club tools",
        id="pagat-solo13-two-short"),
    # iwwa solo slim 30 (rulesets.md, IWWA whist sheet), step 5, 12 tricks:
    # 30 + 5 = 35 each; declarer -105 (jury approved, 003)
    row("iwwa", {"solo13_steps": {"solo-slim": 5}},
        [play("solo-slim", 12, jury="approved")], (-105, 35, 35, 35),
        (-90, 30, 30, 30), "003; club tools", id="iwwa-solo-slim-one-short"),

    # ---- 2. several open piek / open misère declarers: 002:27 and 004:26
    # ("meerdere spelers een gelijk bod tegelijk spelen") let others join a
    # piek or misère; 001:50 puts open ones on one level too. Each declarer
    # settles against the other three (000:107,109; rulesets.md).
    # open piek 40 (002:97-98), Anna and Bert both make it:
    # Anna +120 (own) -40 (Bert's) = 80; Bert the same; Cor, Dirk -40-40 = -80
    row("nl", OPEN, [play("open-piek", 1), play("open-piek", 1, declarer=B)],
        (80, 80, -80, -80), None, "002:27; 000:107; club tools",
        id="open-piek-two-made"),
    # open misère 50 (002:105-106): Anna makes it (+150, others -50), Cor
    # fails with 2 tricks (-150, others +50): Anna 200, Bert 0, Cor -200, Dirk 0
    row("nl", OPEN, [play("open-misere", 0), play("open-misere", 2, declarer=C)],
        (200, 0, -200, 0), None, "002:27; 000:107", id="open-misere-one-fails"),
    # three open piek: Anna 1 (made), Bert 1 (made), Cor 2 (failed):
    # Anna +120 -40 +40 = 120; Bert -40 +120 +40 = 120;
    # Cor -40 -40 -120 = -200; Dirk -40 -40 +40 = -40
    row("nl", OPEN, [play("open-piek", 1), play("open-piek", 1, declarer=B),
                     play("open-piek", 2, declarer=C)],
        (120, 120, -200, -40), None, "002:27; 000:107", id="open-piek-three"),

    # ---- 3. schoppen mie, one player takes the queen and the last trick:
    # 002:125-126 and 004:80 have that player pay once (15 to each of three);
    # two club tools charge both losses: twice.
    # nl each-to-each, unit 15, doubled: Dirk pays 30 to each of three = -90
    row("nl", MIE, [mie(D, D)], (30, 30, 30, -90), (15, 15, 15, -45),
        "002:125; 004:80; club tools", id="mie-one-player-twice"),
    # two different losers: unchanged, 15 × 2 winners = -30 each, +30 each
    row("nl", MIE, [mie(C, D)], (30, 30, -30, -30), (30, 30, -30, -30),
        "002:125-126", id="mie-two-losers-unchanged"),
    # pagat pot (000:128: one loser "pays for 30 and the others receive 10
    # each"), unit 10 doubled: pot 20·3 = 60, Dirk -60, the others +20 each
    row("pagat", MIE, [mie(D, D)], (20, 20, 20, -60), (10, 10, 10, -30),
        "000:128; club tools", variants=["schoppen-mie"], id="pagat-mie-pot-twice"),

    # ---- 4. failed piek or misère pays per trick too many: 002:80-82,88-90
    # pay a flat 20 / 30 (and 002:40,43 stop the game at once); the club
    # tools play on and add a step for every trick beyond what the contract
    # allows (misère 0, piek 1).
    # misère with 1 trick: 30 + 10·1 = 40 to each; declarer -120
    row("nl", STEP, [play("misere", 1)], (-120, 40, 40, 40), (-90, 30, 30, 30),
        "002:90; club tools", id="misere-one-trick"),
    # misère with 4 tricks: 30 + 10·4 = 70; declarer -210
    row("nl", STEP, [play("misere", 4, declarer=B)], (70, -210, 70, 70),
        (30, -90, 30, 30), "002:90; club tools", id="misere-four-tricks"),
    # made misère: unchanged, +90 / -30
    row("nl", STEP, [play("misere", 0)], (90, -30, -30, -30),
        (90, -30, -30, -30), "002:89", id="misere-made-unchanged"),
    # piek with 3 tricks: 2 too many, 20 + 10·2 = 40; declarer -120
    row("nl", STEP, [play("piek", 3)], (-120, 40, 40, 40), (-60, 20, 20, 20),
        "002:82; club tools", id="piek-three-tricks"),
    # piek with no trick: none too many, the flat 20; declarer -60
    row("nl", STEP, [play("piek", 0)], (-60, 20, 20, 20), (-60, 20, 20, 20),
        "002:82", id="piek-no-trick-flat"),
    # two misère declarers (002:43): Anna 0 (made: +90, others -30), Bert 2
    # (failed: 30 + 20 = 50, -150, others +50): Anna 90+50 = 140,
    # Bert -30-150 = -180, Cor and Dirk -30+50 = 20
    row("nl", STEP, [play("misere", 0), play("misere", 2, declarer=B)],
        (140, -180, 20, 20), (120, -120, 0, 0), "002:43; 000:107",
        id="two-misere-one-fails"),
    # pagat piek 5 (000:107), step 1, 2 tricks: 5 + 1 = 6; declarer -18
    row("pagat", {"failed_step": {"piek": 1}}, [play("piek", 2)],
        (-18, 6, 6, 6), (-15, 5, 5, 5), "000:107; club tools", id="pagat-piek-two"),

    # ---- 5. each opponent pays each partner: 004:40 "passer 1 betaalt
    # speler 1, passer 2 betaalt speler 2" (one each) is the preset; the
    # club tools have both opponents pay both: double.
    # rik 8 made, X = 10 (002:69): each of the pair gets 10 from both = 20
    row("nl", EACH, [pair("rik", 8)], (20, 20, -20, -20), (10, 10, -10, -10),
        "002:69; 004:40; club tools", id="rik-made-each-pays-each"),
    # rik 13: X = 10 + 5·5 + 20 kapot = 55 (rulesets.md), doubled 110
    row("nl", EACH, [pair("rik", 13)], (110, 110, -110, -110),
        (55, 55, -55, -55), "002:69", id="rik-kapot-each-pays-each"),
    # rik 7 in nl: the rikker pays alone (002:70), Y = 15; now he pays each
    # opponent for both of the pair: +30 each, rikker -60, partner 0
    row("nl", EACH, [pair("rik", 7)], (-60, 0, 30, 30), (-30, 0, 15, 15),
        "002:70; club tools", id="rik-failed-declarer-pays-for-both"),
    # troela 6 (loss both, 002:66): Y = 10 + 5·2 = 20, doubled 40 each way
    row("nl", EACH, [pair("troela", 6, partner=D)], (-40, 40, 40, -40),
        (-20, 20, 20, -20), "002:66", id="troela-failed-each-pays-each"),
    # rik beter not named: unchanged
    row("nl", EACH, [pair("rik-beter", 8)], (10, 10, -10, -10),
        (10, 10, -10, -10), "002:73", id="rik-beter-unchanged"),
    # pagat rik 9: X = 1 + 1 = 2 (000:101), doubled 4
    row("pagat", {"pair_pays_each": ["rik"]}, [pair("rik", 9)],
        (4, 4, -4, -4), (2, 2, -2, -2), "000:101; club tools", id="pagat-rik-9"),

    # ---- 6. a failed abondance (alleen; 003's "9 tot 11 alleen") at a flat
    # amount: 002:84-86 charge 20 + 5 per trick; the club tools a flat
    # amount however many tricks short. Made games keep their steps.
    # solo 9 made with 10: 20 + 5 = 25 each (002:85), unchanged
    row("nl", FLAT, [play("solo-9", 10)], (75, -25, -25, -25),
        (75, -25, -25, -25), "002:85", id="solo9-made-unchanged"),
    # solo 9 with 6: flat 20 each (preset 20 + 5·3 = 35); declarer -60
    row("nl", FLAT, [play("solo-9", 6)], (-60, 20, 20, 20),
        (-105, 35, 35, 35), "002:86; club tools", id="solo9-failed-flat"),
    # solo 10 with 9: flat 30 each; declarer -90 (preset 30 + 5 = 35)
    row("nl", FLAT, [play("solo-10", 9, declarer=D)], (30, 30, 30, -90),
        (35, 35, 35, -105), "002:94; club tools", id="solo10-failed-flat"),
    # solo 8 not named: 10 + 5·2 = 20 (002:78)
    row("nl", FLAT, [play("solo-8", 6)], (-60, 20, 20, 20),
        (-60, 20, 20, 20), "002:78", id="solo8-not-named"),
    # pagat solo 8 with 6: 001:76 gives 3 each; flat 1 instead
    row("pagat", {"abondance_flat": {"solo-8": 1}}, [play("solo-8", 6)],
        (-3, 1, 1, 1), (-9, 3, 3, 3), "001:76; club tools", id="pagat-solo8-flat"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "shapes", "plays", "expected", "preset_scores", "variants", "source"),
    GOLDEN,
)
def test_golden_shape_scores(
    preset, shapes, plays, expected, preset_scores, variants, source
):
    assert source
    assert scores(house(preset, shapes, variants), plays) == expected
    if preset_scores is not None:
        base = get_preset(preset)
        if variants:
            base = apply_overrides(preset, {"variants": list(variants)}, "v", "v")
        assert scores(base, plays) == preset_scores


def test_all_six_shapes_together_score_each_as_alone():
    """The shapes change disjoint contracts: switched on together, every row
    of nl above scores the same."""
    every = house("nl", {**SOLO13, **OPEN, **MIE, **STEP, **EACH, **FLAT})
    for param in GOLDEN:
        preset, _shapes, plays, expected, *_ = param.values
        if preset == "nl":
            assert scores(every, plays) == expected, param.id


def test_the_presets_carry_no_shape():
    for code in ("nl", "pagat", "iwwa"):
        preset = get_preset(code)
        assert preset.shapes == {}
        for c in preset.contracts.values():
            assert (c.fail_step, c.fail_flat, c.pays_each, c.loser_twice) == (
                0,
                None,
                False,
                False,
            )


def test_a_set_leaves_its_preset_untouched():
    house("nl", {**SOLO13, **OPEN, **MIE, **STEP, **EACH, **FLAT})
    nl = get_preset("nl")
    assert nl.contracts["open-piek"].group is None
    assert nl.contracts["misere"].fail_step == 0
    assert not nl.contracts["schoppen-mie"].loser_twice
