"""The deal pipeline: the one function every way a deal enters goes through.

``run_deal`` takes the schedule, the table's seat labels (seat 1 first), the
deal number, what the tournament knows before this deal (``DealContext``) and
a record as typed or read. It fills in the deal's four players and the dealer
who sits out at a table of five, validates (the rule engine, and the jury's
recorded decisions), settles and maps the scores to seats. It never raises on
bad input. Pure: does not interact with the database.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.jury import Decisions, jury_violations
from rules.schedules import Schedule
from rules.types import Suit
from rules.validation import Violation, validate_record
from scoring.settlement import Settlement, ZeroSumError, settle
from tournaments.dealing import playing_positions, sitting_out

#: The keys a stored record keeps (``context`` is rebuilt for every check).
STORED_KEYS = ("rules", "players", "sitting_out", "plays", "sanctions")


@dataclass(frozen=True)
class DealContext:
    """What the event knows before this deal.

    ``solo_made``: solo-limit contracts each of the deal's four players made
    earlier in the event. ``jury``: the jury's latest decision per (declarer,
    contract) for this deal, or None where no jury calls are kept (a deal
    scored on its own by ``score_deal``).
    """

    solo_made: Mapping[str, int] = field(default_factory=dict)
    jury: Decisions | None = None


@dataclass(frozen=True)
class Outcome:
    record: dict  # the canonical record, as stored
    violations: tuple[Violation, ...]
    settlement: Settlement | None = None
    seat_scores: tuple[int, ...] | None = None  # by seat position 1–5

    @property
    def ok(self) -> bool:
        return self.settlement is not None


def deal_players(labels: Sequence[str], number: int) -> tuple[list[str], str | None]:
    """The deal's four players (left of the dealer first) and who sits out."""
    players = [labels[p - 1] for p in playing_positions(len(labels), number)]
    out = sitting_out(len(labels), number)
    return players, labels[out - 1] if out else None


def solo_limit_counts(schedule: Schedule) -> bool:
    """Whether any contract of ``schedule`` counts towards a solo limit."""
    return bool(schedule.solo_limit) and any(
        c.solo_limit for c in schedule.contracts.values()
    )


def counting_made(schedule: Schedule, record: dict) -> list[str]:
    """Declarers of ``record`` who made a contract counting to the solo limit."""
    made = []
    for play in record.get("plays", []):
        contract = schedule.contract(play.get("contract", ""))
        if contract and contract.solo_limit and contract.made(play.get("tricks", -1)):
            made.append(play["declarer"])
    return made


def canonical(record: dict, schedule: Schedule, players, out: str | None) -> dict:
    """The record as stored: rules, players, sitting-out dealer, plays, sanctions."""
    stored: dict = {"rules": schedule.code, "players": list(players)}
    if out is not None:
        stored["sitting_out"] = out
    stored["plays"] = [_with_fixed_trump(p, schedule) for p in record.get("plays", [])]
    if record.get("sanctions"):
        stored["sanctions"] = record["sanctions"]
    return stored


def _with_fixed_trump(play, schedule: Schedule):
    """A play whose contract fixes a trump suit (beter, an iwwa troela) is
    stored with it, whichever way it was entered."""
    contract = (
        schedule.contract(play.get("contract"))
        if isinstance(play, dict) and isinstance(play.get("contract"), str)
        else None
    )
    if contract is None or contract.trump in (None, Suit.NONE) or "trump" in play:
        return play
    return {**play, "trump": contract.trump.value}


def run_deal(
    schedule: Schedule, labels: Sequence[str], number: int, record: dict,
    context: DealContext = DealContext(),
) -> Outcome:  # fmt: skip
    """Validate and settle deal ``number`` at a table seated as ``labels``."""
    players, out = deal_players(labels, number)
    full = {**record, "rules": schedule.code, "players": players}
    full.pop("sitting_out", None)
    if out is not None:
        full["sitting_out"] = out
    full.pop("context", None)
    if solo_limit_counts(schedule):
        full["context"] = {"solo_made": {p: context.solo_made.get(p, 0)
                                         for p in players}}  # fmt: skip
    result = validate_record(full, lambda _code: schedule)
    violations = result.violations
    if context.jury is not None:
        violations += tuple(jury_violations(full, context.jury))
    stored = canonical(full, schedule, players, out)
    if violations or result.deal is None:
        return Outcome(stored, violations)
    settlement = settle(result.deal)
    return Outcome(stored, (), settlement, seat_scores(labels, settlement.scores))


def seat_scores(labels: Sequence[str], scores: Mapping[str, int]) -> tuple[int, ...]:
    """Scores by seat position 1–5 (0 for an empty seat)."""
    by_seat = [0, 0, 0, 0, 0]
    for label, points in scores.items():
        by_seat[list(labels).index(label)] = points
    if sum(by_seat) != 0:
        raise ZeroSumError(f"seat scores {by_seat} do not sum to zero")
    return tuple(by_seat)
