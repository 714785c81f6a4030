"""Whether an event's results may change (``questions.results_held``:
a club season holds its evenings' results once it is closed). Every writer
of an event's results (seating, moves, withdrawals, round states and
publishing here; deals and totals in ``scoring``) calls ``refuse_if_locked``
first. The season's answer costs one query.
"""

from collections.abc import Callable

from tournaments.models import Tournament
from tournaments.questions import answers, results_held


def locked_reason(tournament: Tournament | int) -> str | None:
    """Why ``tournament``'s results may not change now, or None."""
    pk = tournament if isinstance(tournament, int) else tournament.pk
    reasons = answers(results_held, tournament_id=pk)
    return reasons[0] if reasons else None


def refuse_if_locked(
    tournament: Tournament | int, error: Callable[[str], Exception]
) -> None:
    """Raise ``error(reason)`` (an exception class, or a function making
    one) when the results are held."""
    reason = locked_reason(tournament)
    if reason:
        raise error(reason)
