"""Validation of a deal record against a schedule: a registry of small checks.

``validate_record`` never raises on bad input. It runs every check of
``CHECKS`` in order over one record and returns every violation (never only
the first), each with its stable code from ``rules.engine.problems``, the field it
concerns and a translated message; and the typed ``Deal`` when there are
none. A check reads what earlier checks found (the schedule, the players)
from the shared ``Record`` state. Pure: does not interact with the database.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.numbers import is_whole as is_int
from rules.engine.deal import Deal, Play, SanctionEntry
from rules.engine.problems import PROBLEMS, Violation
from rules.engine.schedules import Schedule
from rules.engine.types import AllPassGame, Jury, Suit

RECORD_KEYS = frozenset(
    {"rules", "players", "plays", "sanctions", "context", "sitting_out", "blind"}
)
PLAY_KEYS = frozenset(
    {"contract", "declarer", "partner", "tricks", "trump", "jury",
     "tricks_by_player", "queen_of_spades", "last_trick"}
)  # fmt: skip
SANCTION_KEYS = frozenset({"code", "player", "points"})
CONTEXT_KEYS = frozenset({"solo_made"})
SUITS = {s.value: s for s in Suit}
JURY = {j.value: j for j in Jury}

Resolver = Callable[[str], Schedule | None]

__all__ = ["CHECKS", "Result", "Violation", "validate_record"]


@dataclass(frozen=True, slots=True)
class Result:
    deal: Deal | None
    violations: tuple[Violation, ...]

    @property
    def ok(self) -> bool:
        return self.deal is not None


@dataclass
class Record:
    """One record under check: what the checks have found so far."""

    raw: dict
    resolve: Resolver
    violations: list[Violation] = field(default_factory=list)
    schedule: Schedule | None = None
    players: list[str] | None = None
    sitting_out: str | None = None
    blind: str | None = None  # the blind man's hand at a table of three
    solo_made: dict = field(default_factory=dict)
    sanctions: list[SanctionEntry] = field(default_factory=list)
    plays: list[Play] = field(default_factory=list)
    known: frozenset | None = None  # the four players, once found
    everyone: frozenset | None = None  # and the dealer sitting out

    @property
    def dealer(self) -> str | None:
        """Who dealt: the dealer sitting out, else the last of the players."""
        return self.sitting_out or (self.players[-1] if self.players else None)

    def add(self, code: str, where: str, variant: str = "", /, **params) -> None:
        self.violations.append(PROBLEMS[code].violation(where, variant, **params))

    def unknown_keys(self, obj: Mapping, allowed: frozenset, prefix: str) -> None:
        for key in obj:
            if key not in allowed:
                where = f"{prefix}.{key}" if prefix else str(key)
                self.add("unknown_field", where, key=key)

    def player(self, value: Any, players: frozenset | None, where: str) -> bool:
        """Whether ``value`` names a player of this deal (reports if not)."""
        if isinstance(value, str) and (players is None or value in players):
            return True
        self.add("unknown_player", where, name=value)
        return False


# -- the checks, in the order they run ------------------------------------------
def check_fields(r: Record) -> None:
    r.unknown_keys(r.raw, RECORD_KEYS, "")


def check_rules(r: Record) -> None:
    rules = r.raw.get("rules")
    if isinstance(rules, str) and rules:
        try:
            r.schedule = r.resolve(rules)
        except Exception:  # a resolver failure is an unknown schedule, not a crash
            r.schedule = None
    if r.schedule is None:
        r.add("unknown_rules", "rules", rules=rules)


def check_players(r: Record) -> None:
    players = r.raw.get("players")
    if (
        isinstance(players, list)
        and len(players) == 4
        and all(isinstance(p, str) and p.strip() for p in players)
        and len(set(players)) == 4
    ):
        r.players = players
        r.known = r.everyone = frozenset(players)
    else:
        r.add("bad_players", "players", "players")


def check_sitting_out(r: Record) -> None:
    out = r.raw.get("sitting_out")
    if out is None:
        return
    if not isinstance(out, str) or not out.strip() or out in (r.players or ()):
        r.add("bad_players", "sitting_out", "sitting_out")
    else:
        r.sitting_out = out
        if r.known is not None:
            r.everyone = r.known | {out}


def check_blind(r: Record) -> None:
    """A table of three: one of the four hands is the blind man's (000,
    "Rikken for three players"), laid open and played by its partner(s)."""
    blind = r.raw.get("blind")
    if blind is None:
        return
    if not isinstance(blind, str) or (r.players is not None and blind not in r.players):
        r.add("bad_players", "blind", "blind")
    elif r.raw.get("sitting_out") is not None:
        r.add("bad_players", "blind", "blind_out")
    elif r.players is not None and blind == r.players[-1]:
        r.add("bad_players", "blind", "blind_deals")
    else:
        r.blind = blind


def check_context(r: Record) -> None:
    context = r.raw.get("context", {})
    if not isinstance(context, dict):
        r.add("bad_context", "context", "not_object")
        return
    r.unknown_keys(context, CONTEXT_KEYS, "context")
    made = context.get("solo_made", {})
    if not isinstance(made, dict):
        r.add("bad_context", "context.solo_made", "solo_made")
        return
    for name, count in made.items():
        where = f"context.solo_made.{name}"
        r.player(name, r.known, where)
        if not is_int(count) or count < 0:
            r.add("bad_context", where, "count")
    r.solo_made = made


def check_sanctions(r: Record) -> None:
    sanctions = r.raw.get("sanctions", [])
    if not isinstance(sanctions, list):
        r.add("bad_sanctions", "sanctions", "not_list")
        return
    for i, s in enumerate(sanctions):
        where = f"sanctions[{i}]"
        if not isinstance(s, dict):
            r.add("bad_sanctions", where, "not_object")
            continue
        r.unknown_keys(s, SANCTION_KEYS, where)
        code = s.get("code")
        sanction = None
        if r.schedule is not None:
            sanction = r.schedule.sanctions.get(code) if isinstance(code, str) else None
            if sanction is None:
                r.add("unknown_sanction", f"{where}.code", code=code)
        player_ok = r.player(s.get("player"), r.everyone, f"{where}.player")
        if sanction is None:
            continue
        if player_ok:
            player_ok = _sanction_player(r, sanction, s["player"], where)
        points = _sanction_points(r, sanction, s, f"{where}.points")
        if points is not None and player_ok:
            r.sanctions.append(SanctionEntry(sanction, s["player"], points))


def _sanction_player(r: Record, sanction, player: str, where: str) -> bool:
    """Whether this sanction can apply to ``player`` (deal-record.md)."""
    if sanction.dealer_only and r.dealer is not None and player != r.dealer:
        r.add(
            "sanction_player",
            f"{where}.player",
            "dealer",
            sanction=sanction.name,
            dealer=r.dealer,
        )
        return False
    if r.blind is not None and player == r.blind:
        r.add("sanction_player", f"{where}.player", "blind", player=player)
        return False
    if player == r.sitting_out and not sanction.may_name_sitting_out:
        r.add("sanction_player", f"{where}.player", "sitting_out", player=player)
        return False
    return True


def _sanction_points(r: Record, sanction, s: dict, where: str) -> int | None:
    if not sanction.variable:
        if "points" in s:
            r.add("sanction_points", where, "fixed", code=sanction.code)
            return None
        return sanction.amount
    if "points" not in s:
        r.add("sanction_points", where, "missing")
        return None
    points, limit = s.get("points"), sanction.maximum
    if not is_int(points) or points <= 0 or points % 3 or (limit and points > limit):
        if limit:
            r.add("sanction_points", where, "most", max=limit)
        else:
            r.add("sanction_points", where, "multiple")
        return None
    return points


def check_plays(r: Record) -> None:
    raw = r.raw.get("plays")
    if not isinstance(raw, list):
        r.add("bad_plays", "plays", "not_list")
        return
    fined = {e.player for e in r.sanctions if e.sanction.code == "jury-not-called"}
    for i, p in enumerate(raw):
        where = f"plays[{i}]"
        if not isinstance(p, dict):
            r.add("bad_plays", where, "not_object")
            continue
        play = _check_play(r, p, where, fined)
        if play is not None:
            r.plays.append(play)


def _check_play(r: Record, p: dict, where: str, fined: set) -> Play | None:
    r.unknown_keys(p, PLAY_KEYS, where)
    before = len(r.violations)
    code = p.get("contract")
    schedule = r.schedule
    contract = schedule.contract(code) if schedule and isinstance(code, str) else None
    if contract is None and schedule is not None:
        r.add("unknown_contract", f"{where}.contract", code=code)
    trump = _check_trump(r, p, where, contract)
    if contract is not None and contract.is_all_pass:
        _check_all_pass(r, p, where, contract)
        if len(r.violations) > before:
            return None
        return Play(
            contract,
            trump=trump,
            tricks_by_player=p.get("tricks_by_player"),
            queen_of_spades=p.get("queen_of_spades"),
            last_trick=p.get("last_trick"),
        )
    declarer = _check_declarer(r, p, where)
    partner = _check_partner(r, p, where, contract)
    tricks = _check_tricks(r, p, where)
    jury = _check_jury(r, p, where, contract, declarer, fined)
    if contract is None or len(r.violations) > before:
        return None
    return Play(contract, declarer, partner, tricks, trump, jury)


def _check_declarer(r: Record, p: dict, where: str) -> str | None:
    declarer = p.get("declarer")
    if declarer is None:
        r.add("declarer_missing", f"{where}.declarer")
        return None
    if r.blind is not None and declarer == r.blind:
        r.add("blind_declares", f"{where}.declarer", player=declarer)
        return None
    return declarer if r.player(declarer, r.known, f"{where}.declarer") else None


def _check_partner(r: Record, p: dict, where: str, contract) -> str | None:
    partner = p.get("partner")
    if contract is None:
        return None
    if not contract.has_partner:
        if partner is not None:
            r.add("partner_not_allowed", f"{where}.partner", contract=contract.name)
        return None
    if partner is None:
        r.add("partner_missing", f"{where}.partner", contract=contract.name)
        return None
    if not r.player(partner, r.known, f"{where}.partner"):
        return None
    if partner == p.get("declarer"):
        r.add("partner_is_declarer", f"{where}.partner")
        return None
    return partner


def _check_tricks(r: Record, p: dict, where: str) -> int | None:
    if "tricks" not in p or p["tricks"] is None:
        r.add("tricks_missing", f"{where}.tricks")
        return None
    tricks = p["tricks"]
    if not is_int(tricks) or not 0 <= tricks <= 13:
        r.add("tricks_out_of_range", f"{where}.tricks")
        return None
    return tricks


def _check_trump(r: Record, p: dict, where: str, contract) -> Suit | None:
    if "trump" not in p or p["trump"] is None:
        return None
    raw = p["trump"]
    trump = SUITS.get(raw) if isinstance(raw, str) else None
    if trump is None:
        r.add("bad_trump", f"{where}.trump")
    elif contract is not None and contract.trump and trump is not contract.trump:
        r.add(
            "trump_mismatch",
            f"{where}.trump",
            contract=contract.name,
            trump=contract.trump.value,
        )
    return trump


def _check_jury(r: Record, p: dict, where: str, contract, declarer, fined):
    raw = p.get("jury")
    jury = JURY.get(raw) if isinstance(raw, str) else None
    if raw is not None and jury is None:
        r.add("bad_jury", f"{where}.jury")
        return None
    if contract is None or declarer is None:
        return jury
    approved = jury is Jury.APPROVED
    if contract.jury and not approved and declarer not in fined:
        r.add("jury_required", f"{where}.jury", contract=contract.name)
    made = r.solo_made.get(declarer, 0)
    if (
        contract.solo_limit
        and not approved
        and is_int(made)
        and made >= r.schedule.solo_limit
    ):
        r.add("solo_limit", f"{where}.jury", player=declarer, made=made)
    return jury


def _check_all_pass(r: Record, p: dict, where: str, contract) -> None:
    if p.get("partner") is not None:
        r.add("partner_not_allowed", f"{where}.partner", contract=contract.name)
    if contract.all_pass_game is AllPassGame.QUEEN_AND_LAST:
        for key in ("queen_of_spades", "last_trick"):
            if p.get(key) is None:
                r.add("tricks_missing", f"{where}.{key}", "trick")
            else:
                r.player(p[key], r.known, f"{where}.{key}")
        return
    _check_tricks_by_player(r, p.get("tricks_by_player"), f"{where}.tricks_by_player")


def _check_tricks_by_player(r: Record, tricks, where: str) -> None:
    if not isinstance(tricks, dict):
        r.add("tricks_missing", where, "each")
        return
    total, ok = 0, True
    for name, count in tricks.items():
        ok &= r.player(name, r.known, f"{where}.{name}")
        if not is_int(count) or not 0 <= count <= 13:
            r.add("tricks_out_of_range", f"{where}.{name}")
            ok = False
        else:
            total += count
    if r.known is not None and ok and set(tricks) != r.known:
        r.add("tricks_missing", where, "each")
    elif ok and total != 13:
        r.add("tricks_total", where, "players", total=total)


def check_simultaneous(r: Record) -> None:
    """Several plays: one group, different declarers, 13 tricks at most. Read
    from the raw plays, so these and each play's own errors come together."""
    raw = r.raw.get("plays")
    if not isinstance(raw, list) or len(raw) < 2:
        return
    plays = _partial_plays(raw, r.schedule)
    groups = {p.contract.group for p in plays}
    if len(plays) > 1 and (None in groups or len(groups) > 1):
        names = ", ".join(sorted({p.contract.name for p in plays}))
        r.add("simultaneous_not_allowed", "plays", "contracts", names=names)
    declarers = [p.declarer for p in plays if p.declarer is not None]
    if len(set(declarers)) != len(declarers):
        r.add("simultaneous_not_allowed", "plays", "declarer")
    total = sum(p.tricks or 0 for p in plays)
    if total > 13:
        r.add("tricks_total", "plays", "declarers", total=total)


