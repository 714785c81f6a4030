"""Golden settlement table: one row per (schedule, deal, expected scores, source).

Sources are cited as ``file:line`` in ``../shared/rules-sources/`` (000 = pagat
reference page, 001 = short English page, 002 = Dutch club table, 003 = IWWA
regulation, 004 = Geertruidenberg club) or as a section of the spec
(``rulesets.md``). Expected scores are in the order Anna, Bert, Cor, Dirk.
Every row also checks the zero-sum invariant. Pure: no database.
"""

import pytest

from rules.engine.validation import validate_record
from scoring.settlement import settle
from tests.scoring.schedules import PLAYERS, resolve

A, B, C, D = PLAYERS


def play(contract, tricks=None, declarer=A, **extra):
    p = {"contract": contract, "declarer": declarer, **extra}
    if tricks is not None:
        p["tricks"] = tricks
    return p


def pair(contract, tricks, declarer=A, partner=B, **extra):
    return play(contract, tricks, declarer, partner=partner, **extra)


def mie(queen, last):
    return {"contract": "schoppen-mie", "queen_of_spades": queen, "last_trick": last}


def by_tricks(contract, *counts):
    return {
        "contract": contract,
        "tricks_by_player": dict(zip(PLAYERS, counts, strict=True)),
    }


def sanction(code, player, points=None):
    s = {"code": code, "player": player}
    if points is not None:
        s["points"] = points
    return s


def row(rules, plays, expected, source, sanctions=(), context=None, id=None):
    record = {"rules": rules, "players": list(PLAYERS), "plays": list(plays)}
    if sanctions:
        record["sanctions"] = list(sanctions)
    if context is not None:
        record["context"] = context
    return pytest.param(record, expected, source, id=id)


def solo3(x):
    """Declarer Anna receives x from each opponent."""
    return (3 * x, -x, -x, -x)


def team2(x):
    """Anna and Bert each receive x; Cor and Dirk each pay x."""
    return (x, x, -x, -x)


