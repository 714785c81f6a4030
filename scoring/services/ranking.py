"""Loading the standings: seat totals, byes and entries in a constant number
of queries, ranked by the pure ``scoring.standings``."""

from django.db.models import Count, Exists, OuterRef

from scoring import standings
from tournaments.models import Bye, Entry, Round, Seat, TableRound, Tournament
from tournaments.paper_sheet import deals_at_table
from tournaments.people import ENTRY_FIELDS, entries_shown
from tournaments.questions import absent_scores, answers
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
    # it is in the standings (``in_standings``)
    every = list(
        seated_entries(tournament).values_list(*ENTRY_FIELDS, "status", "seated")
    )
    width = len(ENTRY_FIELDS)
    shown = entries_shown((row[:width] for row in every), public=False)  # staff's
    # before anyone is seated the standings list every entry (at 0): the
    # players of the event as entered; from the first seating on, an entry
    # never seated is absent
    seated = [row[width + 1] for row in every]
    started = any(seated)
    # the question above is asked only when someone is absent (a query)
    absent_too = not started or (not all(seated) and absent_ranked(tournament))
    found = [
        (row[0], row[width])
        for row in every
        if in_standings(row[width], row[width + 1], absent_too)
    ]
    names = {pk: shown[pk] for pk, _status in found}  # one order for every audience
    substitutes = [pk for pk, status in found if status == Entry.Status.SUBSTITUTE]
    rows = standings.compute(results, names, options_for(tournament), byes, substitutes)
    return rows, names, numbers


def seated_entries(tournament: Tournament):
    """The event's entries, each with ``seated``: it sat at a table or was
    given a bye in some round (one query with ``values_list``)."""
    seat = Seat.objects.filter(entry=OuterRef("pk"))
    bye = Bye.objects.filter(entry=OuterRef("pk"))
    return Entry.objects.filter(tournament=tournament).annotate(
        seated=Exists(seat) | Exists(bye)
    )


def absent_ranked(tournament: Tournament) -> bool:
    """Whether an entry never seated keeps a place in the standings: only
    where the layer above says so (``questions.absent_scores``: a season's
    evening whose absent players score)."""
    return any(answers(absent_scores, tournament=tournament))


def in_standings(status: str, seated: bool, absent_too: bool) -> bool:
    """An entry is a player of the standings once it sat at a table or had
    a bye. One never seated (registered, or checked in and gone home) is
    absent: out of the standings unless absent players score there
    (``absent_ranked``); a withdrawn player or a substitute never seated is
    out always. Pure."""
    if seated:
        return True
    never = (Entry.Status.WITHDRAWN, Entry.Status.SUBSTITUTE)
    return absent_too and status not in never


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
