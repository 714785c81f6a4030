"""Events stored before identities get the one their old backups derive:
such a backup imported again is the same event (rated once)."""

import json

import pytest

from demo.events import generate_event
from documents.event_backup import export_event, import_event
from tests.exports.test_backup import as_format_5
from tests.upgrade import migrate, migrate_to_the_end
from tournaments.identity import derived_uid
from tournaments.models import Tournament

BEFORE = [("tournaments", "0011_player_public_id")]


@pytest.mark.django_db(transaction=True)
def test_a_stored_event_gets_the_identity_its_old_backup_derives():
    event = generate_event("oud", 8, 1, 2, rules="nl", seed=3)
    old_file = as_format_5(export_event(event))
    old_file["version"] = 3  # as the code of before wrote it
    del old_file["keep_apart"]
    del old_file["tournament"]["uid"]
    names = [p["name"] for p in old_file["players"]]
    try:
        apps = migrate(BEFORE)
        assert "uid" not in {
            f.name
            for f in apps.get_model("tournaments", "Tournament")._meta.get_fields()
        }
    finally:
        migrate_to_the_end()
    stored = Tournament.objects.get(slug="oud")
    assert stored.uid == derived_uid(event.date.isoformat(), event.name, names)
    copy = import_event(json.loads(json.dumps(old_file)), "oud-kopie")
    assert copy.uid == stored.uid
    fresh = generate_event("nieuw", 8, 1, 2, rules="nl", seed=4)
    assert fresh.uid != stored.uid  # a new event: a new identity
