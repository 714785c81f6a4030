"""Seat totals' sanction points are what the seat was charged.

They summed each sanction's points as recorded (3 for a forgotten turn-up
card) while the settlement charged a dealer sitting out at a table of five 4
(1 to each of the four players), so the "fewest sanction points" tie-break
read 9 for someone who paid 10. Only tables with such a sanction change; the
deals and their scores do not. The arithmetic is the settlement's
(``scoring.settlement.sanction_charge``), written out here as it stood.
"""

from django.db import migrations


def charged(points, offender, players) -> int:
    share = points // 3
    return share * (len(players) if offender not in players else 3)


def recount(apps, as_charged: bool):
    Deal = apps.get_model("scoring", "Deal")
    Seat = apps.get_model("tournaments", "Seat")
    sums: dict[int, dict[int, int]] = {}
    touched = set()
    deals = Deal.objects.filter(record__has_key="sanctions").order_by("table_id")
    for table_id, record, facts in deals.values_list("table_id", "record", "facts"):
        sanctions = record.get("sanctions") or []
        points = (facts or {}).get("sanctions") or []
        players = record.get("players") or []
        seat_sums = sums.setdefault(table_id, {})
        for s, pts in zip(sanctions, points, strict=False):
            if not isinstance(s, dict) or not isinstance(pts, int):
                continue
            offender = s.get("player")
            if offender not in players:
                touched.add(table_id)
            paid = charged(pts, offender, players) if as_charged else pts
            seat_sums[offender] = seat_sums.get(offender, 0) + paid
    for table_id in touched:
        for seat in Seat.objects.filter(table_id=table_id):
            total = sums[table_id].get(seat.position, 0)
            if seat.sanction_points != total:
                Seat.objects.filter(pk=seat.pk).update(sanction_points=total)


def forwards(apps, schema_editor):
    recount(apps, as_charged=True)


def backwards(apps, schema_editor):
    recount(apps, as_charged=False)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_jurycall_decided_by"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
