"""Which rounds the public may see, as a query condition: published, and
not among the event's last rounds hidden until the prize-giving (the same
rule as ``public.views.public_rounds`` and ``standings_for(public=True)``)."""

from django.db.models import F, Q


def public_rounds_q(path: str = "") -> Q:
    """The condition on rounds reached through ``path`` (e.g.
    ``"table__round__"`` from seats or deals, ``""`` on rounds)."""
    tournament = path + "tournament__"
    return Q(**{path + "published": True}) & (
        Q(**{tournament + "hide_last_rounds": 0})
        | Q(**{path + "number__lte": F(tournament + "rounds")
               - F(tournament + "hide_last_rounds")})
    )  # fmt: skip
