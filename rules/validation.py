"""Validation of a deal record against a schedule: one small check per rule.

``validate_record`` never raises on bad input. It returns every violation
(never only the first), each with a stable code from deal-record.md, the field
it concerns and a translated message; and the typed ``Deal`` when there are
none. Pure: does not interact with the database.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from rules.deal import Deal, Play, SanctionEntry
from rules.schedules import Schedule
from rules.types import AllPassGame, Jury, Suit

RECORD_KEYS = frozenset(
    {"rules", "players", "plays", "sanctions", "context", "sitting_out"}
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


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "field": self.field, "message": self.message}


@dataclass(frozen=True, slots=True)
class Result:
    deal: Deal | None
    violations: tuple[Violation, ...]

    @property
    def ok(self) -> bool:
        return self.deal is not None


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Collects violations while walking one record."""

    def __init__(self) -> None:
        self.violations: list[Violation] = []

    def add(self, code: str, field: str, message: Any, /, **params: Any) -> None:
        text = str(message % params) if params else str(message)
        self.violations.append(Violation(code, field, text))

    def unknown_keys(self, obj: Mapping, allowed: frozenset, prefix: str) -> None:
        for key in obj:
            if key not in allowed:
                where = f"{prefix}.{key}" if prefix else str(key)
                self.add("unknown_field", where, _("Unknown field “%(key)s”."), key=key)

    def player(self, value: Any, players: frozenset | None, where: str) -> bool:
        """Whether ``value`` names a player of this deal (reports if not)."""
        if isinstance(value, str) and (players is None or value in players):
            return True
        self.add(
            "unknown_player", where,
            _("“%(name)s” is not one of this deal's four players."), name=value,
        )  # fmt: skip
        return False


@dataclass(frozen=True, slots=True)
class Table:
    """Who a sanction may name: the four players, or the dealer sitting out."""

    players: frozenset | None
    sitting_out: str | None
    last_player: str | None

    @property
    def dealer(self) -> str | None:
        return self.sitting_out or self.last_player

    @property
    def everyone(self) -> frozenset | None:
        if self.players is None or self.sitting_out is None:
            return self.players
        return self.players | {self.sitting_out}


def validate_record(record: Any, resolve: Resolver) -> Result:
    """Check a deal record; return the typed deal or every violation."""
    ck = _Checker()
    if not isinstance(record, dict):
        ck.add("bad_json", "", _("A deal record must be one JSON object."))
        return Result(None, tuple(ck.violations))
    ck.unknown_keys(record, RECORD_KEYS, "")
    schedule = _check_rules(ck, record.get("rules"), resolve)
    players = _check_players(ck, record.get("players"))
    sitting_out = _check_sitting_out(ck, record, players)
    known = frozenset(players) if players else None
    solo_made = _check_context(ck, record.get("context", {}), known)
    table = Table(known, sitting_out, players[-1] if players else None)
    sanctions = _check_sanctions(ck, record.get("sanctions", []), schedule, table)
    plays = _check_plays(ck, record, schedule, known, sanctions, solo_made)
    _check_jury_sanctions(ck, record)
    if ck.violations or schedule is None or players is None:
        return Result(None, tuple(ck.violations))
    deal = Deal(
        schedule, tuple(players), tuple(plays), tuple(sanctions), solo_made,
        sitting_out,
    )  # fmt: skip
    return Result(deal, ())


def _check_rules(ck: _Checker, rules: Any, resolve: Resolver) -> Schedule | None:
    schedule = None
    if isinstance(rules, str) and rules:
        try:
            schedule = resolve(rules)
        except Exception:  # a resolver failure is an unknown schedule, not a crash
            schedule = None
    if schedule is None:
        ck.add(
            "unknown_rules", "rules",
            _("“%(rules)s” is not a preset (nl, pagat, iwwa) or a house-rule set."),
            rules=rules,
        )  # fmt: skip
    return schedule


def _check_players(ck: _Checker, players: Any) -> list[str] | None:
    if (
        isinstance(players, list)
        and len(players) == 4
        and all(isinstance(p, str) and p.strip() for p in players)
        and len(set(players)) == 4
    ):
        return players
    ck.add(
        "bad_players", "players",
        _("players must list exactly 4 different, non-empty names."),
    )  # fmt: skip
    return None


def _check_sitting_out(ck: _Checker, record: dict, players) -> str | None:
    if "sitting_out" not in record or record["sitting_out"] is None:
        return None
    out = record["sitting_out"]
    if not isinstance(out, str) or not out.strip() or out in (players or ()):
        ck.add(
            "bad_players", "sitting_out",
            _("sitting_out must name the dealer who sits out, not one of the four "
              "players."),
        )  # fmt: skip
        return None
    return out