def _partial_plays(raw: list, schedule) -> list[Play]:
    """Plays reduced to what the simultaneity checks need."""
    partial = []
    for p in raw:
        code = p.get("contract") if isinstance(p, dict) else None
        contract = (
            schedule.contract(code) if schedule and isinstance(code, str) else None
        )
        if contract is None:
            continue
        declarer, tricks = p.get("declarer"), p.get("tricks")
        partial.append(
            Play(
                contract,
                declarer if isinstance(declarer, str) else None,
                tricks=tricks if is_int(tricks) and 0 <= tricks <= 13 else None,
            )
        )
    return partial


def check_jury_sanction(r: Record) -> None:
    """``jury-not-called`` contradicts a play the record marks approved."""
    plays = r.raw.get("plays")
    approved = {
        p["declarer"]
        for p in (plays if isinstance(plays, list) else [])
        if isinstance(p, dict)
        and isinstance(p.get("declarer"), str)
        and p.get("jury") == Jury.APPROVED.value
    }
    raw = r.raw.get("sanctions")
    for i, s in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(s, dict) or s.get("code") != "jury-not-called":
            continue
        if isinstance(s.get("player"), str) and s["player"] in approved:
            r.add("jury_conflict", f"sanctions[{i}].player", player=s["player"])


#: Every check, in the order it runs: later ones read what earlier ones found.
CHECKS: tuple[Callable[[Record], None], ...] = (
    check_fields,
    check_rules,
    check_players,
    check_sitting_out,
    check_blind,
    check_context,
    check_sanctions,
    check_plays,
    check_simultaneous,
    check_jury_sanction,
)


def validate_record(record: Any, resolve: Resolver) -> Result:
    """Check a deal record; return the typed deal or every violation."""
    if not isinstance(record, dict):
        return Result(None, (PROBLEMS["bad_json"].violation(""),))
    r = Record(record, resolve)
    for check in CHECKS:
        check(r)
    if r.violations or r.schedule is None or r.players is None:
        return Result(None, tuple(r.violations))
    deal = Deal(
        r.schedule,
        tuple(r.players),
        tuple(r.plays),
        tuple(r.sanctions),
        r.solo_made,
        r.sitting_out,
        r.blind,
    )
    return Result(deal, ())
