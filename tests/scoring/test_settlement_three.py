"""Golden settlement at a table of three: one row per contract kind, each
with the blind man's hand as a partner and as an opponent.

Every row cites 000:150, "Rikken for three players": "The fourth player, who
is not present, is "the blind man" ... the partner(s) of the blind man have
to choose which card the blind man plays to each trick", and the preset's own
document for the values (pagat → 000/001, nl → 002/004, iwwa → 003), as
``file:line`` in ``../shared/rules-sources/``. The reading (docs/rulesets.md,
"Tables of three"): the blind man is never paid; in a partnership game the
player who plays its cards takes its share; against a single declarer its
payment is dropped; an all-pass game and a sanction settle among the three.

Expected scores are in the order Anna, Bert, Blinde, Cor: the blind man's hand
is third, Cor deals (as deal 1 of a table of three, where chair 4 is the
blind man's). Each row checks the blind at 0 and the sum 0. Pure: no database.
"""

import pytest

from rules.engine.validation import validate_record
from scoring.settlement import settle
from tests.scoring.schedules import resolve
from tests.scoring.test_settlement_golden import mie, play, sanction

A, B, X, C = "Anna", "Bert", "Blinde", "Cor"
PLAYERS = (A, B, X, C)
THREE = "000:150"


def pair(contract, tricks, declarer=A, partner=X, **extra):
    return play(contract, tricks, declarer, partner=partner, **extra)


def by_tricks(contract, *counts):
    return {
        "contract": contract,
        "tricks_by_player": dict(zip(PLAYERS, counts, strict=True)),
    }


def row(rules, plays, expected, source, sanctions=(), context=None, id=None):
    record = {"rules": rules, "players": list(PLAYERS), "blind": X, "plays": plays}
    if sanctions:
        record["sanctions"] = list(sanctions)
    if context is not None:
        record["context"] = context
    if isinstance(expected, tuple):
        anna, bert, cor = expected
        expected = (anna, bert, 0, cor)
    return pytest.param(record, expected, source, id=id)


def alone(x, declarer=A):
    """One real player against the two others: ``declarer`` gets 2x, each of
    the two others pays x (the blind man's x is dropped)."""
    scores = {p: -x for p in (A, B, C)}
    scores[declarer] = 2 * x
    return tuple(scores[p] for p in (A, B, C))