def _check_context(ck: _Checker, context: Any, known: frozenset | None) -> dict:
    if not isinstance(context, dict):
        ck.add("unknown_field", "context", _("context must be a JSON object."))
        return {}
    ck.unknown_keys(context, CONTEXT_KEYS, "context")
    made = context.get("solo_made", {})
    if not isinstance(made, dict):
        ck.add("unknown_field", "context.solo_made", _("solo_made must map players."))
        return {}
    for name, count in made.items():
        where = f"context.solo_made.{name}"
        ck.player(name, known, where)
        if not is_int(count) or count < 0:
            ck.add("solo_limit", where, _("Must be a whole number of 0 or more."))
    return made


def _check_sanctions(
    ck: _Checker, sanctions: Any, schedule: Schedule | None, table: Table
) -> list[SanctionEntry]:
    if not isinstance(sanctions, list):
        ck.add("unknown_sanction", "sanctions", _("sanctions must be a list."))
        return []
    entries = []
    for i, s in enumerate(sanctions):
        where = f"sanctions[{i}]"
        if not isinstance(s, dict):
            ck.add("unknown_sanction", where, _("A sanction must be a JSON object."))
            continue
        ck.unknown_keys(s, SANCTION_KEYS, where)
        code = s.get("code")
        sanction = None
        if schedule is not None:
            sanction = schedule.sanctions.get(code) if isinstance(code, str) else None
            if sanction is None:
                ck.add(
                    "unknown_sanction", f"{where}.code",
                    _("“%(code)s” is not a sanction of this schedule."), code=code,
                )  # fmt: skip
        player_ok = ck.player(s.get("player"), table.everyone, f"{where}.player")
        if sanction is None:
            continue
        if player_ok:
            player_ok = _sanction_player(ck, sanction, s["player"], table, where)
        points = _sanction_points(ck, sanction, s, f"{where}.points")
        if points is not None and player_ok:
            entries.append(SanctionEntry(sanction, s["player"], points))
    return entries


def _sanction_player(ck: _Checker, sanction, player: str, table: Table, where):
    """Whether this sanction can apply to ``player`` (deal-record.md)."""
    if sanction.dealer_only and table.dealer is not None and player != table.dealer:
        ck.add(
            "sanction_player", f"{where}.player",
            _("%(sanction)s is the dealer's fault: it can only be given to "
              "%(dealer)s, who dealt."),
            sanction=sanction.name, dealer=table.dealer,
        )  # fmt: skip
        return False
    if player == table.sitting_out and not sanction.may_name_sitting_out:
        ck.add(
            "sanction_player", f"{where}.player",
            _("%(player)s sits this deal out: only a forgotten turn-up card or "
              "a director's penalty can be given to them."),
            player=player,
        )  # fmt: skip
        return False
    return True


def _check_jury_sanctions(ck: _Checker, record: dict) -> None:
    """``jury-not-called`` contradicts a jury approval of the same play."""
    plays = record.get("plays")
    if not isinstance(plays, list):
        return
    approved = {
        p["declarer"]
        for p in plays
        if isinstance(p, dict)
        and isinstance(p.get("declarer"), str)
        and p.get("jury") == Jury.APPROVED.value
    }
    raw = record.get("sanctions")
    for i, s in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(s, dict) or s.get("code") != "jury-not-called":
            continue
        if isinstance(s.get("player"), str) and s["player"] in approved:
            ck.add(
                "sanction_player", f"sanctions[{i}].player",
                _("The jury was called and approved %(player)s's contract: "
                  "“jury not called” cannot be given as well."),
                player=s["player"],
            )  # fmt: skip


def _sanction_points(ck: _Checker, sanction, s: dict, where: str) -> int | None:
    if not sanction.variable:
        if "points" in s:
            ck.add(
                "sanction_points", where,
                _("“%(code)s” has a fixed amount; leave points out."),
                code=sanction.code,
            )  # fmt: skip
            return None
        return sanction.amount
    points = s.get("points")
    if "points" not in s:
        ck.add("sanction_points", where, _("This sanction needs its points."))
        return None
    limit = sanction.maximum
    if not is_int(points) or points <= 0 or points % 3 or (limit and points > limit):
        if limit:
            msg = _("Points must be a positive multiple of 3, at most %(max)s.")
            ck.add("sanction_points", where, msg, max=limit)
        else:
            msg = _("Points must be a positive multiple of 3.")
            ck.add("sanction_points", where, msg)
        return None
    return points


