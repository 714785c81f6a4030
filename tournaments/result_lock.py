"""Whether an event's results may change: asked of the layers above.

A club season (``seasons``) holds its evenings' results once it is closed,
but this layer cannot import seasons. The season layer hands its reader in
here when the apps are ready (``seasons.apps``), as ``standings_order`` is
handed the standings. Every writer of an event's results (seating, moves,
withdrawals, round states and publishing here; deals and totals in
``scoring``) calls ``refuse_if_locked`` first. The reader costs one query.
"""

from collections.abc import Callable

from tournaments.models import Tournament

#: tournament id -> why its results are held (the user's message), or None
Reader = Callable[[int], str | None]
_reader: Reader | None = None


def provide(reader: Reader | None) -> None:
    global _reader
    _reader = reader


def locked_reason(tournament: Tournament | int) -> str | None:
    """Why ``tournament``'s results may not change now, or None."""
    if _reader is None:
        return None
    pk = tournament if isinstance(tournament, int) else tournament.pk
    return _reader(pk)


def refuse_if_locked(
    tournament: Tournament | int, error: Callable[[str], Exception]
) -> None:
    """Raise ``error(reason)`` (an exception class, or a function making
    one) when the results are held."""
    reason = locked_reason(tournament)
    if reason:
        raise error(reason)
