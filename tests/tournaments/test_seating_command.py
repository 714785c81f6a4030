"""The ``seat`` management command: JSON on stdout, refusals with exit code 2."""

import json
import subprocess
import sys
from io import StringIO

from django.core.management import call_command


def test_it_prints_the_schedule_as_json():
    out = StringIO()
    call_command("seat", players=16, rounds=5, json=True, stdout=out)
    data = json.loads(out.getvalue())
    assert data["repeats"] == 0
    assert len(data["rounds"]) == 5
    for tables in data["rounds"]:
        assert sorted(p for t in tables for p in t) == list(range(1, 17))
    assert data["seconds"] < 1


def test_it_refuses_six_players_with_exit_code_2():
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "seat",
            "--players",
            "6",
            "--rounds",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "6" in done.stderr and "Traceback" not in done.stderr
