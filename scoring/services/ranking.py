"""Loading the standings: seat totals, byes and entries in a constant number
of queries, ranked by the pure ``scoring.standings``."""

from django.db.models import Count

from scoring import standings
from tournaments.models import Bye, Entry, Round, Seat, TableRound, Tournament
from tournaments.names import labelled, shown_names
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
    entries = Entry.objects.filter(tournament=tournament).exclude(
        status__in=(Entry.Status.WITHDRAWN, Entry.Status.SUBSTITUTE),
        seats__isnull=True,
    )
    found = list(
        entries.values_list(
            "id",
            "player__name",
            "player__distinction",
            "player__club__name",
            "player__federation_number",
            "status",
        )
    )
    names = shown_names(
        (pk, labelled(name, mark), club or "", fed)
        for pk, name, mark, club, fed, _s in found
    )
    substitutes = [row[0] for row in found if row[-1] == Entry.Status.SUBSTITUTE]
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
    return {pk: every if typed else n for pk, n, typed in tables}


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
