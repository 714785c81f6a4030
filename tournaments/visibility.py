"""Which rounds the public may see, as a query condition: published, and
not among the event's last rounds hidden until the prize-giving (the same
rule as ``public.views.public_rounds`` and ``standings_for(public=True)``).
The public pages name only people who sat at a table of such a round."""

from django.db.models import Exists, F, OuterRef, Q

from tournaments.models import Seat


def public_rounds_q(path: str = "") -> Q:
    """The condition on rounds reached through ``path`` (e.g.
    ``"table__round__"`` from seats or deals, ``""`` on rounds)."""
    tournament = path + "tournament__"
    return Q(**{path + "published": True}) & (
        Q(**{tournament + "hide_last_rounds": 0})
        | Q(**{path + "number__lte": F(tournament + "rounds")
               - F(tournament + "hide_last_rounds")})
    )  # fmt: skip


def played_in_public(**outer: str) -> Exists:
    """Whether someone sat at a table of a round the public sees: ``outer``
    names the seat's field and the outer query's, e.g.
    ``entry__player="pk"`` on players, ``entry__player="player"`` on ratings."""
    seats = Seat.objects.filter(public_rounds_q("table__round__"))
    return Exists(seats.filter(**{k: OuterRef(v) for k, v in outer.items()}))
