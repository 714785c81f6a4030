"""Which rounds the public sees, decided here and nowhere else: a round
shows once its results are published, unless it is among the event's last
``hide_last_rounds`` rounds, kept back until the prize-giving.

The rule is written once (``_shown``) and read two ways: as a query
condition on rounds reached through any relation path, and as the check of a
round already loaded. Both readings run the same expression, so they cannot
disagree. Public pages, statistics, ratings, season pages, standings and
exports all ask this module.
"""

import operator

from django.db.models import Exists, F, OuterRef, Q
from django.db.models.lookups import Exact, LessThanOrEqual

from tournaments.models import Round, Seat, Tournament


class _OnValues:
    """The rule's operations on the values of a loaded round."""

    at_most = staticmethod(operator.le)
    both = staticmethod(lambda a, b: a and b)
    either = staticmethod(lambda a, b: a or b)

    @staticmethod
    def is_zero(value) -> bool:
        return value == 0


class _InQuery:
    """The same operations as a query condition on columns."""

    both = staticmethod(operator.and_)
    either = staticmethod(operator.or_)

    @staticmethod
    def at_most(low, high) -> Q:
        return Q(LessThanOrEqual(low, high))

    @staticmethod
    def is_zero(value) -> Q:
        return Q(Exact(value, 0))


def _shown(op, published, number, rounds, hide):
    """The one rule: published, and nothing hidden or the round comes
    before the last ``hide`` of the event's ``rounds``."""
    nothing_hidden = op.is_zero(hide)
    before_the_hidden = op.at_most(number, rounds - hide)
    return op.both(published, op.either(nothing_hidden, before_the_hidden))


def public_rounds_q(path: str = "") -> Q:
    """The rule on rounds reached through ``path``: ``""`` on rounds,
    ``"table__round__"`` from seats or deals, ``"round__"`` from tables."""
    event = path + "tournament__"
    return _shown(
        _InQuery,
        Q(**{path + "published": True}),
        F(path + "number"),
        F(event + "rounds"),
        F(event + "hide_last_rounds"),
    )


def round_is_public(tournament: Tournament, number: int, published: bool) -> bool:
    """The rule on round ``number`` of ``tournament``, published or not."""
    return _shown(
        _OnValues, published, number, tournament.rounds, tournament.hide_last_rounds
    )


def is_public(round_: Round) -> bool:
    """The rule on a loaded round (reads ``round_.tournament``)."""
    return round_is_public(round_.tournament, round_.number, round_.published)


def hidden_until_prize_giving(tournament: Tournament, number: int) -> bool:
    """Round ``number`` would stay hidden even once published."""
    return not round_is_public(tournament, number, published=True)


def public_round_numbers(tournament: Tournament) -> list[int]:
    """The numbers of the rounds the public sees, in order: one query."""
    rounds = Round.objects.filter(public_rounds_q(), tournament=tournament)
    return list(rounds.values_list("number", flat=True).order_by("number"))


def every_round_public(tournament: Tournament) -> bool:
    """The event is over for the public: all its rounds are there and
    public (the what-if waits for that, so it shows nothing the standings do
    not). One query."""
    rounds = tournament.round_set.values_list("number", "published")
    shown = [round_is_public(tournament, n, published) for n, published in rounds]
    return len(shown) >= tournament.rounds > 0 and all(shown)


def played_in_public(**outer: str) -> Exists:
    """Whether someone sat at a table of a round the public sees: ``outer``
    names the seat's field and the outer query's, e.g.
    ``entry__player="pk"`` on players, ``entry__player="player"`` on ratings."""
    seats = Seat.objects.filter(public_rounds_q("table__round__"))
    return Exists(seats.filter(**{k: OuterRef(v) for k, v in outer.items()}))


def _has_public_round() -> Exists:
    rounds = Round.objects.filter(public_rounds_q())
    return Exists(rounds.filter(tournament=OuterRef("pk")))


def listed_events(events):
    """The events of ``events`` a list of events shows (the home page): one
    per identity (``Tournament.uid``) while copies wait. An event with a
    public round is listed; one without is left out while another event of
    its identity has one (a restored backup its TD has not published yet)
    or, with none public, while an older one is there (listed instead)."""
    others = Tournament.objects.filter(uid=OuterRef("uid")).exclude(pk=OuterRef("pk"))
    return events.filter(
        _has_public_round()
        | (
            ~Exists(others.filter(_has_public_round()))
            & ~Exists(others.filter(pk__lt=OuterRef("pk")))
        )
    )
