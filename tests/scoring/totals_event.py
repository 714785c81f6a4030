"""An evening seated and not yet scored, for the totals page's tests (the
server's and the browser's); and scored tables turned into tables typed as
totals (``typed``), for the readers' tests."""

import datetime

from tournaments.models import Entry, Player, TournamentRole
from tournaments.services import create_tournament, seat_round


def seated_evening(slug="avond", sizes=(4, 4, 4, 4, 5), rounds=2, deals=20, td=None):
    """Every round seated at tables of ``sizes``; ``td`` directs it."""
    event = create_tournament(
        slug=slug,
        name=f"Clubavond {slug}",
        date=datetime.date(2026, 11, 25),
        rules="nl",
        rounds=rounds,
        deals_per_round=deals,
        score_entry="totals",
    )
    if td is not None:
        TournamentRole.objects.create(tournament=event, user=td, role="td")
    players = [
        Player.objects.create(name=f"Speler {slug} {i:02d}") for i in range(sum(sizes))
    ]
    entries = [
        Entry.objects.create(tournament=event, player=p, status=Entry.Status.PRESENT)
        for p in players
    ]
    for round_ in event.round_set.order_by("number"):
        shift = round_.number - 1
        order = entries[shift:] + entries[:shift]
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        seat_round(round_, tables)
    return event


def typed(event, tables) -> None:
    """Turn the scored ``tables`` [(round, table)] of ``event`` into tables
    typed as totals, as the totals page stores them: the deals gone, each
    seat's points and deals played what its deals had added up to (the
    standings stay as they were)."""
    from scoring.models import Deal
    from scoring.services.table_totals import store_totals
    from tournaments.models import TableRound

    for number, table_number in tables:
        table = TableRound.objects.select_related("round__tournament").get(
            round__tournament=event, round__number=number, number=table_number
        )
        seats = list(table.seats.order_by("position"))
        points = {s.position: s.points for s in seats}
        played = {s.position: s.deals_played for s in seats}
        Deal.objects.filter(table=table).delete()
        store_totals(table, points, played)
