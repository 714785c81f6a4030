"""Stored deal records name players by seat; every deal stores its facts.

Before, a deal's record named its players by the labels they had at the
table, and the totals were found again by matching the current names (a
renamed player lost their deals). Each named player is turned into their
seat: the record's ``players`` are the deal's players in seat order starting
left of the dealer, so the seats follow from the deal number and the table
size alone, whatever the names say now. The facts (made, counts towards the
solo limit, sanction points) are computed once from the event's frozen
rules, as the deal pipeline now stores them. Revisions are converted alike.
"""

from django.db import migrations, models

from rules.engine.house_rules import apply_overrides
from rules.engine.presets import get_preset
from scoring.records import by_name, by_seat
from tournaments.dealing import playing_positions, sitting_out, unique_labels


def schedule_of(tournament, house_rules):
    snap = tournament.rules_snapshot
    if snap:
        if not snap.get("overrides"):
            return get_preset(snap["preset"])
        return apply_overrides(snap["preset"], snap["overrides"], tournament.rules,
                               snap.get("name", ""))  # fmt: skip
    preset = get_preset(tournament.rules)
    if preset is not None:
        return preset
    found = house_rules.filter(slug=tournament.rules).first()
    if found is None:
        return None
    return apply_overrides(found.preset, found.overrides, found.slug, found.name)


def seat_map(record, size, number):
    """{label: seat} from the record's own order of players."""
    players = record.get("players", [])
    seats = dict(zip(players, playing_positions(size, number), strict=False))
    out = sitting_out(size, number)
    if record.get("sitting_out") is not None and out:
        seats[record["sitting_out"]] = out
    return seats


def facts_of(record, schedule):
    plays = []
    for play in record.get("plays", []):
        contract = schedule.contract(play.get("contract", "")) if schedule else None
        if contract is None or contract.is_all_pass:
            plays.append({"made": None, "solo": False})
            continue
        made = contract.made(play.get("tricks", -1))
        plays.append({"made": made, "solo": bool(made and contract.solo_limit)})
    points = []
    for s in record.get("sanctions", []):
        sanction = schedule.sanctions.get(s.get("code", "")) if schedule else None
        amount = sanction.amount if sanction is not None else None
        points.append(s.get("points") or amount or 0)
    return {"plays": plays, "sanctions": points}


def named(record) -> bool:
    return any(isinstance(p, str) for p in record.get("players", []))


def forwards(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    DealRevision = apps.get_model("scoring", "DealRevision")
    Seat = apps.get_model("tournaments", "Seat")
    Tournament = apps.get_model("tournaments", "Tournament")
    house_rules = apps.get_model("rules", "HouseRuleSet").objects
    sizes = dict(
        Seat.objects.values_list("table_id").annotate(n=models.Count("id")).order_by()
    )
    schedules = {t.pk: schedule_of(t, house_rules) for t in Tournament.objects.all()}
    for deal in Deal.objects.select_related("table__round").iterator():
        size = sizes.get(deal.table_id, 4)
        schedule = schedules.get(deal.table.round.tournament_id)
        record = deal.record
        if named(record):
            deal.facts = facts_of(record, schedule)
            deal.record = by_seat(record, seat_map(record, size, deal.number))
            deal.save(update_fields=["record", "facts"])
        for rev in DealRevision.objects.filter(deal=deal):
            changed = False
            for field in ("old_record", "new_record"):
                old = getattr(rev, field)
                if old and named(old):
                    setattr(rev, field, by_seat(old, seat_map(old, size, deal.number)))
                    changed = True
            if changed:
                rev.save(update_fields=["old_record", "new_record"])


def backwards(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    DealRevision = apps.get_model("scoring", "DealRevision")
    Seat = apps.get_model("tournaments", "Seat")
    labels = {}
    for table_id, name in (
        Seat.objects.order_by("table_id", "position")
        .values_list("table_id", "entry__player__name")
    ):
        labels.setdefault(table_id, []).append(name)
    labels = {t: unique_labels(names) for t, names in labels.items()}
    for deal in Deal.objects.iterator():
        here = labels.get(deal.table_id, [])
        if deal.record and not named(deal.record):
            deal.record = by_name(deal.record, here)
            deal.save(update_fields=["record"])
        for rev in DealRevision.objects.filter(deal=deal):
            for field in ("old_record", "new_record"):
                old = getattr(rev, field)
                if old and not named(old):
                    setattr(rev, field, by_name(old, here))
            rev.save(update_fields=["old_record", "new_record"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0001_deals_from_tournaments"),
        ("rules", "0001_initial"),
        ("tournaments", "0003_deals_from_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="facts",
            field=models.JSONField(default=dict),
        ),
        migrations.RunPython(forwards, backwards),
    ]