GOLDEN = [
    # ---- rik: the blind man is the partner (the declarer plays its cards) ----
    row("pagat", [pair("rik", 8)], alone(1), f"{THREE}; 000:101 rik 1",
        id="pagat-rik-8-blind-partner"),
    row("pagat", [pair("rik", 9)], alone(2), f"{THREE}; 000:101 each receives 2",
        id="pagat-rik-9-blind-partner"),
    row("pagat", [pair("rik", 13)], alone(7), f"{THREE}; 000:105 all 13 is 7",
        id="pagat-rik-13-blind-partner"),
    row("pagat", [pair("rik", 6)], alone(-3),
        f"{THREE}; 000:101 they each pay 1 + 1 per undertrick (loss both)",
        id="pagat-rik-6-failed-blind-partner"),
    row("nl", [pair("rik", 9)], alone(15), f"{THREE}; 002:68 10 + 5 per overslag",
        id="nl-rik-9-blind-partner"),
    row("nl", [pair("rik", 13)], alone(55), f"{THREE}; 002:68 kapot bonus 20",
        id="nl-rik-13-blind-partner"),
    row("nl", [pair("rik", 7)], alone(-15),
        f"{THREE}; 002:70 Rikker betaalt, maat verliest of wint niets",
        id="nl-rik-7-failed-blind-partner"),
    row("iwwa", [pair("rik", 8)], alone(2), f"{THREE}; 003:11 base 2",
        id="iwwa-rik-8-blind-partner"),
    row("iwwa", [pair("rik-troef", 6)], alone(-4),
        f"{THREE}; 003:11 de Rikker krijgt de negatieve punten",
        id="iwwa-rik-troef-6-failed-blind-partner"),
    # ---- rik: the blind man is an opponent (Cor plays its cards) -------------
    row("pagat", [pair("rik", 8, partner=B)], (1, 1, -2),
        f"{THREE}; 000:101 each of the opponents pays one of the pair",
        id="pagat-rik-8-blind-opponent"),
    row("pagat", [pair("rik", 7, partner=B)], (-2, -2, 4),
        f"{THREE}; 000:101 bidder and partner each pay 2 (loss both)",
        id="pagat-rik-7-failed-blind-opponent-both"),
    row("pagat-rik-declarer", [pair("rik", 7, partner=B)], (-4, 0, 4),
        f"{THREE}; 000:121 the declarer pays double instead (loss declarer)",
        id="pagat-house-rik-7-failed-blind-opponent-declarer"),
    row("nl", [pair("rik", 10, partner=B)], (20, 20, -40),
        f"{THREE}; 002:68 10 + 5 per overslag",
        id="nl-rik-10-blind-opponent"),
    row("nl", [pair("rik", 7, partner=B)], (-30, 0, 30),
        f"{THREE}; 002:70 maat verliest of wint niets (loss declarer)",
        id="nl-rik-7-failed-blind-opponent-declarer"),
    row("nl-004", [pair("rik", 7, partner=B)], (-15, -15, 30),
        f"{THREE}; 004:40 the partner pays too (loss both)",
        id="nl-004-rik-7-failed-blind-opponent-both"),
    row("iwwa", [pair("rik", 5, partner=C, declarer=B)], (10, -10, 0),
        f"{THREE}; 003:11 de Rikker krijgt de negatieve punten",
        id="iwwa-rik-5-failed-blind-opponent"),
    # ---- troela / troel: the blind holds the single ace, or not --------------
    row("pagat", [pair("troela", 8)], alone(2), f"{THREE}; 000:101 troela 2",
        id="pagat-troela-8-blind-single-ace"),
    row("pagat", [pair("troela", 7, partner=B)], (-3, -3, 6),
        f"{THREE}; 000:101 you pay 3 units when you only make seven",
        id="pagat-troela-7-failed-blind-opponent"),
    row("nl", [pair("troela", 6)], alone(-20),
        f"{THREE}; 002:66 spelers van het spel troela betalen",
        id="nl-troela-6-failed-blind-single-ace"),
    row("nl", [pair("troela", 10, declarer=B, partner=A)], (20, 20, -40),
        f"{THREE}; 002:65 10 + 5 per overslag", id="nl-troela-10-blind-opponent"),
    row("iwwa", [pair("troel", 9, declarer=B)], alone(6, B),
        f"{THREE}; 003 troel base 4 step 2 (rulesets.md, w)",
        id="iwwa-troel-9-blind-fourth-ace"),
    row("iwwa", [pair("troela", 7, declarer=C, partner=A, trump="hearts")],
        (-6, 12, -6), f"{THREE}; 003:47 troela, both pay 4 + 2",
        id="iwwa-troela-7-failed-blind-opponent"),
    # ---- solo (stepped): one against the two others --------------------------
    row("pagat", [play("solo-8", 10)], alone(3), f"{THREE}; 000:103 1 + 1 per over",
        id="pagat-solo-8-10"),
    row("pagat", [play("solo-8", 6)], alone(-3),
        f"{THREE}; 001 8 alone with 6 tricks: opponents earn 3",
        id="pagat-solo-8-6-failed"),
    row("pagat", [play("solo-12", 13)], alone(3),
        f"{THREE}; 000:105 solo 12 making 13 is 3", id="pagat-solo-12-13"),
    row("nl", [play("solo-9", 9, declarer=B)], alone(20, B),
        f"{THREE}; 002 negen alleen 20; 004:46 every opponent pays",
        id="nl-solo-9-9"),
    row("nl", [play("solo-10-beter", 8, declarer=C, trump="hearts")],
        alone(-40, C), f"{THREE}; 002 tien alleen 30 + 5 per undertrick",
        id="nl-solo-10-beter-8-failed-dealer"),
    # ---- fixed solos ---------------------------------------------------------
    row("pagat", [play("solo-13", 13)], alone(15), f"{THREE}; 000 table solo 13: 15",
        id="pagat-solo-13-made"),
    row("pagat", [play("open-solo-13", 12)], alone(-20),
        f"{THREE}; 000 table open solo 13: 20", id="pagat-open-solo-13-failed"),
    row("nl", [play("solo-13", 13)], alone(70), f"{THREE}; 002 dertien alleen 70",
        id="nl-solo-13-made"),
    row("iwwa", [play("abondance-9", 10)], alone(5),
        f"{THREE}; 003 abondance 9 (rulesets.md V=5)", id="iwwa-abondance-9-10"),
    row("iwwa", [play("abondance-10-troef", 9, declarer=B)], alone(-6, B),
        f"{THREE}; 003 abondance 10 (rulesets.md V=6)",
        id="iwwa-abondance-10-troef-9-failed"),
    row("iwwa", [play("solo", 13, jury="approved")], alone(20),
        f"{THREE}; 003:27 solo with the jury's approval",
        id="iwwa-solo-jury-approved"),
    # ---- misère and piek, alone and side by side ------------------------------
    row("pagat", [play("misere", 0)], alone(5), f"{THREE}; 000:107 misère 5",
        id="pagat-misere-made"),
    row("pagat", [play("piek", 3, declarer=C)], alone(-5, C),
        f"{THREE}; 000:107 pays 5 to each opponent", id="pagat-piek-failed"),
    row("pagat", [play("misere", 0), play("piek", 1, declarer=B)], (5, 5, -10),
        f"{THREE}; 000:107 all the payments are made (four: +10 +10 -10 -10)",
        id="pagat-misere-and-piek-both-made"),
    row("pagat", [play("misere", 0), play("piek", 2, declarer=B)], (15, -15, 0),
        f"{THREE}; 000:107 one succeeds and the other fails",
        id="pagat-misere-made-piek-failed"),
    row("nl", [play("misere", 0), play("misere", 0, declarer=B)], (30, 30, -60),
        f"{THREE}; 002 misère 30, meedoen", id="nl-two-miseres-made"),
    row("nl", [play("piek", 1), play("piek", 2, declarer=C)], (60, 0, -60),
        f"{THREE}; 002 piek 20, meepieken", id="nl-two-pieks-one-failed"),
    row("iwwa", [play("misere", 0), play("misere", 0, declarer=B),
                 play("misere", 1, declarer=C)], (14, 14, -28),
        f"{THREE}; 003:38 meerdere spelers tegelijkertijd (V=7)",
        id="iwwa-three-miseres-against-the-blind"),
    row("iwwa", [play("open-misere", 0, jury="approved")], alone(14),
        f"{THREE}; 003:48 miserie op tafel (V=14)", id="iwwa-open-misere-made"),
    # ---- all-pass games among the three --------------------------------------
    row("nl", [mie(X, A)], (-30, 15, 15),
        f"{THREE}; 002:126 the blind took the queen: its 15s are dropped",
        id="nl-mie-blind-queen"),
    row("nl", [mie(A, B)], (-15, -15, 30), f"{THREE}; 002:126 15 per slag",
        id="nl-mie-two-losers"),
    row("nl", [mie(A, A)], (-30, 15, 15),
        f"{THREE}; 002:126 one player both: 15 to each other player",
        id="nl-mie-one-loser-both"),
    row("nl", [mie(X, X)], (0, 0, 0), f"{THREE}; 002:126 only the blind lost",
        id="nl-mie-blind-both"),
    row("nl", [by_tricks("een-of-vijf", 1, 5, 4, 3)], (15, 15, -30),
        f"{THREE}; 002:129-130 15 to each winner", id="nl-een-of-vijf-one-loser"),
    row("nl", [by_tricks("een-of-vijf", 1, 2, 5, 5)], (15, -30, 15),
        f"{THREE}; 002:129-130 the blind's 5 tricks win nothing",
        id="nl-een-of-vijf-blind-wins"),
    row("pagat-all", [mie(X, A)], (-20, 10, 10),
        f"{THREE}; 000:128 one loser: the others receive 10 each",
        id="pagat-mie-blind-queen"),
    row("pagat-all", [mie(A, B)], (-10, -10, 20),
        f"{THREE}; 000:128 the two losers each pay 10", id="pagat-mie-two-losers"),
    row("pagat-all", [by_tricks("een-vijf-elf", 1, 2, 3, 7)], (20, -10, -10),
        f"{THREE}; 000:132 two losers each pay 10 to the winner",
        id="pagat-een-vijf-elf-one-winner"),
    row("pagat-all", [by_tricks("een-vijf-elf", 11, 0, 1, 1)], (10, -20, 10),
        f"{THREE}; 000:132 one loser pays 10 to each winner",
        id="pagat-een-vijf-elf-one-loser"),
    row("pagat-all", [by_tricks("een-vijf-elf", 2, 3, 1, 7)], (0, 0, 0),
        f"{THREE}; 000:132 everyone loses: no payments",
        id="pagat-een-vijf-elf-all-lose"),
    # ---- thrown in, and sanctions: the offender pays a third to each other ---
    row("nl", [], (0, 0, 0), f"{THREE}; 000:61 all pass, thrown in",
        id="nl-thrown-in"),
    row("iwwa", [], (1, 1, -2), sanctions=[sanction("turn-up-forgotten", C)],
        source=f"{THREE}; 003:19 de andere spelers krijgen elk +1 (two others: -2)",
        id="iwwa-turn-up-forgotten-by-the-dealer"),
    row("iwwa-club", [], (2, 2, -4), sanctions=[sanction("turn-up-forgotten", C)],
        source=f"{THREE}; 003:19 house amount 6: 2 to each other player",
        id="iwwa-house-turn-up-6"),
    row("iwwa", [pair("rik", 8, partner=B)], (-8, 7, 1),
        sanctions=[sanction("troel-not-announced", A)],
        source=f"{THREE}; 003:21 -15, de andere spelers elk +5 (two others: -10)",
        id="iwwa-troel-not-announced"),
    row("pagat", [], (3, -6, 3), sanctions=[sanction("penalty", B, 9)],
        source=f"{THREE}; deal-record.md who pays whom: N/3 to each other",
        id="pagat-penalty-9"),
    row("iwwa", [play("open-misere", 0, jury="not_called")], (24, -12, -12),
        sanctions=[sanction("jury-not-called", A, 6)],
        source=f"{THREE}; 003:27 scored as played, sanction up to 15",
        id="iwwa-jury-not-called"),
    row("iwwa", [play("abondance-9", 9, jury="approved")], alone(5),
        context={"solo_made": {A: 2}},
        source=f"{THREE}; 003:29 a third solo with the jury's approval",
        id="iwwa-solo-limit-approved"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "expected", "source"), GOLDEN)
