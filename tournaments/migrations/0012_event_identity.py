"""Every event gets its identity (``Tournament.uid``): the stored ones the
one their old backups derive (``tournaments.identity``), so importing such a
backup again is recognised as the same event."""

import uuid

from django.db import migrations, models

from tournaments.identity import derived_uid


def derive(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Entry = apps.get_model("tournaments", "Entry")
    for event in Tournament.objects.all().only("pk", "date", "name").iterator():
        names = Entry.objects.filter(tournament_id=event.pk).values_list(
            "player__name", flat=True
        )
        uid = derived_uid(event.date.isoformat(), event.name, names)
        Tournament.objects.filter(pk=event.pk).update(uid=uid)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_player_public_id"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(derive, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(db_index=True, default=uuid.uuid4, editable=False),
        ),
    ]
