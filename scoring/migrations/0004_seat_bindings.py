"""Phones bound to seats; waiting table-side entries by seat.

A waiting entry named its players by the labels they had at the table, so a
player renamed mid-round broke it. Each is turned into seats with the
table's labels (as 0002 did for deals); an entry naming someone no longer at
the table cannot count and is set aside. Entries still waiting for a deal
that already counts (through another entry or the TD) are set aside too:
they listed the deal as waiting at a closed table.
"""

import django.db.models.deletion
from django.db import migrations, models

from scoring.records import by_seat
from tournaments.dealing import unique_labels

OPEN = ("waiting", "disputed")


def entries_by_seat(apps, schema_editor):
    Submission = apps.get_model("scoring", "Submission")
    Deal = apps.get_model("scoring", "Deal")
    Seat = apps.get_model("tournaments", "Seat")
    seat_maps = {}
    for entry in Submission.objects.all().order_by("table_id", "id"):
        if entry.table_id not in seat_maps:
            seats = Seat.objects.filter(table_id=entry.table_id).order_by("position")
            names = [s.entry.player.name for s in seats.select_related("entry__player")]
            labels = unique_labels(names)
            seat_maps[entry.table_id] = {
                label: s.position for label, s in zip(labels, seats, strict=True)
            }
        try:
            entry.record = by_seat(entry.record, seat_maps[entry.table_id])
        except (KeyError, TypeError, AttributeError):
            entry.status = "set_aside" if entry.status in OPEN else entry.status
            entry.reason = entry.reason or "names no longer at this table"
        entry.save(update_fields=["record", "status", "reason"])
    counted = Deal.objects.filter(
        table_id=models.OuterRef("table_id"), number=models.OuterRef("number")
    )
    Submission.objects.filter(status__in=OPEN).filter(
        models.Exists(counted)
    ).update(status="set_aside")


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0003_tablekey_submission'),
        ('tournaments', '0010_round_ends_at_tournament_entry_mode'),
    ]

    operations = [
        migrations.CreateModel(
            name='SeatBinding',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('token_hash', models.CharField(max_length=64, unique=True)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='bindings', to='tournaments.tableround')),
            ],
            options={
                'ordering': ['table', 'seat'],
                'constraints': [models.UniqueConstraint(fields=('table', 'seat'), name='one_phone_a_seat')],
            },
        ),
        migrations.RunPython(entries_by_seat, migrations.RunPython.noop),
    ]
