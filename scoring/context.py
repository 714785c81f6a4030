"""What the event knows before a deal, built one way for every path.

A deal's context (``scoring.pipeline.DealContext``) is the solo-limit
contracts its four players made before it and the jury's calls on it. The
save path (the TD's form, the table-side entry), the backup import, the demo
and the what-if all build it with ``ContextBuilder``, fed the settled deals in
*play order*: rounds ascending, a round's tables by number, a table's deals
ascending (``play_order``). A player sits at one table a round, so how a
round's tables are ordered never changes a count; fixing it keeps every path
on one sequence. Pure: no database.
"""

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TypeVar

from rules.engine.jury import latest_decisions
from rules.engine.schedules import Schedule
from scoring.pipeline import DealContext, solo_declarers, solo_limit_counts

T = TypeVar("T")

#: A jury call as the builder reads it: (player key, contract code, decision).
Call = tuple[Hashable, str, str]

#: No counts, no calls: shared, so an event without either builds nothing.
EMPTY = DealContext(MappingProxyType({}), MappingProxyType({}))


def play_order(
    round_number: int, table_number: int, deal_number: int
) -> tuple[int, int, int]:
    """A deal's place in play order: sorting deals by it plays them."""
    return round_number, table_number, deal_number


def in_play_order(items: Iterable[T], number: Callable[[T], int]) -> list[T]:
    """One level of an event (its rounds, a round's tables, a table's deals)
    in play order: by ``number`` ascending. Walking the levels so visits the
    deals by ``play_order``."""
    return sorted(items, key=number)


class ContextBuilder:
    """Deal contexts, fed an event's settled deals in play order.

    A player is counted by a *key* that lasts the event (an entry id, a
    backup's player ref), since labels are only the names at one table.
    ``earlier`` seeds the counts with what came before the first deal fed
    (the save path reads earlier rounds from the seats' stored sums).
    """

    def __init__(self, schedule: Schedule, earlier: Mapping | None = None) -> None:
        self.counts = solo_limit_counts(schedule)
        self.solo: Counter = Counter(earlier or {})

    def context(
        self, seats: Mapping[str, Hashable], players: Sequence[str],
        calls: Sequence[Call] = (),
    ) -> DealContext:  # fmt: skip
        """The context of a deal at a table seated as ``seats`` ({label:
        key}, every seat) played by ``players`` (four labels); ``calls``
        this deal's jury calls, oldest first."""
        if not self.counts:
            return DealContext({}, decisions(seats, calls)) if calls else EMPTY
        made = {p: self.solo[seats[p]] for p in players}
        return DealContext(made, decisions(seats, calls))

    def played(self, record: dict, facts: dict, key_of: Mapping) -> None:
        """Count a settled deal; ``key_of`` maps whatever ``record`` names
        its players with (labels or seats) to keys."""
        self.count_made(key_of[who] for who in solo_declarers(record, facts))

    def count_made(self, keys: Iterable[Hashable]) -> None:
        """Each of ``keys`` made one solo-limit contract."""
        if self.counts:
            self.solo.update(keys)


def decisions(seats: Mapping[str, Hashable], calls: Iterable[Call]) -> dict:
    """The jury's latest decision per (declarer label, contract); a call on
    a key not seated at the table names nobody ("")."""
    label_of = {key: label for label, key in seats.items()}
    return latest_decisions((label_of.get(k, ""), c, d) for k, c, d in calls)
