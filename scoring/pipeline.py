"""The deal pipeline: the one function every way a deal enters goes through.

``evaluate`` takes the schedule, the deal's players (and the dealer sitting
out), what the tournament knows before this deal (``DealContext``, built by
``scoring.context``) and a record as typed or read; it validates (the rule
engine, and the jury's recorded decisions) and settles, and returns the
canonical record, every violation, the settlement and the deal's *facts*:
per play whether it was made and whether it counts towards the solo limit,
per sanction its points. ``run_deal`` is the same at a table: it finds the
deal's players from the seats and the deal number, and adds the record by
seat (``scoring.records``) and the scores by seat that a deal stores. The
TD's form, the backup import, the demo, the what-if and ``score_deal`` all
call it; readers use what it stored and never re-derive a rule. It never
raises on bad input. Pure: no database.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.engine.deal import Deal
from rules.engine.jury import Decisions, jury_violations
from rules.engine.schedules import Schedule
from rules.engine.types import Suit
from rules.engine.validation import Violation, validate_record
from scoring.records import by_seat, seats_of
from scoring.settlement import Settlement, ZeroSumError, sanction_charge, settle
from tournaments.dealing import (
    BLIND_LABEL,
    blind_in,
    chairs,
    has_blind_man,
    playing_positions,
    sitting_out,
)


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
    record: dict  # the canonical record, players by name
    violations: tuple[Violation, ...]
    settlement: Settlement | None = None
    facts: dict | None = None  # {"plays": [{"made", "solo"}], "sanctions": [pts]}
    stored: dict | None = None  # the canonical record, players by seat
    seat_scores: tuple[int, ...] | None = None  # by seat position 1–5

    @property
    def ok(self) -> bool:
        return self.settlement is not None


def deal_players(labels: Sequence[str], number: int) -> tuple[list[str], str | None]:
    """The deal's four players (left of the dealer first) and who sits out;
    at a table of three the blind man's hand is one of the four."""
    at = chairs(labels)
    players = [at[p - 1] for p in playing_positions(len(labels), number)]
    out = sitting_out(len(labels), number)
    return players, labels[out - 1] if out else None


def solo_limit_counts(schedule: Schedule) -> bool:
    """Whether any contract of ``schedule`` counts towards a solo limit."""
    return bool(schedule.solo_limit) and any(
        c.solo_limit for c in schedule.contracts.values()
    )


def facts_of(deal: Deal) -> dict:
    """What a valid deal's rules decided, for readers to sum and show."""
    plays = []
    for play in deal.plays:
        contract = play.contract
        made = None if contract.is_all_pass else contract.made(play.tricks)
        plays.append({"made": made, "solo": bool(made and contract.solo_limit)})
    return {"plays": plays, "sanctions": [s.points for s in deal.sanctions]}


def canonical(record: dict, schedule: Schedule) -> dict:
    """The record as stored: rules, players, sitting-out dealer, plays (with
    the trump the schedule fixes), sanctions; nothing else."""
    stored: dict = {"rules": schedule.code, "players": list(record["players"])}
    if record.get("sitting_out") is not None:
        stored["sitting_out"] = record["sitting_out"]
    if record.get("blind") is not None:
        stored["blind"] = record["blind"]
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


def evaluate(
    schedule: Schedule | None,
    record: dict,
    context: DealContext | None = None,
    players: Sequence[str] | None = None,
    out: str | None = None,
) -> Outcome:
    """Validate and settle one deal.

    ``players`` and ``out`` (the dealer sitting out) replace what the record
    says, and so does the blind man's hand when ``players`` holds it (a table
    of three); None keeps the record's own (a deal scored on its own, whose
    ``context`` field then stands). ``schedule`` None: the record's rules are
    unknown, and every other problem is still listed.
    """
    full = dict(record)
    if schedule is not None:
        full["rules"] = schedule.code
    if players is not None:
        full["players"] = list(players)
        full.pop("sitting_out", None)
        full.pop("blind", None)
        if out is not None:
            full["sitting_out"] = out
        if blind := blind_in(players):
            full["blind"] = blind
    if context is not None:
        full.pop("context", None)
        if schedule is not None and solo_limit_counts(schedule):
            made = {p: context.solo_made.get(p, 0) for p in full["players"]}
            full["context"] = {"solo_made": made}
    result = validate_record(full, lambda _code: schedule)
    violations = result.violations
    if context is not None and context.jury is not None:
        violations += tuple(jury_violations(full, context.jury))
    if violations or result.deal is None:
        return Outcome(full, violations)
    return Outcome(
        canonical(full, schedule), (), settle(result.deal), facts_of(result.deal)
    )


def run_deal(
    schedule: Schedule,
    labels: Sequence[str],
    number: int,
    record: dict,
    context: DealContext = DealContext(),
) -> Outcome:
    """``evaluate`` deal ``number`` at a table seated as ``labels`` (seat 1
    first), with the record and the scores by seat that a deal stores."""
    players, out = deal_players(labels, number)
    outcome = evaluate(schedule, record, context, players, out)
    if not outcome.ok:
        return outcome
    positions = playing_positions(len(labels), number)
    out_seat = sitting_out(len(labels), number)
    seat_of = seats_of(players, positions, (out, out_seat) if out else None)
    return Outcome(
        outcome.record,
        (),
        outcome.settlement,
        outcome.facts,
        by_seat(outcome.record, seat_of),
        seat_scores(labels, outcome.settlement.scores),
    )


def seat_scores(labels: Sequence[str], scores: Mapping[str, int]) -> tuple[int, ...]:
    """Scores by seat position 1–5 (0 for an empty seat and for the blind
    man's chair, which is never paid)."""
    seated = [0, 0, 0, 0, 0]
    for label, points in scores.items():
        if label == BLIND_LABEL and has_blind_man(len(labels)):
            if points:
                raise ZeroSumError(f"the blind man was paid {points}")
            continue
        seated[list(labels).index(label)] = points
    if sum(seated) != 0:
        raise ZeroSumError(f"seat scores {seated} do not sum to zero")
    return tuple(seated)


def sanctions_charged(record: dict, facts: dict | None) -> list[int]:
    """Per sanction of a stored deal, the points its offender was charged, as
    the settlement charged them (positive): the sanction's points as the
    facts keep them (3 for a forgotten turn-up card) are what each other
    player receives three times; a dealer sitting out pays them to all four
    players (4). The one reading of a sanction's cost: seat totals (the
    "fewest sanction points" tie-break), sheets, cards, pages and workbook
    show this number. Works on a record by seat or by name alike."""
    players = [p for p in record.get("players", []) if p != record.get("blind")]
    points = (facts or {}).get("sanctions", [])
    return [
        sanction_charge(pts, s.get("player"), players) if isinstance(pts, int) else 0
        for s, pts in zip(record.get("sanctions", []), points, strict=False)
    ]


def solo_declarers(record: dict, facts: dict) -> list:
    """Who made a contract counting to the solo limit in a stored deal (by
    whatever the record names players with)."""
    return [
        play["declarer"]
        for play, fact in zip(
            record.get("plays", []), facts.get("plays", []), strict=False
        )
        if fact.get("solo")
    ]