GOLDEN = [
    # ---- pagat: team contracts ------------------------------------------------
    row("pagat", [pair("rik", 8)], team2(1), "000:101", id="pagat-rik-8"),
    row("pagat", [pair("rik", 9)], team2(2), "000:101", id="pagat-rik-9-over"),
    row("pagat", [pair("rik", 7)], team2(-2), "000:101", id="pagat-rik-7-both-pay"),
    row("pagat", [pair("rik", 13)], team2(7), "000:105", id="pagat-rik-13-is-7"),
    row("pagat", [pair("rik-beter", 10, trump="hearts")], team2(3), "000:25,101",
        id="pagat-rik-beter-10"),
    row("pagat", [pair("rik-beter", 5)], team2(-4), "000:101",
        id="pagat-rik-beter-5-failed"),
    row("pagat", [pair("troela", 8, partner=D)], (2, -2, -2, 2), "000:101",
        id="pagat-troela-8"),
    row("pagat", [pair("troela", 9)], team2(3), "000:101", id="pagat-troela-9"),
    row("pagat", [pair("troela", 7)], team2(-3), "000:101 (7 costs each 3)",
        id="pagat-troela-7-failed"),
    row("pagat", [pair("troela", 13)], team2(8), "000:101,105",
        id="pagat-troela-13"),
    # ---- pagat: solos ---------------------------------------------------------
    row("pagat", [play("solo-8", 8)], solo3(1), "000:103", id="pagat-solo-8"),
    row("pagat", [play("solo-8", 6)], solo3(-3), "001:76 (opponents +3)",
        id="pagat-solo-8-6-failed"),
    row("pagat", [play("solo-9", 11)], solo3(3), "000:103", id="pagat-solo-9-11"),
    row("pagat", [play("solo-10", 9)], solo3(-2), "000:103",
        id="pagat-solo-10-9-failed"),
    row("pagat", [play("solo-11", 13)], solo3(4), "000:103,105",
        id="pagat-solo-11-13"),
    row("pagat", [play("solo-12", 13)], solo3(3), "000:105 (3 from each)",
        id="pagat-solo-12-13"),
    row("pagat", [play("solo-12", 11)], solo3(-2), "000:103",
        id="pagat-solo-12-11-failed"),
    row("pagat", [play("solo-13", 13)], solo3(15), "000:56", id="pagat-solo-13"),
    row("pagat", [play("solo-13", 12)], solo3(-15), "000:56,109",
        id="pagat-solo-13-failed"),
    row("pagat", [play("open-solo-13", 13, declarer=C)], (-20, -20, 60, -20),
        "000:59", id="pagat-open-solo-13"),
    row("pagat", [play("open-solo-13", 11)], solo3(-20), "000:59,109",
        id="pagat-open-solo-13-failed"),
    # ---- pagat: misère and piek -----------------------------------------------
    row("pagat", [play("misere", 0)], solo3(5), "000:107", id="pagat-misere"),
    row("pagat", [play("misere", 1)], solo3(-5), "000:107",
        id="pagat-misere-failed"),
    row("pagat", [play("piek", 1)], solo3(5), "000:107", id="pagat-piek"),
    row("pagat", [play("piek", 0)], solo3(-5), "000:107", id="pagat-piek-0-failed"),
    row("pagat", [play("piek", 2)], solo3(-5), "000:107", id="pagat-piek-2-failed"),
    row("pagat", [play("open-misere", 0)], solo3(10), "000:43", id="pagat-open-mis"),
    row("pagat", [play("open-piek", 3)], solo3(-10), "000:44",
        id="pagat-open-piek-failed"),
    row("pagat", [play("open-misere-praatje", 0)], solo3(15), "000:50",
        id="pagat-open-misere-praatje"),
    row("pagat", [play("open-piek-praatje", 4)], solo3(-15), "000:53",
        id="pagat-open-piek-praatje-failed"),
    row("pagat", [play("misere", 0), play("piek", 1, B)], (10, 10, -10, -10),
        "000:107 (both made)", id="pagat-misere-piek-both-made"),
    row("pagat", [play("misere", 0), play("piek", 2, B)], (20, -20, 0, 0),
        "000:107 (one made, one failed)", id="pagat-misere-made-piek-failed"),
    row("pagat", [play("open-misere", 0), play("open-piek", 1, B)],
        (20, 20, -20, -20), "000:67,109", id="pagat-open-both-made"),
    row("pagat", [play("misere", 0), play("misere", 0, B), play("piek", 1, C)],
        (5, 5, 5, -15), "rulesets.md simultaneous plays", id="pagat-three-declarers"),
    # ---- pagat variants (house-rule sets) -------------------------------------
    row("pagat-all", [play("solo-7", 7)], solo3(1), "000:136", id="pagat-solo-7"),
    row("pagat-all", [play("solo-7", 13)], solo3(8), "000:105,136",
        id="pagat-solo-7-13"),
    row("pagat-all", [play("solo-8-beter", 9, trump="hearts")], solo3(2), "000:117",
        id="pagat-solo-8-beter"),
    row("pagat-all", [play("solo-13-beter", 12)], solo3(-15), "000:117",
        id="pagat-solo-13-beter-failed"),
    row("pagat-rik-declarer", [pair("rik", 7)], (-4, 0, 2, 2), "000:121",
        id="pagat-rik-loss-declarer"),
    row("pagat-rik-declarer", [pair("rik", 9)], team2(2), "000:121 (partner paid)",
        id="pagat-rik-loss-declarer-made"),
    row("pagat-all", [mie(C, D)], (10, 10, -10, -10), "000:128 (two losers)",
        id="pagat-mie-two-losers"),
    row("pagat-all", [mie(C, C)], (10, 10, -30, 10), "000:128 (one loser)",
        id="pagat-mie-one-loser"),
    row("pagat-all", [by_tricks("een-vijf-elf", 1, 5, 3, 4)], (10, 10, -10, -10),
        "000:132 (two losers)", id="pagat-1-5-11-two-losers"),
    row("pagat-all", [by_tricks("een-vijf-elf", 1, 4, 4, 4)], (30, -10, -10, -10),
        "000:132 (three losers)", id="pagat-1-5-11-three-losers"),
    row("pagat-all", [by_tricks("een-vijf-elf", 11, 1, 1, 0)], (10, 10, 10, -30),
        "000:132 (three winners)", id="pagat-1-5-11-three-winners"),
    row("pagat-all", [by_tricks("een-vijf-elf", 2, 3, 4, 4)], (0, 0, 0, 0),
        "000:132 (everyone loses)", id="pagat-1-5-11-all-lose"),
    row("pagat-misere-7", [play("misere", 0)], solo3(7), "rulesets.md house rules",
        id="pagat-house-misere-value"),
    # ---- pagat: all pass, sanctions -------------------------------------------
    row("pagat", [], (0, 0, 0, 0), "000:61", id="pagat-thrown-in"),
    row("pagat", [pair("rik", 8)], (-5, 3, 1, 1), "rulesets.md sanctions (penalty)",
        sanctions=[sanction("penalty", A, 6)], id="pagat-rik-with-penalty"),
    # ---- nl: troela and rik ---------------------------------------------------
    row("nl", [pair("troela", 8)], team2(10), "002:65", id="nl-troela-8"),
    row("nl", [pair("troela", 10)], team2(20), "002:65", id="nl-troela-10"),
    row("nl", [pair("troela", 7)], team2(-15), "002:66 (both pay)",
        id="nl-troela-7-failed"),
    row("nl", [pair("troela", 13)], team2(35), "002:65 (no kapot bonus)",
        id="nl-troela-13"),
    row("nl", [pair("rik", 8)], team2(10), "002:69", id="nl-rik-8"),
    row("nl", [pair("rik", 9)], team2(15), "002:69", id="nl-rik-9"),
    row("nl", [pair("rik", 13)], team2(55), "002:69; rulesets.md nl example",
        id="nl-rik-13-kapot"),
    row("nl", [pair("rik", 7)], (-30, 0, 15, 15), "002:70; rulesets.md nl example",
        id="nl-rik-7-rikker-pays"),
    row("nl", [pair("rik", 5, partner=D)], (-50, 25, 25, 0), "002:70",
        id="nl-rik-5-partner-free"),
    row("nl", [pair("rik-beter", 13, trump="hearts")], team2(55), "002:73",
        id="nl-rik-beter-13"),
    row("nl", [pair("rik-beter", 6)], (-40, 0, 20, 20), "002:74",
        id="nl-rik-beter-6-failed"),
    row("nl-004", [pair("rik", 7)], team2(-15), "004:40,42; rulesets.md nl reading",
        id="nl-house-rik-both-pay"),
    row("nl-004", [pair("rik", 13)], team2(55), "004:42", id="nl-house-rik-13"),
    # ---- nl: solos ------------------------------------------------------------
    row("nl", [play("solo-8", 8)], solo3(10), "002:77", id="nl-acht-alleen"),
    row("nl", [play("solo-8", 6)], solo3(-20), "002:78", id="nl-acht-alleen-failed"),
    row("nl", [play("solo-8-beter", 10, trump="hearts")], solo3(20), "002:39,77",
        id="nl-acht-beter-10"),
    row("nl", [play("solo-9", 11)], solo3(30), "002:85", id="nl-negen-11"),
    row("nl", [play("solo-9", 7)], solo3(-30), "002:86 (read as per undertrick)",
        id="nl-negen-7-failed"),
    row("nl", [play("solo-9-beter", 9)], solo3(20), "002:42,85", id="nl-negen-beter"),
    row("nl", [play("solo-10", 13)], solo3(45), "002:93 (bonus13 0)",
        id="nl-tien-13"),
    row("nl", [play("solo-10", 9)], solo3(-35), "002:94", id="nl-tien-9-failed"),
    row("nl", [play("solo-11", 12)], solo3(45), "002:101", id="nl-elf-12"),
    row("nl", [play("solo-11-beter", 10)], solo3(-45), "002:102",
        id="nl-elf-beter-failed"),
    row("nl", [play("solo-12", 12)], solo3(60), "002:113", id="nl-twaalf"),
    row("nl", [play("solo-12-beter", 11)], solo3(-65), "002:114",
        id="nl-twaalf-beter-failed"),
    row("nl", [play("solo-13", 13)], solo3(70), "002:121", id="nl-dertien"),
    row("nl", [play("solo-13-beter", 12)], solo3(-70), "002:122",
        id="nl-dertien-beter-failed"),
    # ---- nl: piek and misère --------------------------------------------------
    row("nl", [play("piek", 1)], solo3(20), "002:81", id="nl-piek"),
    row("nl", [play("piek", 2)], solo3(-20), "002:82", id="nl-piek-failed"),
    row("nl", [play("misere", 0)], solo3(30), "002:89", id="nl-misere"),
    row("nl", [play("misere", 1)], solo3(-30), "002:90", id="nl-misere-failed"),
    row("nl", [play("open-piek", 1)], solo3(40), "002:97", id="nl-open-piek"),
    row("nl", [play("open-piek", 0)], solo3(-40), "002:98",
        id="nl-open-piek-failed"),
    row("nl", [play("open-misere", 0)], solo3(50), "002:105", id="nl-open-misere"),
    row("nl", [play("open-misere", 2)], solo3(-50), "002:106",
        id="nl-open-misere-failed"),
    row("nl", [play("open-piek-praatje", 1)], solo3(55), "002:109",
        id="nl-open-piek-praatje"),
    row("nl", [play("open-misere-praatje", 1)], solo3(-65), "002:118",
        id="nl-open-misere-praatje-failed"),
    row("nl", [play("misere", 0), play("misere", 0, B)], (60, 60, -60, -60),
        "002:43; rulesets.md simultaneous plays", id="nl-two-miseres-made"),
    row("nl", [play("misere", 0), play("misere", 3, B)], (120, -120, 0, 0),
        "002:43; rulesets.md simultaneous plays", id="nl-two-miseres-one-failed"),
    row("nl", [play("piek", 2), play("piek", 2, B)], (-40, -40, 40, 40),
        "002:40; rulesets.md simultaneous plays", id="nl-two-pieks-failed"),
    # ---- nl: all-pass games (each-to-each) ------------------------------------
    row("nl", [mie(C, C)], (15, 15, -45, 15), "002:125-126; 004:80",
        id="nl-mie-one-player-both"),
    row("nl", [mie(A, B)], (-30, -30, 30, 30), "002:125-126; rulesets.md",
        id="nl-mie-two-losers"),
    row("nl", [by_tricks("een-of-vijf", 1, 5, 3, 4)], (30, 30, -30, -30),
        "002:129-130", id="nl-een-of-vijf-two-winners"),
    row("nl", [by_tricks("een-of-vijf", 1, 4, 4, 4)], (45, -15, -15, -15),
        "002:129-130", id="nl-een-of-vijf-one-winner"),
    row("nl", [by_tricks("een-of-vijf", 1, 1, 5, 6)], (15, 15, 15, -45),
        "002:129-130", id="nl-een-of-vijf-three-winners"),
    row("nl", [by_tricks("een-of-vijf", 0, 2, 3, 8)], (0, 0, 0, 0),
        "rulesets.md each-to-each (no winners)", id="nl-een-of-vijf-nobody"),
    row("nl", [], (0, 0, 0, 0), "002:58 (opnieuw delen)", id="nl-thrown-in"),
    row("nl", [play("solo-8", 8)], (33, -7, -7, -19), "rulesets.md sanctions",
        sanctions=[sanction("penalty", D, 9)], id="nl-penalty"),
    # ---- iwwa: rik, troel, troela ---------------------------------------------
    row("iwwa", [pair("rik", 8)], team2(2), "rulesets.md iwwa (e)", id="iwwa-rik-8"),
    row("iwwa", [pair("rik", 10)], team2(4), "rulesets.md iwwa (e)",
        id="iwwa-rik-10"),
    row("iwwa", [pair("rik", 13)], team2(7), "rulesets.md iwwa (bonus13 0)",
        id="iwwa-rik-13"),
    row("iwwa", [pair("rik", 7)], (-6, 0, 3, 3), "003:11 (only the Rikker pays)",
        id="iwwa-rik-7-rikker-pays"),
    row("iwwa", [pair("rik-troef", 4)], (-12, 0, 6, 6), "003:11", id="iwwa-rik-troef"),
    row("iwwa", [pair("troel", 8)], team2(4), "rulesets.md iwwa (w: troel 4+2)",
        id="iwwa-troel-8"),
    row("iwwa", [pair("troel", 10)], team2(8), "rulesets.md iwwa", id="iwwa-troel-10"),
    row("iwwa", [pair("troel", 13)], team2(14), "rulesets.md iwwa",
        id="iwwa-troel-13"),
    row("iwwa", [pair("troel", 7)], team2(-6), "rulesets.md iwwa (loss both)",
        id="iwwa-troel-7-failed"),
    row("iwwa", [pair("troela", 6)], team2(-8), "003:47; rulesets.md iwwa",
        id="iwwa-troela-6-failed"),
    # ---- iwwa: abondance (fixed, no over/under) -------------------------------
    row("iwwa", [play("abondance-9", 9)], solo3(5), "003:36; rulesets.md iwwa",
        id="iwwa-abondance-9"),
    row("iwwa", [play("abondance-9", 13)], solo3(5), "rulesets.md (no overtricks)",
        id="iwwa-abondance-9-13"),
    row("iwwa", [play("abondance-9-troef", 8)], solo3(-5), "003:36",
        id="iwwa-abondance-9-troef-failed"),
    row("iwwa", [play("abondance-10", 10)], solo3(6), "003:37", id="iwwa-ab-10"),
    row("iwwa", [play("abondance-10-troef", 3)], solo3(-6), "003:37",
        id="iwwa-ab-10-troef-failed"),
    row("iwwa", [play("abondance-11", 12)], solo3(8), "003:39", id="iwwa-ab-11"),
    row("iwwa", [play("abondance-12", 12)], solo3(9), "003:40", id="iwwa-ab-12"),
    row("iwwa", [play("abondance-12-troef", 11)], solo3(-9), "003:40",
        id="iwwa-ab-12-troef-failed"),
    # ---- iwwa: misère, jury contracts -----------------------------------------
    row("iwwa", [play("misere", 0)], solo3(7), "003:38", id="iwwa-misere"),
    row("iwwa", [play("misere", 2)], solo3(-7), "003:38", id="iwwa-misere-failed"),
    row("iwwa", [play("misere", 0), play("misere", 0, B)], (14, 14, -14, -14),
        "003:38 (several at once)", id="iwwa-two-miseres-made"),
    row("iwwa", [play("misere", 0), play("misere", 1, B)], (28, -28, 0, 0),
        "003:38; rulesets.md multi-misère", id="iwwa-two-miseres-one-failed"),
    row("iwwa", [play("misere", 1), play("misere", 1, B), play("misere", 1, C)],
        (-7, -7, -7, 21), "rulesets.md multi-misère matrix",
        id="iwwa-three-miseres-failed"),
    row("iwwa", [play("misere", 0), play("misere", 0, B), play("misere", 4, C),
                 play("misere", 0, D)],
        (14, 14, -42, 14), "rulesets.md multi-misère matrix",
        id="iwwa-four-miseres"),
    row("iwwa", [play("open-misere", 0, jury="approved")], solo3(14), "003:48",
        id="iwwa-open-misere"),
    row("iwwa", [play("open-misere", 0, jury="approved"),
                 play("open-misere", 1, B, jury="approved")],
        (56, -56, 0, 0), "003:48 (several at once)", id="iwwa-two-open-miseres"),
    row("iwwa", [play("solo", 13, jury="approved")], solo3(20), "003:49 (e: 20)",
        id="iwwa-solo"),
    row("iwwa", [play("solo", 12, jury="approved")], solo3(-20), "003:49",
        id="iwwa-solo-failed"),
    row("iwwa", [play("solo-slim", 13, B, jury="approved")], (-30, 90, -30, -30),
        "003:50 (w: 30)", id="iwwa-solo-slim"),
    row("iwwa", [play("solo-slim", 9, jury="approved")], solo3(-30), "003:50",
        id="iwwa-solo-slim-failed"),
    # ---- iwwa: sanctions ------------------------------------------------------
    row("iwwa", [], (1, 1, 1, -3), "003:19 (-3 voor de deler; the dealer is last)",
        sanctions=[sanction("turn-up-forgotten", D)], id="iwwa-turn-up-forgotten"),
    row("iwwa", [], (5, 5, -15, 5), "003:21-23 (deal cancelled)",
        sanctions=[sanction("troel-not-announced", C)], id="iwwa-troel-not-announced"),
    row("iwwa", [play("open-misere", 0, jury="not_called")], (27, -9, -9, -9),
        "003:13,27 (scored as played, max 15)",
        sanctions=[sanction("jury-not-called", A, 15)], id="iwwa-jury-not-called-15"),
    row("iwwa", [play("solo", 13, B)], (-19, 57, -19, -19), "003:27",
        sanctions=[sanction("jury-not-called", B, 3)], id="iwwa-jury-not-called-3"),
    row("iwwa", [pair("rik", 8)], (7, 7, -13, -1), "rulesets.md sanctions (penalty)",
        sanctions=[sanction("penalty", C, 12), sanction("turn-up-forgotten", D)],
        id="iwwa-penalty-and-turn-up"),
    row("iwwa", [], (0, 0, 0, 0), "rulesets.md iwwa (all pass: thrown in)",
        id="iwwa-thrown-in"),
    row("iwwa-club", [], (2, 2, 2, -6), "rulesets.md house rules (sanction amounts)",
        sanctions=[sanction("turn-up-forgotten", D)], id="iwwa-house-turn-up-6"),
    # ---- solo limit: approved third solo scores -------------------------------
    row("iwwa", [play("misere", 0, jury="approved")], solo3(7), "003:29",
        context={"solo_made": {A: 2}}, id="iwwa-third-solo-approved"),
    row("iwwa", [play("abondance-12", 12)], solo3(9), "003:29 (12 does not count)",
        context={"solo_made": {A: 5}}, id="iwwa-abondance-12-not-limited"),
    row("iwwa-club", [play("abondance-9", 9)], solo3(5), "rulesets.md house rules",
        context={"solo_made": {A: 2}}, id="iwwa-house-solo-limit-3"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "expected", "source"), GOLDEN)
