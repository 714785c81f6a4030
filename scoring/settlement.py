"""Zero-sum settlement of one validated deal. Pure: no database.

Terms (rulesets.md): T = tricks of the declaring side; *over* = T − target when
made, *under* = target − T when failed; X (made) or Y (failed) is what each
opponent pays or receives. Each simultaneous declarer settles on their own
against the other three, co-declarers included; the deal is the sum.
A sum other than zero is an internal error (``ZeroSumError``), never a user
message.

A house-rule set's shapes (``rules.engine.house_rules``) reach this module as the
contract's ``fail_step``, ``fail_flat``, ``pays_each``, ``loser_twice``,
``fail_from``, ``lost_base`` and ``lost_step``; each scales or adds to both
sides of a line alike, so zero-sum holds.

At a table of three (``Deal.blind``) the blind man's hand is never paid:
``settle_play`` gives its share to whoever plays its cards, or drops it
against a single declarer (docs/rulesets.md, "Tables of three").
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.contracts import FIXED_KINDS, Contract
from rules.engine.deal import Deal, Play, SanctionEntry
from rules.engine.types import AllPassGame, Kind, LossMode, Payment


class ZeroSumError(AssertionError):
    """A settlement whose scores do not sum to zero: a bug, fail loudly."""


@dataclass(frozen=True, slots=True)
class Line:
    """One component of a deal's score: a play or a sanction."""

    code: str
    made: bool | None
    deltas: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Settlement:
    scores: Mapping[str, int]
    lines: tuple[Line, ...]

    def as_dict(self) -> dict:
        return {
            "scores": dict(self.scores),
            "lines": [
                {"code": ln.code, "made": ln.made, "scores": dict(ln.deltas)}
                for ln in self.lines
            ],
        }


def stepped_amount(contract: Contract, tricks: int) -> int:
    """X when made (with the 13-trick bonus), Y when failed: base + step per
    trick short, with the set's own failed base and step when it has them
    (shape ``failed_prices``), or a flat amount (shape ``abondance_flat``)."""
    if contract.made(tricks):
        bonus = contract.bonus13 if tricks == 13 else 0
        return contract.base + contract.step * (tricks - contract.target) + bonus
    if contract.fail_flat is not None:
        return contract.fail_flat
    base = contract.base if contract.lost_base is None else contract.lost_base
    step = contract.step if contract.lost_step is None else contract.lost_step
    return base + step * (contract.target - tricks)


def fixed_amount(contract: Contract, tricks: int) -> int:
    """V when made; when failed V (or the failed base of shape
    ``failed_prices``) plus the failed step per trick past the limit (shapes
    ``solo13_steps``, ``failed_step`` or ``failed_prices``; 0 in every
    preset), counted from the ``fail_from``-th trick past it on (shape
    ``failed_step_from``; 1 = every trick past the limit)."""
    if contract.made(tricks):
        return contract.value
    base = contract.value if contract.lost_base is None else contract.lost_base
    step = contract.fail_step if contract.lost_step is None else contract.lost_step
    counted = max(0, contract.tricks_past(tricks) - (contract.fail_from - 1))
    return base + step * counted


def one_against_three(players, declarer: str, per_opponent: int) -> dict[str, int]:
    """Declarer receives ``per_opponent`` from each of the others (three; two
    at a table of three, where the blind man's hand neither pays nor is paid)."""
    deltas = {p: -per_opponent for p in players}
    deltas[declarer] = (len(players) - 1) * per_opponent
    return deltas


def settle_team(play: Play, players) -> dict[str, int]:
    """Each opponent pays one of the pair; both of the pair with shape
    ``pair_pays_each`` (every payment doubled, the failed side's too)."""
    c, t = play.contract, play.tricks
    amount = stepped_amount(c, t) * (2 if c.pays_each else 1)
    pair = (play.declarer, play.partner)
    if c.made(t):
        return {p: amount if p in pair else -amount for p in players}
    if c.loss_mode is LossMode.BOTH:
        return {p: -amount if p in pair else amount for p in players}
    deltas = {p: amount for p in players}
    deltas[play.declarer] = -2 * amount
    deltas[play.partner] = 0
    return deltas


def settle_solo(play: Play, players) -> dict[str, int]:
    c, t = play.contract, play.tricks
    sign = 1 if c.made(t) else -1
    amount = fixed_amount(c, t) if c.kind in FIXED_KINDS else stepped_amount(c, t)
    return one_against_three(players, play.declarer, sign * amount)


