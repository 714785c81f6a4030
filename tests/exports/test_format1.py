"""Backups written before byes (format version 1) keep importing: a club's
archive works. The files in ``format1/`` were written by that code."""

import json
from pathlib import Path

import pytest

from scoring.exports.backup import export_event, import_event
from scoring.models import Deal
from scoring.rowsource import standings_rows

FILES = sorted((Path(__file__).parent / "format1").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@pytest.mark.django_db
def test_a_version_1_backup_imports_with_its_scores(path):
    data = json.loads(path.read_text())
    assert data["version"] == 1
    event = import_event(path.read_bytes(), "archive")
    deals = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]]
    stored = Deal.objects.filter(table__round__tournament=event)
    assert stored.count() == len(deals)
    assert sorted(d.seat_scores for d in stored) == sorted(
        d["seat_scores"] for d in deals
    )
    totals = {r["name"]: r["points"] for r in standings_rows(event).rows}
    assert sum(totals.values()) == 0 and any(totals.values())
    again = export_event(event)
    assert again["version"] == 2
    assert import_event(json.loads(json.dumps(again)), "archive-2") is not None
