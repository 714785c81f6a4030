"""Backups written by earlier versions keep importing: a club's archive
works. The files in ``format1/`` (before byes) and ``format2/`` (before
table-side entry) were written by that code; each imports with its stored
scores and exports again as today's version (3)."""

import json
from pathlib import Path

import pytest

from demo.events import generate_event
from documents.event_backup import VERSION, BackupError, export_event, import_event
from scoring.models import Deal
from scoring.rowsource import standings_rows
from tournaments.models import Bye, Tournament

HERE = Path(__file__).parent
FILES = [
    (version, path)
    for version in (1, 2)
    for path in sorted((HERE / f"format{version}").glob("*.json"))
]


@pytest.mark.parametrize(
    "version, path", FILES, ids=[f"v{v}-{p.stem}" for v, p in FILES]
)
@pytest.mark.django_db
def test_an_old_backup_imports_with_its_scores(version, path):
    data = json.loads(path.read_text())
    assert data["version"] == version
    event = import_event(path.read_bytes(), "archive")
    deals = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]]
    stored = Deal.objects.filter(table__round__tournament=event)
    assert stored.count() == len(deals)
    assert sorted(d.seat_scores for d in stored) == sorted(
        d["seat_scores"] for d in deals
    )
    assert all(sum(d.seat_scores) == 0 for d in stored)
    totals = {r["name"]: r["points"] for r in standings_rows(event).rows}
    assert any(totals.values())  # byes at "average" need not sum to zero
    byes = sum(len(r.get("byes", [])) for r in data["rounds"])
    assert Bye.objects.filter(round__tournament=event).count() == byes
    assert event.entry_mode == Tournament.EntryMode.TD  # as before table-side
    again = export_event(event)
    assert again["version"] == VERSION and again["tournament"]["entry_mode"] == "td"
    assert again["tournament"]["uid"] == str(event.uid)  # derived, kept
    assert import_event(json.loads(json.dumps(again)), "archive-2") is not None


@pytest.mark.parametrize("mode", ["confirm", "blind"])
@pytest.mark.django_db
def test_who_enters_the_deals_survives_a_round_trip(mode):
    event = generate_event("modes", 8, 1, 2, rules="nl", seed=3)
    Tournament.objects.filter(pk=event.pk).update(entry_mode=mode)
    event.refresh_from_db()
    data = json.loads(json.dumps(export_event(event)))
    assert data["tournament"]["entry_mode"] == mode
    assert import_event(data, "modes-copy").entry_mode == mode


@pytest.mark.django_db
def test_an_unknown_entry_mode_is_named():
    event = generate_event("modes", 8, 1, 1, rules="nl", seed=3)
    data = json.loads(json.dumps(export_event(event)))
    data["tournament"]["entry_mode"] = "phones"
    with pytest.raises(BackupError) as refused:
        import_event(data, "modes-copy")
    assert "tournament.entry_mode" in str(refused.value)
