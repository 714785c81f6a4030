"""Loading the standings: seat totals, byes and entries in a constant number
of queries, ranked by the pure ``scoring.standings``."""

from django.db.models import Count, Exists, OuterRef

from scoring import standings
from tournaments.models import Bye, Entry, Round, Seat, TableRound, Tournament
from tournaments.paper_sheet import deals_at_table
from tournaments.people import ENTRY_FIELDS, entries_shown
from tournaments.ranking import DEFAULT_PLACEMENT, DEFAULT_TIEBREAKS
from tournaments.visibility import public_rounds_q


def standings_for(
    tournament: Tournament, up_to_round: int | None = None, public: bool = False
):
    """Ranked standings rows (pure ``scoring.standings``) in a constant number
    of queries, whatever the event's size. ``public`` shows the rounds the
    public sees (``tournaments.visibility``)."""
    rounds = Round.objects.filter(tournament=tournament)
    if public:
        rounds = rounds.filter(public_rounds_q())
    if up_to_round is not None:
        rounds = rounds.filter(number__lte=up_to_round)
    numbers = list(rounds.values_list("number", flat=True))
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=numbers
    ).values_list(
        "entry_id",
        "table__round__number",
        "table_id",
        "points",
        "deals_played",
        "declared_made",
        "sanction_points",
    )
    deals = _deals_by_table(tournament, numbers)
    results = [
        standings.SeatResult(*row, deals_sat_out=max(deals.get(row[2], 0) - row[4], 0))
        for row in seats
    ]
    byes = Bye.objects.filter(
        round__tournament=tournament, round__number__in=numbers
    ).values_list("entry_id", "round__number")
    # every entry, for its name (told apart in the whole event), and whether
    # it is in the standings: not a withdrawn player or a substitute never
    # seated
    seated = Seat.objects.filter(entry=OuterRef("pk"))
    rows = Entry.objects.filter(tournament=tournament).annotate(seated=Exists(seated))
    every = list(rows.values_list(*ENTRY_FIELDS, "status", "seated"))
    width = len(ENTRY_FIELDS)
    shown = entries_shown((row[:width] for row in every), public=False)  # staff's
    found = []
    for row in every:
        status, has_seat = row[width:]
        if has_seat or status not in (Entry.Status.WITHDRAWN, Entry.Status.SUBSTITUTE):
            found.append((row[0], status))
    names = {pk: shown[pk] for pk, _status in found}  # one order for every audience
    substitutes = [pk for pk, status in found if status == Entry.Status.SUBSTITUTE]
    rows = standings.compute(results, names, options_for(tournament), byes, substitutes)
    return rows, names, numbers


def _deals_by_table(tournament: Tournament, numbers: list[int]) -> dict[int, int]:
    """{table id: deals played there} of the rounds ``numbers`` (one query):
    the deals of its table a seat did not play it sat out (the dealer's turn
    at a table of five). A table of typed totals (``totals_only``) played
    the round's deals without storing them."""
    tables = (
        TableRound.objects.filter(
            round__tournament=tournament, round__number__in=numbers
        )
        .annotate(n=Count("deals"))
        .order_by()
        .values_list("id", "n", "totals_only")
    )
    every = tournament.deals_per_round
    return {pk: deals_at_table(typed, n, every) for pk, n, typed in tables}


def options_for(tournament: Tournament) -> standings.Options:
    """The event's standings options: the one place they are read."""
    return standings.Options(
        method=tournament.method,
        tiebreaks=tournament.tiebreaks or DEFAULT_TIEBREAKS,
        placement_points=tournament.placement_points or DEFAULT_PLACEMENT,
        normalise_to=tournament.deals_per_round if tournament.normalise_five else None,
        bye_policy=tournament.bye_policy,
        bye_points=tournament.bye_points,
    )


def standings_order(tournament, before_round: int) -> list[int]:
    """Entry ids, leader first, by the standings after the rounds before
    ``before_round``: the order the round page seats by standing."""
    rows, _names, _numbers = standings_for(tournament, up_to_round=before_round - 1)
    return [row.player for row in rows]
