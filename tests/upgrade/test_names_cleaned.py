"""Names stored before issue 38 as Excel brought them are cleaned once by
the migration (tournaments 0021): single spaces, one Unicode form; the
results stay with the player (they hang on the id, never on the name)."""

import pytest

from tests.upgrade import migrate, migrate_to_the_end

BEFORE = [("tournaments", "0020_tableround_reopened_after_publication")]


@pytest.mark.django_db(transaction=True)
def test_stored_names_are_cleaned_and_keep_their_entries():
    try:
        apps = migrate(BEFORE)
        Club = apps.get_model("tournaments", "Club")
        Player = apps.get_model("tournaments", "Player")
        Tournament = apps.get_model("tournaments", "Tournament")
        Entry = apps.get_model("tournaments", "Entry")
        Club.objects.create(name="De Troef")
        twin = Club.objects.create(name="De  Troef")  # cleaned, it would clash
        spaced = Player.objects.create(name=" Anneke  Smulders ", club=twin)
        accent = Player.objects.create(name="Rene\u0301e\u00a0Jansen")
        event = Tournament.objects.create(name="Oud", slug="oud", date="2020-01-01")
        entry = Entry.objects.create(
            tournament=event, player=spaced, club_name="Rikclub  Zwolle"
        )
        ids = (spaced.pk, accent.pk, entry.pk, twin.pk)
    finally:
        migrate_to_the_end()
    from tournaments.models import Club, Entry, Player

    spaced, accent, entry, twin = ids
    assert Player.objects.get(pk=spaced).name == "Anneke Smulders"
    assert Player.objects.get(pk=accent).name == "Renée Jansen"
    assert Entry.objects.get(pk=entry).player_id == spaced
    assert Entry.objects.get(pk=entry).club_name == "Rikclub Zwolle"
    assert Club.objects.get(pk=twin).name == "De  Troef"  # left as it was
