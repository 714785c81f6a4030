"""``score_deal`` with the blind man's hand (issue 29): a record naming
``"blind"`` is scored as a table of three, the blind man in the output at
0; the blind man declaring is refused with exit 2 and ``blind_declares``.

Rule source 000, "Rikken for three players": "Cards are dealt as if there
are four players. The fourth player, who is not present, is "the blind
man". ... the partner(s) of the blind man have to choose which card the
blind man plays to each trick." The blind man is never paid: in a
partnership game whoever plays its cards takes its share (nl rik made with
9 tricks: 15 a player).
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.management.commands.score_deal import score_record
from tests.examples import examples
from tests.rules.error_codes import CODES
from tests.scoring.test_score_deal import run, score_deal

THREE = ["Anna", "Bert", "Blinde", "Cor"]


def record(*plays, players=THREE, blind="Blinde", rules="nl", **more) -> dict:
    out = {"rules": rules, "players": list(players), "plays": list(plays), **more}
    if blind is not None:
        out["blind"] = blind
    return out


def rik(declarer, partner, tricks=9) -> dict:
    return {
        "contract": "rik",
        "declarer": declarer,
        "partner": partner,
        "tricks": tricks,
    }


def test_the_blind_man_as_partner_is_scored_at_zero():
    """000: the declarer plays the blind man's cards and takes its share."""
    code, out = score_deal(json.dumps(record(rik("Anna", "Blinde"))).encode())
    assert code == 0
    assert out["scores"] == {"Anna": 30, "Bert": -15, "Blinde": 0, "Cor": -15}


def test_the_blind_man_as_opponent_is_played_by_the_real_opponent():
    """000: the one real opponent plays the blind man's cards and pays its
    share (nl rik made with 9: 15 a player)."""
    code, out = score_deal(json.dumps(record(rik("Anna", "Bert"))).encode())
    assert code == 0
    assert out["scores"] == {"Anna": 15, "Bert": 15, "Blinde": 0, "Cor": -30}


def test_any_name_may_be_the_blind_mans_hand():
    players = ["Anna", "Bert", "Dummy", "Cor"]
    data = record(rik("Anna", "Dummy"), players=players, blind="Dummy")
    assert score_record(data) == (
        0,
        {
            "scores": {"Anna": 30, "Bert": -15, "Dummy": 0, "Cor": -15},
            "lines": [
                {
                    "code": "rik",
                    "made": True,
                    "scores": {"Anna": 30, "Bert": -15, "Cor": -15},
                }
            ],
        },
    )


def test_the_blind_man_declaring_is_refused_with_exit_2():
    misere = {"contract": "misere", "declarer": "Blinde", "tricks": 0}
    code, out = score_deal(json.dumps(record(misere)).encode())
    assert code == 2
    assert [(e["code"], e["field"]) for e in out["errors"]] == [
        ("blind_declares", "plays[0].declarer")
    ]
    assert "blind" in out["errors"][0]["message"]
    assert "blind_declares" in CODES


def test_the_refusal_speaks_dutch_when_asked():
    misere = {"contract": "misere", "declarer": "Blinde", "tricks": 0}
    proc = run(["score_deal", "--language", "nl"], json.dumps(record(misere)).encode())
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    errors = json.loads(proc.stdout)["errors"]
    assert [e["code"] for e in errors] == ["blind_declares"]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        pytest.param(
            record(rik("Anna", "Bert"), blind="Dirk"), "bad_players", id="not-a-player"
        ),
        pytest.param(
            record(
                rik("Anna", "Bert"),
                players=["Anna", "Bert", "Blinde", "Cor"],
                sitting_out="Eva",
            ),
            "bad_players",
            id="with-a-dealer-sitting-out",
        ),
        pytest.param(
            record(
                rik("Anna", "Bert"),
                sanctions=[{"code": "penalty", "player": "Blinde", "points": 6}],
            ),
            "sanction_player",
            id="sanction-on-the-blind",
        ),
    ],
)
def test_a_blind_man_the_rules_do_not_allow_is_refused(data, code):
    exit_code, out = score_record(data)
    assert exit_code == 2
    assert code in [e["code"] for e in out["errors"]]
    assert {e["code"] for e in out["errors"]} <= CODES


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(["nl", "pagat", "iwwa"]))
def test_every_valid_deal_with_the_blind_man_scores_him_zero(seed, rules):
    """Random valid deals at a table of three (``rules.engine.sampling``):
    exit 0, the blind man at 0, the scores sum to zero."""
    from rules.engine.sampling import random_record
    from rules.resolver import resolve_schedule

    schedule = resolve_schedule(rules)
    rng = random.Random(seed)
    blind = rng.choice(THREE[:-1])  # never the dealer (the last)
    data = random_record(schedule, rng, THREE, blind=blind, sanction_rate=0.3)
    data = {"rules": rules, "players": THREE, "blind": blind, **data}
    code, out = score_record(data)
    assert code == 0, out
    assert out["scores"][blind] == 0
    assert sum(out["scores"].values()) == 0
    assert set(out["scores"]) == set(THREE)
