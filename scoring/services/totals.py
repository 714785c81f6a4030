"""A table-round's seat totals, summed from what its deals stored.

Each deal stored its scores by seat, its record by seat and its facts (which
plays were made, which count towards the solo limit, the sanction points), so
the totals are plain sums: no rule is decided here. A seat's sanction points
are what it was charged (``scoring.pipeline.sanctions_charged``).
"""

from scoring.pipeline import sanctions_charged
from tournaments.models import Seat, TableRound

FIELDS = ("points", "deals_played", "declared_made", "solo_made", "sanction_points")


def seat_totals(deals, positions) -> dict[int, list[int]]:
    """{position: [points, deals played, made, solo made, sanction points]}."""
    totals = {p: [0, 0, 0, 0, 0] for p in positions}
    for deal in deals:
        record, facts = deal.record, deal.facts or {}
        for pos in record.get("players", []):
            if pos in totals:
                totals[pos][1] += 1
        for play, fact in zip(
            record.get("plays", []), facts.get("plays", []), strict=False
        ):
            pos = play.get("declarer")
            if pos in totals and fact.get("made"):
                totals[pos][2] += 1
                totals[pos][3] += bool(fact.get("solo"))
        sanctions = record.get("sanctions", [])
        charged = sanctions_charged(record, facts)
        for s, points in zip(sanctions, charged, strict=False):
            if s.get("player") in totals:
                totals[s["player"]][4] += points
        for pos in totals:
            totals[pos][0] += deal.seat_scores[pos - 1]
    return totals


def fill_totals(seats: list[Seat], deals) -> None:
    """Set unsaved ``seats``' totals from ``deals`` (rows not saved yet
    either): an import stores a table's seats with their sums at once,
    instead of reading each table back (``recompute_table``, 800 tables of
    a 400-player event: 6 s)."""
    totals = seat_totals(deals, [s.position for s in seats])
    for seat in seats:
        for field, value in zip(FIELDS, totals[seat.position], strict=True):
            setattr(seat, field, value)


def apply_change(seats: list[Seat], old, new) -> None:
    """The seat totals after one deal changed: ``old`` and ``new`` are the
    deal before and after (None when it was not there, or is gone), the
    seats were read under the table's lock. The stored totals plus the new
    deal's share minus the old one's: the same sums as ``recompute_table``
    (a property test says so) without reading the table's other deals."""
    positions = [s.position for s in seats]
    gained = seat_totals([new] if new is not None else [], positions)
    lost = seat_totals([old] if old is not None else [], positions)
    for seat in seats:
        plus, minus = gained[seat.position], lost[seat.position]
        changed = {
            f: getattr(seat, f) + p - m
            for f, p, m in zip(FIELDS, plus, minus, strict=True)
            if p != m
        }
        if changed:
            Seat.objects.filter(pk=seat.pk).update(**changed)
            for field, value in changed.items():
                setattr(seat, field, value)


def recompute_table(table: TableRound) -> None:
    """Seat totals of one table from its deals (16 deals: cheap, always right)."""
    seats = list(table.seats.all())
    totals = seat_totals(table.deals.all(), [s.position for s in seats])
    # One plain UPDATE per changed seat: bulk_update's CASE WHEN compiles
    # slowly (about 10 ms for five seats, a third of a deal save).
    for seat in seats:
        new = dict(zip(FIELDS, totals[seat.position], strict=True))
        if any(getattr(seat, f) != v for f, v in new.items()):
            Seat.objects.filter(pk=seat.pk).update(**new)
