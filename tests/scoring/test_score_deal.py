"""``python manage.py score_deal`` as a user runs it: a real subprocess, stdin in,
JSON out, exit 0 or 2, never a traceback (deal-record.md).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules.error_codes import CODES

ROOT = Path(__file__).resolve().parents[2]
P = ["Anna", "Bert", "Cor", "Dirk"]


def run(args, stdin: bytes, env=None):
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=60,
        check=False,
    )


def score_deal(stdin: bytes, env=None):
    """(exit code, parsed JSON) of one run; asserts there is no traceback."""
    proc = run(["score_deal"], stdin, env)
    assert b"Traceback" not in proc.stdout
    assert b"Traceback" not in proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_it_scores_a_valid_deal():
    plays = [
        {"contract": "misere", "declarer": "Anna", "tricks": 0},
        {"contract": "piek", "declarer": "Bert", "tricks": 1},
    ]
    record = {"rules": "pagat", "players": P, "plays": plays}
    code, out = score_deal(json.dumps(record).encode())
    assert code == 0
    assert out["scores"] == {"Anna": 10, "Bert": 10, "Cor": -10, "Dirk": -10}


@pytest.mark.parametrize(
    "stdin",
    [
        pytest.param(b"this is not json", id="junk"),
        pytest.param(b"", id="empty"),
        pytest.param(b"[1, 2, 3]", id="not-an-object"),
        pytest.param(b'{"rules": "\xff\xfe"}', id="not-utf8"),
    ],
)
def test_it_refuses_what_is_not_one_json_object(stdin):
    code, out = score_deal(stdin)
    assert code == 2
    assert [e["code"] for e in out["errors"]] == ["bad_json"]


def test_it_lists_every_error_with_known_codes():
    plays = [{"contract": "rik", "declarer": "Anna", "tricks": 8}]
    record = {"rules": "nl", "players": P, "extra": 1, "plays": plays}
    code, out = score_deal(json.dumps(record).encode())
    assert code == 2
    codes = [e["code"] for e in out["errors"]]
    assert set(codes) == {"unknown_field", "partner_missing"}
    assert set(codes) <= CODES


def test_it_survives_a_lone_surrogate_echoed_in_a_message():
    # json allows "\ud800"; the message quotes the rules name back
    code, out = score_deal(b'{"rules": "\\ud800", "players": [], "plays": []}')
    assert code == 2
    assert {e["code"] for e in out["errors"]} == {"unknown_rules", "bad_players"}


def test_it_writes_messages_in_the_language_asked_for():
    record = {"rules": "nl", "players": P, "plays": [{"contract": "bridge"}]}
    proc = run(["score_deal", "--language", "nl"], json.dumps(record).encode())
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    errors = json.loads(proc.stdout)["errors"]
    assert errors[0]["code"] == "unknown_contract"
    assert all(e["message"] for e in errors)


def test_it_scores_with_a_house_rule_set_from_the_database(tmp_path):
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    # the house rules' table and what it needs (auth), not all 89 migrations
    assert run(["migrate", "rules", "-v0"], b"", env).returncode == 0
    create = (
        "from rules.models import HouseRuleSet; HouseRuleSet.objects.create("
        "slug='club', name='Club', preset='nl', "
        "overrides={'contracts': {'rik': {'loss_mode': 'both'}}})"
    )
    assert run(["shell", "-c", create], b"", env).returncode == 0
    record = {
        "rules": "club",
        "players": P,
        "plays": [
            {"contract": "rik", "declarer": "Anna", "partner": "Bert", "tricks": 7}
        ],
    }
    code, out = score_deal(json.dumps(record).encode(), env)
    assert code == 0
    assert out["scores"] == {"Anna": -15, "Bert": -15, "Cor": 15, "Dirk": 15}
    code, out = score_deal(json.dumps({**record, "rules": "other"}).encode(), env)
    assert code == 2
    assert [e["code"] for e in out["errors"]] == ["unknown_rules"]