def test_it_settles_the_golden_deal(record, expected, source):
    assert source
    result = validate_record(record, resolve)
    assert result.ok, result.violations
    scores = settle(result.deal).scores
    assert tuple(scores[p] for p in PLAYERS) == expected
    assert sum(scores.values()) == 0
    assert sum(expected) == 0


REFUSED = [
    row("iwwa", [play("solo", 13)], "jury_required", "003:13,27 (jury required)",
        id="iwwa-solo-without-jury"),
    row("iwwa", [play("open-misere", 0, jury="not_called")], "jury_required",
        "003:27", id="iwwa-open-misere-jury-not-called-no-sanction"),
    row("iwwa", [play("misere", 0)], "solo_limit", "003:29 (third solo)",
        context={"solo_made": {A: 2}}, id="iwwa-third-misere"),
    row("iwwa", [play("abondance-11", 11)], "solo_limit", "003:29 (9 tot 11)",
        context={"solo_made": {A: 3}}, id="iwwa-fourth-abondance"),
    row("iwwa-club", [play("abondance-9", 9)], "solo_limit", "rulesets.md house",
        context={"solo_made": {A: 3}}, id="iwwa-house-fourth-solo"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "code", "source"), REFUSED)
def test_it_refuses_jury_and_solo_limit_deals(record, code, source):
    assert source
    result = validate_record(record, resolve)
    assert not result.ok
    assert [v.code for v in result.violations] == [code]
    assert result.violations[0].field == "plays[0].jury"


