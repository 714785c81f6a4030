"""The rating arithmetic, without the database: events in order, each a list
of matches (one table in one round), rated with openskill's Plackett-Luce
model. Pure and deterministic, so a recompute from scratch always gives the
same numbers and the tests and the benchmark need no database.
"""

from collections.abc import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

#: One table in one round: (player id, points at that table), any order.
Match = Sequence[tuple[int, float]]
#: One event's matches in play order (round, then table).
Event = Sequence[Match]
#: Player id → (mu, sigma).
Ratings = dict[int, tuple[float, float]]

MODEL = PlackettLuce()  # mu 25, sigma 25/3, tau 25/300: openskill's defaults
START = (MODEL.mu, MODEL.sigma)
Z = 3  # the ordinal is mu − 3 sigma: the list ranks by a cautious estimate


def ordinal(mu: float, sigma: float) -> float:
    return mu - Z * sigma


def ranks(points: Sequence[float]) -> list[float]:
    """1 + the number of players with more points: ties share a rank."""
    return [1.0 + sum(1 for o in points if o > p) for p in points]


def rate_match(match: Match, current: Mapping[int, tuple[float, float]]) -> Ratings:
    """The new (mu, sigma) of a match's players; each player is a team of one."""
    players = [p for p, _points in match]
    teams = [[MODEL.rating(*current.get(p, START))] for p in players]
    rated = MODEL.rate(teams, ranks=ranks([points for _p, points in match]))
    return {p: (t[0].mu, t[0].sigma) for p, t in zip(players, rated, strict=True)}


def rate_event(event: Event, current: Ratings) -> Ratings:
    """Rate an event's matches one after the other on top of ``current``
    (updated in place); returns the event's players' ratings after it."""
    after: Ratings = {}
    for match in event:
        if len(match) < 2:
            continue  # nobody to be ranked against
        new = rate_match(match, current)
        current.update(new)
        after.update(new)
    return after


def rate_events(
    events: Iterable[Event], start: Mapping[int, tuple[float, float]] | None = None
) -> list[Ratings]:
    """Per event, in the given order, its players' (mu, sigma) after it.
    ``start``: ratings before the first event (missing players start new)."""
    current: Ratings = dict(start or {})
    return [rate_event(event, current) for event in events]
