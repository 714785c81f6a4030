"""Earlier tables from outside the event, for the seating engine.

A club evening belongs to a season, and across the season nobody should meet
the same players more often than necessary. Seasons live in a higher layer
than events, so this layer asks through a registry: ``seasons`` registers a
provider that returns the season's earlier tables in this event's entry ids.
"""

from collections.abc import Callable

Tables = list[list[list[int]]]
_providers: list[Callable[[object], Tables]] = []


def provide(provider: Callable[[object], Tables]) -> Callable[[object], Tables]:
    """Register ``provider(tournament) -> earlier rounds' tables``."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def outside_history(tournament) -> Tables:
    """Every registered provider's earlier rounds, oldest first."""
    rounds: Tables = []
    for provider in _providers:
        rounds.extend(provider(tournament))
    return rounds


_series: list[Callable[[object], bool]] = []


def provide_series(test: Callable[[object], bool]) -> Callable[[object], bool]:
    """Register ``test(tournament) -> bool``: the event is one of a series
    (a season's evening, also the first), whose repeat meetings the round
    page counts over the series."""
    if test not in _series:
        _series.append(test)
    return test


def in_series(tournament) -> bool:
    return any(test(tournament) for test in _series)
