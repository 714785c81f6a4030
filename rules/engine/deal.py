"""The typed deal: what validation produces from a deal record and settlement reads.

Identity-free: players are the names (or any strings) the record used.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.engine.contracts import Contract
from rules.engine.schedules import Sanction, Schedule
from rules.engine.types import Jury, Suit


@dataclass(frozen=True, slots=True)
class Play:
    contract: Contract
    declarer: str | None = None
    partner: str | None = None
    tricks: int | None = None
    trump: Suit | None = None
    jury: Jury | None = None
    tricks_by_player: Mapping[str, int] | None = None
    queen_of_spades: str | None = None
    last_trick: str | None = None


@dataclass(frozen=True, slots=True)
class SanctionEntry:
    sanction: Sanction
    player: str
    points: int


@dataclass(frozen=True, slots=True)
class Deal:
    schedule: Schedule
    players: tuple[str, ...]
    plays: tuple[Play, ...]
    sanctions: tuple[SanctionEntry, ...] = ()
    solo_made: Mapping[str, int] = field(default_factory=dict)
    sitting_out: str | None = None  # the dealer at a table of five
    blind: str | None = None  # the blind man's hand at a table of three

    @property
    def paying(self) -> tuple[str, ...]:
        """Who pays and is paid: the players, less the blind man's hand."""
        return tuple(p for p in self.players if p != self.blind)

    @property
    def dealer(self) -> str:
        """Who dealt: the sitting-out dealer, else the last of ``players``."""
        return self.sitting_out or self.players[-1]

    @property
    def everyone(self) -> tuple[str, ...]:
        """The four players (the blind hand too, at 0) and, at a table of
        five, the dealer sitting out."""
        return self.players + ((self.sitting_out,) if self.sitting_out else ())

    @property
    def thrown_in(self) -> bool:
        return not self.plays