def _check_plays(ck, record, schedule, known, sanctions, solo_made) -> list[Play]:
    raw = record.get("plays")
    if not isinstance(raw, list):
        ck.add(
            "unknown_contract",
            "plays",
            _("plays must be a list (empty if all passed)."),
        )
        return []
    fined = {e.player for e in sanctions if e.sanction.code == "jury-not-called"}
    plays = []
    for i, p in enumerate(raw):
        where = f"plays[{i}]"
        if not isinstance(p, dict):
            ck.add("unknown_contract", where, _("A play must be a JSON object."))
            continue
        play = _check_play(ck, p, where, schedule, known, fined, solo_made)
        if play is not None:
            plays.append(play)
    if len(raw) > 1:
        _check_simultaneous(ck, _partial_plays(raw, schedule))
    return plays


def _partial_plays(raw: list, schedule) -> list[Play]:
    """Plays reduced to what the simultaneity checks need, even when a play has
    errors of its own, so those errors and these are reported together."""
    partial = []
    for p in raw:
        code = p.get("contract") if isinstance(p, dict) else None
        contract = (
            schedule.contract(code) if schedule and isinstance(code, str) else None
        )
        if contract is None:
            continue
        declarer = p.get("declarer")
        tricks = p.get("tricks")
        partial.append(
            Play(
                contract,
                declarer if isinstance(declarer, str) else None,
                tricks=tricks if is_int(tricks) and 0 <= tricks <= 13 else None,
            )
        )
    return partial


def _check_play(ck, p, where, schedule, known, fined, solo_made) -> Play | None:
    ck.unknown_keys(p, PLAY_KEYS, where)
    before = len(ck.violations)
    code = p.get("contract")
    contract = schedule.contract(code) if schedule and isinstance(code, str) else None
    if contract is None and schedule is not None:
        ck.add(
            "unknown_contract", f"{where}.contract",
            _("“%(code)s” is not a contract of this schedule."), code=code,
        )  # fmt: skip
    trump = _check_trump(ck, p, where, contract)
    if contract is not None and contract.is_all_pass:
        _check_all_pass(ck, p, where, contract, known)
        if len(ck.violations) > before:
            return None
        return Play(
            contract, trump=trump, tricks_by_player=p.get("tricks_by_player"),
            queen_of_spades=p.get("queen_of_spades"), last_trick=p.get("last_trick"),
        )  # fmt: skip
    declarer = _check_declarer(ck, p, where, known)
    partner = _check_partner(ck, p, where, contract, known)
    tricks = _check_tricks(ck, p, where)
    jury = _check_jury(ck, p, where, contract, declarer, fined, solo_made, schedule)
    if contract is None or len(ck.violations) > before:
        return None
    return Play(contract, declarer, partner, tricks, trump, jury)


def _check_declarer(ck, p, where, known) -> str | None:
    declarer = p.get("declarer")
    if declarer is None:
        ck.add(
            "declarer_missing", f"{where}.declarer",
            _("Name the declarer who bid this contract."),
        )  # fmt: skip
        return None
    return declarer if ck.player(declarer, known, f"{where}.declarer") else None


def _check_partner(ck, p, where, contract, known) -> str | None:
    partner = p.get("partner")
    if contract is None:
        return None
    if not contract.has_partner:
        if partner is not None:
            ck.add(
                "partner_not_allowed", f"{where}.partner",
                _("%(contract)s is played without a partner."), contract=contract.name,
            )  # fmt: skip
        return None
    if partner is None:
        ck.add(
            "partner_missing", f"{where}.partner",
            _("%(contract)s needs the partner who holds the called ace."),
            contract=contract.name,
        )  # fmt: skip
        return None
    if not ck.player(partner, known, f"{where}.partner"):
        return None
    if partner == p.get("declarer"):
        ck.add(
            "partner_is_declarer", f"{where}.partner",
            _("The partner cannot be the declarer."),
        )  # fmt: skip
        return None
    return partner


def _check_tricks(ck, p, where) -> int | None:
    if "tricks" not in p or p["tricks"] is None:
        ck.add(
            "tricks_missing", f"{where}.tricks",
            _("Enter the tricks taken by the declaring side."),
        )  # fmt: skip
        return None
    tricks = p["tricks"]
    if not is_int(tricks) or not 0 <= tricks <= 13:
        ck.add(
            "tricks_out_of_range", f"{where}.tricks",
            _("Tricks must be a whole number from 0 to 13."),
        )  # fmt: skip
        return None
    return tricks