def test_a_table_of_three_settles_as_documented(record, expected, source):
    assert source.startswith(THREE)
    result = validate_record(record, resolve)
    assert result.ok, result.violations
    settlement = settle(result.deal)
    scores = settlement.scores
    assert list(scores) == list(PLAYERS)
    assert tuple(scores[p] for p in PLAYERS) == expected
    assert scores[X] == 0
    assert sum(scores.values()) == 0
    for line in settlement.lines:
        assert X not in line.deltas or line.deltas[X] == 0
        assert sum(line.deltas.values()) == 0


REFUSED = [
    row("iwwa", [play("abondance-11", 11)], "solo_limit",
        f"{THREE}; 003:29 a third solo needs the jury",
        context={"solo_made": {A: 2}}, id="iwwa-third-solo-without-jury"),
    row("iwwa", [play("solo", 13)], "jury_required",
        f"{THREE}; 003:27 the jury must be called", id="iwwa-solo-without-jury"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "code", "source"), REFUSED)
def test_jury_and_solo_limit_stand_at_a_table_of_three(record, code, source):
    assert source.startswith(THREE)
    result = validate_record(record, resolve)
    assert [(v.code, v.field) for v in result.violations] == [(code, "plays[0].jury")]


def test_the_blind_partner_pays_as_a_solo_at_three():
    """Rik with the blind man's hand as partner scores as the declarer's
    solo with two hands: +2X against -X each (the reading's check)."""
    rik = row("pagat", [pair("rik", 9)], None, THREE).values[0]
    solo = row("pagat", [play("solo-8", 9)], None, THREE).values[0]
    scores = [settle(validate_record(r, resolve).deal).scores for r in (rik, solo)]
    assert scores[0] == scores[1] == {A: 4, B: -2, X: 0, C: -2}
