"""Ratings across events: load the table results, rate them
(``seasons.rating_math``), store one ``Rating`` per player per event.

Every table in every rated round is a match ranked by the points the players
scored at it. A round counts once it is closed or published (never a round
still being seated). Events go by date, then id, so a recompute from scratch
is deterministic; an event's copies (the same ``uid``) count once.
``update_after`` rates just the newest event on top of the ratings before
it and recomputes everything only for a correction of an older event (whose
change moves every later rating). Both run after the response
(``seasons.rating_queue``), never in the request that changed a result.
"""

from collections.abc import Iterator

from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, Q, Window
from django.db.models.functions import Rank

from seasons.models import Rating
from seasons.rating_math import START, Event, Ratings, ordinal, rate_events
from tournaments.models import Seat, Tournament
from tournaments.visibility import played_in_public, public_rounds_q

#: The rounds whose tables are rated: those the public sees (published, not
#: among the last rounds hidden until the prize-giving). A rating that moved
#: with a hidden round would give its results away.
RATED_ROUND = public_rounds_q("table__round__")
LOCK_KEY = 15_001  # PostgreSQL advisory lock: one rating writer at a time
BATCH = 2000


def one_writer() -> None:
    """Two updates at once would each rate on top of ratings the other is
    replacing: on PostgreSQL they take turns (SQLite has one writer anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


#: A copy of an event (imported again, under another code) is the same
#: event: only the first stored of those sharing an identity is rated.
FIRST_COPY = ~Exists(
    Tournament.objects.filter(
        uid=OuterRef("table__round__tournament__uid"),
        pk__lt=OuterRef("table__round__tournament_id"),
    )
)


def _seats(tournament: Tournament | None = None):
    """(event, table, player, points, deals played) of every rated seat, in
    rating order: one query."""
    seats = Seat.objects.filter(RATED_ROUND, FIRST_COPY)
    if tournament is not None:
        seats = seats.filter(table__round__tournament=tournament)
    return seats.order_by(
        "table__round__tournament__date",
        "table__round__tournament_id",
        "table__round__number",
        "table__number",
        "position",
    ).values_list(
        "table__round__tournament_id",
        "table_id",
        "entry__player_id",
        "points",
        "deals_played",
    )


def load_events(tournament: Tournament | None = None) -> list[tuple[int, Event]]:
    """[(tournament id, its matches)] in rating order. A table where no deal
    was played yet is left out: an all-zero tie is no result."""
    events: list[tuple[int, list]] = []
    for event_id, match, played in _tables(_seats(tournament).iterator(BATCH)):
        if not played:
            continue
        if not events or events[-1][0] != event_id:
            events.append((event_id, []))
        events[-1][1].append(match)
    return events


def _tables(rows) -> Iterator[tuple[int, list, bool]]:
    """Consecutive seat rows grouped by table: (event, [(player, points)],
    whether any deal was played there)."""
    key, match, played = None, [], False
    for event_id, table_id, player, points, deals in rows:
        if (event_id, table_id) != key:
            if key is not None:
                yield key[0], match, played
            key, match, played = (event_id, table_id), [], False
        match.append((player, points))
        played = played or deals > 0
    if key is not None:
        yield key[0], match, played


def _rows(events, results: list[Ratings], counts: dict[int, int]) -> list[Rating]:
    """Rating rows of rated events; ``counts`` (events so far per player)
    is updated in place."""
    rows = []
    for (event_id, _matches), after in zip(events, results, strict=True):
        for player, (mu, sigma) in sorted(after.items()):
            counts[player] = counts.get(player, 0) + 1
            rows.append(
                Rating(
                    player_id=player,
                    tournament_id=event_id,
                    mu=mu,
                    sigma=sigma,
                    ordinal=ordinal(mu, sigma),
                    events=counts[player],
                )
            )
    return rows


@transaction.atomic
def recompute_ratings() -> int:
    """Every rating again from the first event on; returns the rows stored."""
    one_writer()
    events = load_events()
    results = rate_events(matches for _id, matches in events)
    Rating.objects.all().delete()
    rows = _rows(events, results, {})
    Rating.objects.bulk_create(rows, batch_size=BATCH)
    return len(rows)


def _is_newest(tournament: Tournament) -> bool:
    """No other event later in rating order has ratings."""
    later = Q(tournament__date__gt=tournament.date) | Q(
        tournament__date=tournament.date, tournament_id__gt=tournament.pk
    )
    return not Rating.objects.filter(later).exists()


def _first(tournament: Tournament) -> bool:
    """No other event has ratings yet (a new site, or ratings never built):
    the older events are rated too, by a recompute."""
    return not Rating.objects.exclude(tournament=tournament).exists()


def _current(players: list[int]):
    """{player: (mu, sigma, events)}: each player's newest rating, the one
    with the most events (called once the event's own ratings are gone)."""
    newer = Rating.objects.filter(
        player=OuterRef("player"), events__gt=OuterRef("events")
    )
    rows = Rating.objects.filter(~Exists(newer), player_id__in=players)
    return {
        p: (mu, sigma, n)
        for p, mu, sigma, n in rows.values_list("player_id", "mu", "sigma", "events")
    }


@transaction.atomic
def update_after(tournament: Tournament) -> str:
    """Bring the ratings up to date after ``tournament``'s results changed:
    "updated" (just this event, the newest) or "recomputed" (a correction
    of an older event: everything after it moves too)."""
    one_writer()
    tournament = Tournament.objects.filter(pk=tournament.pk).first()  # as stored
    if tournament is None or not _is_newest(tournament) or _first(tournament):
        recompute_ratings()
        return "recomputed"
    Rating.objects.filter(tournament=tournament).delete()
    events = load_events(tournament)
    if events:
        players = sorted({p for match in events[0][1] for p, _points in match})
        before = _current(players)
        start = {p: (mu, sigma) for p, (mu, sigma, _n) in before.items()}
        counts = {p: n for p, (_mu, _sigma, n) in before.items()}
        rows = _rows(events, rate_events([events[0][1]], start), counts)
        Rating.objects.bulk_create(rows, batch_size=BATCH)
    return "updated"


# --- Reading: the list and a player's history (for the public pages) ---

PROVISIONAL_EVENTS = 3  # fewer events than this: the rating is still settling


def current_ratings():
    """Each rated player's newest rating, best first, with its rank (ties
    share it): one query (two with a page count). Only players who sat at a
    table the public sees: a rating left from a round taken back since
    (until the update has run) names nobody the public pages do not."""
    newer = Rating.objects.filter(
        player=OuterRef("player"), events__gt=OuterRef("events")
    )
    return (
        Rating.objects.filter(~Exists(newer), played_in_public(entry__player="player"))
        .select_related("player__club")
        .annotate(rank=Window(Rank(), order_by=F("ordinal").desc()))
        .order_by("-ordinal", "player_id")  # ties: by number, not by name
    )


def rating_history(player) -> list[dict]:
    """One row per rated event, oldest first: the rating after it and its
    change (the first against a new player's starting rating)."""
    ratings = (
        Rating.objects.filter(player=player)
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id")
    )
    rows, before = [], ordinal(*START)
    for r in ratings:
        rows.append(
            {
                "rating": r,
                "tournament": r.tournament,
                "change": r.ordinal - before,
                "provisional": r.events < PROVISIONAL_EVENTS,
            }
        )
        before = r.ordinal
    return rows