def _check_trump(ck, p, where, contract) -> Suit | None:
    if "trump" not in p or p["trump"] is None:
        return None
    raw = p["trump"]
    trump = SUITS.get(raw) if isinstance(raw, str) else None
    if trump is None:
        ck.add(
            "trump_mismatch", f"{where}.trump",
            _("Trump must be hearts, diamonds, clubs, spades or none."),
        )  # fmt: skip
    elif contract is not None and contract.trump and trump is not contract.trump:
        ck.add(
            "trump_mismatch", f"{where}.trump",
            _("%(contract)s is played with trump %(trump)s."),
            contract=contract.name, trump=contract.trump.value,
        )  # fmt: skip
    return trump


def _check_jury(ck, p, where, contract, declarer, fined, solo_made, schedule):
    raw = p.get("jury")
    jury = JURY.get(raw) if isinstance(raw, str) else None
    if raw is not None and jury is None:
        ck.add(
            "jury_required", f"{where}.jury",
            _("jury must be “approved” or “not_called”."),
        )  # fmt: skip
        return None
    if contract is None or declarer is None:
        return jury
    approved = jury is Jury.APPROVED
    if contract.jury and not approved and declarer not in fined:
        ck.add(
            "jury_required", f"{where}.jury",
            _("%(contract)s needs the jury's approval, or a jury-not-called sanction."),
            contract=contract.name,
        )  # fmt: skip
    made = solo_made.get(declarer, 0)
    if (
        contract.solo_limit
        and not approved
        and is_int(made)
        and made >= schedule.solo_limit
    ):
        ck.add(
            "solo_limit", f"{where}.jury",
            _(
                "%(player)s already made %(made)s solo games; another one "
                "needs the jury's approval."
            ),
            player=declarer, made=made,
        )  # fmt: skip
    return jury


def _check_all_pass(ck, p, where, contract, known) -> None:
    if p.get("partner") is not None:
        ck.add(
            "partner_not_allowed", f"{where}.partner",
            _("%(contract)s is played without a partner."), contract=contract.name,
        )  # fmt: skip
    if contract.all_pass_game is AllPassGame.QUEEN_AND_LAST:
        for key in ("queen_of_spades", "last_trick"):
            if p.get(key) is None:
                ck.add(
                    "tricks_missing", f"{where}.{key}",
                    _("Name who took this trick."),
                )  # fmt: skip
            else:
                ck.player(p[key], known, f"{where}.{key}")
        return
    _check_tricks_by_player(
        ck, p.get("tricks_by_player"), f"{where}.tricks_by_player", known
    )


def _check_tricks_by_player(ck, tricks, where, known) -> None:
    if not isinstance(tricks, dict):
        ck.add(
            "tricks_missing", where, _("Enter the tricks of each of the four players.")
        )
        return
    total, ok = 0, True
    for name, count in tricks.items():
        ok &= ck.player(name, known, f"{where}.{name}")
        if not is_int(count) or not 0 <= count <= 13:
            ck.add(
                "tricks_out_of_range", f"{where}.{name}",
                _("Tricks must be a whole number from 0 to 13."),
            )  # fmt: skip
            ok = False
        else:
            total += count
    if known is not None and ok and set(tricks) != known:
        ck.add(
            "tricks_missing", where, _("Enter the tricks of each of the four players.")
        )
    elif ok and total != 13:
        ck.add(
            "tricks_total", where,
            _("The players' tricks add up to %(total)s, not 13."), total=total,
        )  # fmt: skip


def _check_simultaneous(ck: _Checker, plays: list[Play]) -> None:
    groups = {p.contract.group for p in plays}
    if len(plays) > 1 and (None in groups or len(groups) > 1):
        names = ", ".join(sorted({p.contract.name for p in plays}))
        ck.add(
            "simultaneous_not_allowed", "plays",
            _("These contracts cannot be played together: %(names)s."), names=names,
        )  # fmt: skip
    declarers = [p.declarer for p in plays if p.declarer is not None]
    if len(set(declarers)) != len(declarers):
        ck.add(
            "simultaneous_not_allowed", "plays",
            _("A player can declare only one contract per deal."),
        )  # fmt: skip
    total = sum(p.tricks or 0 for p in plays)
    if total > 13:
        ck.add(
            "tricks_total", "plays",
            _("The declarers' tricks add up to %(total)s, more than 13."), total=total,
        )  # fmt: skip
