"""Every player gets an opaque public identifier: the public
pages address a player by it, never by the counting id. Added empty, filled
for the existing players, then made unique; the reverse drops it."""

import secrets

from django.db import migrations, models

import tournaments.models


def fill(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    players, taken = list(Player.objects.only("pk")), set()
    for player in players:
        while (token := secrets.token_urlsafe(9)) in taken:
            pass
        taken.add(token)
        player.public_id = token
    Player.objects.bulk_update(players, ["public_id"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_round_ends_at_tournament_entry_mode"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="public_id",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="public_id",
            field=models.CharField(
                default=tournaments.models.new_public_id,
                editable=False,
                max_length=16,
                unique=True,
                verbose_name="public identifier",
            ),
        ),
    ]
