"""The words a standing carries beside its numbers, written once.

A standing (an event's, ``scoring.rowsource.standings_rows``; a season's,
``seasons.services.season_standings``) holds its explanations as
``legends``: lines every reader prints with the table, in the same words
(the pages, the hall screen, the PDF, the XLSX, the API, the mails). A
reader shows them; it never decides on its own whether a total needs one.

- ``normalised``: a table of five's dealer sits each fifth deal out, and an
  event that normalises scores every player the points per deal played
  times the deals of the rounds played (``scoring.standings``): such a total
  is not the sum of the round columns, and the legend says so.
- ``PENALTY``: what penalty points are (``rules.engine.penalty_points``).
- ``LOWEST_WINS``: how a season counted "lowest wins" reads its penalty
  points (``seasons.ranking.SeasonRules.ranks_high``).
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

#: The mark beside a round's points that a bye earned, explained.
BYE = _("v = bye (vrij): the round was sat out and scored by the bye rule")
#: What the penalty-point column means, under a table that shows it.
PENALTY = _(
    "Penalty points: how far a player is behind the leader (the leader's "
    "total less the player's); the lowest leads. The scores themselves stay "
    "zero-sum."
)
#: A season counted "lowest wins" and shown in penalty points.
LOWEST_WINS = _(
    "Lowest wins: the fewest penalty points win, so the highest score ranks first."
)


def normalised(deals_per_round: int) -> str:
    """The normalisation of tables of five in words, in the active language."""
    return ngettext(
        "Normalised totals (tables of five, where the dealer sits deals out): "
        "the points per deal played × %(deals)s deal for every round played, "
        "so a total is not the sum of its rounds.",
        "Normalised totals (tables of five, where the dealer sits deals out): "
        "the points per deal played × %(deals)s deals for every round played, "
        "so a total is not the sum of its rounds.",
        deals_per_round,
    ) % {"deals": deals_per_round}


def event_legends(normalised_to: int | None, penalty_points: bool) -> list[str]:
    """The lines an event's standing carries (active language): the
    normalisation when some total in it is normalised (``normalised_to``,
    the deals per round), what penalty points are when it shows them."""
    lines = []
    if normalised_to:
        lines.append(normalised(normalised_to))
    if penalty_points:
        lines.append(str(PENALTY))
    return lines