def all_pass_losers(play: Play, players) -> set[str]:
    """The losers among ``players`` (the blind man's hand may lose, unpaid)."""
    c = play.contract
    if c.all_pass_game is AllPassGame.QUEEN_AND_LAST:
        return {play.queen_of_spades, play.last_trick} & set(players)
    tricks = play.tricks_by_player
    return {p for p in players if tricks[p] not in c.winning_tricks}


def settle_all_pass(play: Play, players) -> dict[str, int]:
    """Pot (pagat) or each-to-each (nl); nothing when all win or all lose.
    Shape ``mie_double``: one player with the queen and the last trick lost
    twice, so the whole line counts twice."""
    c = play.contract
    one_lost_both = (
        c.all_pass_game is AllPassGame.QUEEN_AND_LAST
        and play.queen_of_spades == play.last_trick
    )
    unit = c.unit * (2 if c.loser_twice and one_lost_both else 1)
    losers = all_pass_losers(play, players)
    winners = [p for p in players if p not in losers]
    if not losers or not winners:
        return dict.fromkeys(players, 0)
    if play.contract.payment is Payment.POT:
        pot = unit * max(len(winners), len(losers))
        win, lose = pot // len(winners), pot // len(losers)
    else:
        win, lose = unit * len(losers), unit * len(winners)
    return {p: -lose if p in losers else win for p in players}


def settle_sanction(entry: SanctionEntry, players) -> dict[str, int]:
    """The offender pays; every other player of the deal receives a third."""
    return sanction_deltas(entry.points, entry.player, players)


def sanction_deltas(points: int, offender: str, players) -> dict[str, int]:
    """A sanction of ``points`` on ``offender``: every other player of the
    deal receives a third, the offender pays the sum.

    A dealer sitting out (not in ``players``) pays that third to each of the
    four (deal-record.md, "Who pays whom"): -4 for a forgotten turn-up card.
    """
    share = points // 3
    if offender not in players:
        return {offender: -len(players) * share} | dict.fromkeys(players, share)
    return one_against_three(players, offender, -share)


def sanction_charge(points: int, offender: str, players) -> int:
    """What the offender of a sanction of ``points`` pays, as a positive
    number: the settlement's own line (``sanction_deltas``), so 3 for a
    forgotten turn-up card by a playing dealer and 4 by one sitting out."""
    return -sanction_deltas(points, offender, players).get(offender, 0)


SETTLERS = {
    Kind.TEAM: settle_team,
    Kind.SOLO: settle_solo,
    Kind.FIXED_SOLO: settle_solo,
    Kind.MISERE: settle_solo,
    Kind.PIEK: settle_solo,
    Kind.ALL_PASS: settle_all_pass,
}


def blind_mate(play: Play, players, blind: str) -> str:
    """Who plays the blind man's cards in a partnership game, and so answers
    for its side's share: the declarer when the blind holds the called ace,
    else the one real opponent of the pair (docs/rulesets.md, "Tables of
    three")."""
    if play.partner == blind:
        return play.declarer
    return next(p for p in players if p not in (play.declarer, play.partner, blind))


def settle_play(play: Play, players, blind: str | None) -> dict[str, int]:
    """One play's deltas. At a table of three (``blind`` set) the blind man's
    hand is never paid: in a partnership game the player who plays it takes
    its share; against a single declarer its payment is dropped (the declarer
    settles with the two players); an all-pass game settles among the three."""
    kind = play.contract.kind
    if blind is None:
        return SETTLERS[kind](play, players)
    paying = [p for p in players if p != blind]
    if kind is not Kind.TEAM:
        return SETTLERS[kind](play, paying)
    deltas = SETTLERS[kind](play, players)
    mate = blind_mate(play, players, blind)
    deltas[mate] += deltas.pop(blind)
    return deltas


def settle(deal: Deal) -> Settlement:
    """Integer scores per player for a valid deal, sanctions included."""
    players = deal.players
    scores = dict.fromkeys(deal.everyone, 0)
    lines = []
    for play in deal.plays:
        deltas = settle_play(play, players, deal.blind)
        made = None if play.contract.is_all_pass else play.contract.made(play.tricks)
        lines.append(Line(play.contract.code, made, deltas))
    for entry in deal.sanctions:
        deltas = settle_sanction(entry, deal.paying)
        lines.append(Line(entry.sanction.code, None, deltas))
    for line in lines:
        if sum(line.deltas.values()) != 0:
            raise ZeroSumError(f"{line.code} does not sum to zero: {line.deltas}")
        for p, d in line.deltas.items():
            scores[p] += d
    return Settlement(scores, tuple(lines))