# ---- tables of five: the dealer sits out (deal-record.md "Who pays whom") ----
FIVE_PLAYERS = [A, B, C, D]


@pytest.mark.parametrize(
    ("plays", "sanctions", "expected", "source"),
    [
        pytest.param(
            [],
            [sanction("turn-up-forgotten", "Eve")],
            (1, 1, 1, 1, -4),
            "003:19 (-3 voor de deler); the dealer sits out: 1 to each of 4",
            id="turn-up-by-the-dealer-sitting-out",
        ),
        pytest.param(
            [],
            [sanction("penalty", "Eve", 6)],
            (2, 2, 2, 2, -8),
            "deal-record.md: a penalty on sitting_out is N/3 to each of 4",
            id="penalty-on-the-dealer-sitting-out",
        ),
        pytest.param(
            [pair("rik", 8)],
            [],
            (2, 2, -2, -2, 0),
            "rulesets.md: the dealer sits out and scores 0",
            id="rik-with-the-dealer-sitting-out",
        ),
        pytest.param(
            [pair("rik", 8)],
            [sanction("troel-not-announced", C)],
            (7, 7, -17, 3, 0),
            "003:21-23: the sitting-out dealer receives nothing",
            id="troel-at-a-table-of-5",
        ),
    ],
)
def test_it_settles_a_table_of_five(plays, sanctions, expected, source):
    assert source
    record = {
        "rules": "iwwa",
        "players": FIVE_PLAYERS,
        "sitting_out": "Eve",
        "plays": plays,
        "sanctions": sanctions,
    }
    result = validate_record(record, resolve)
    assert result.ok, result.violations
    scores = settle(result.deal).scores
    assert [scores[p] for p in [*FIVE_PLAYERS, "Eve"]] == list(expected)
    assert sum(scores.values()) == 0
