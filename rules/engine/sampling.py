"""Random *valid* deal records for a schedule: for demo data, benchmarks and
property tests (one generator serves all three). Pure: no database.

At a table of three (``blind`` given) the blind man's hand is one of the four
players: it never declares and is never sanctioned, but it may hold the
called ace and take tricks (000, "Rikken for three players").
"""

import random

from rules.engine.schedules import Schedule
from rules.engine.types import AllPassGame

SUITS = ("hearts", "diamonds", "clubs", "spades")


def random_play(contract, declarer, players, rng: random.Random) -> dict:
    """One play by ``declarer``; the partner is any other of ``players``
    (the blind man's hand too, at a table of three)."""
    play: dict = {"contract": contract.code}
    if contract.is_all_pass:
        if contract.all_pass_game is AllPassGame.QUEEN_AND_LAST:
            play["queen_of_spades"] = rng.choice(players)
            play["last_trick"] = rng.choice(players)
        else:
            cuts = sorted(rng.randint(0, 13) for _ in range(3))
            counts = [a - b for a, b in zip([*cuts, 13], [0, *cuts], strict=True)]
            play["tricks_by_player"] = dict(zip(players, counts, strict=True))
        return play
    play["declarer"] = declarer
    if contract.has_partner:
        play["partner"] = rng.choice([p for p in players if p != declarer])
    lo = max(0, contract.target - 3)
    play["tricks"] = rng.choice([rng.randint(lo, 13), rng.randint(0, 13)])
    if contract.trump is not None:
        play["trump"] = contract.trump.value
    elif rng.random() < 0.3:
        play["trump"] = rng.choice(SUITS)
    if contract.jury or contract.solo_limit:
        play["jury"] = "approved"
    return play


def _jury_not_called(schedule: Schedule, plays: list[dict], rng) -> list[dict]:
    """Now and then a jury contract played without calling the jury."""
    fined = []
    for play in plays:
        contract = schedule.contract(play["contract"])
        fine = schedule.sanctions.get("jury-not-called")
        if contract.jury and fine is not None and rng.random() < 0.2:
            del play["jury"]
            points = 3 * rng.randint(1, fine.maximum // 3)
            fined.append(
                {"code": fine.code, "player": play["declarer"], "points": points}
            )
    return fined


def random_record(
    schedule: Schedule,
    rng: random.Random,
    players: list[str] | None = None,
    sitting_out: str | None = None,
    sanction_rate: float = 0.05,
    blind: str | None = None,
) -> dict:
    """One valid deal record: a single contract, simultaneous plays, an
    all-pass game or a throw-in, sometimes with a sanction. ``sitting_out``:
    the dealer who sits out at a table of five; ``blind``: the blind man's
    hand at a table of three, one of ``players`` but not the dealer (the
    last), who never declares."""
    players = players or ["Anna", "Bert", "Cor", "Dirk"]
    if blind is not None and (blind not in players[:-1] or sitting_out):
        raise ValueError("the blind man is one of the players, not the dealer")
    paying = [p for p in players if p != blind]
    contracts = schedule.enabled_contracts()
    contract = rng.choice(contracts)
    plays = []
    if rng.random() < 0.02:
        pass  # everybody passed, thrown in
    elif contract.simultaneous and rng.random() < 0.5:
        group = [c for c in contracts if c.group == contract.group]
        declarers = rng.sample(paying, rng.randint(2, 3))
        plays = [random_play(rng.choice(group), d, players, rng) for d in declarers]
        total = sum(p["tricks"] for p in plays)
        if total > 13:
            for p in plays:
                p["tricks"] = min(p["tricks"], 13 // len(plays))
    else:
        plays = [random_play(contract, rng.choice(paying), players, rng)]
    record: dict = {"rules": schedule.code, "players": players, "plays": plays}
    if sitting_out is not None:
        record["sitting_out"] = sitting_out
    if blind is not None:
        record["blind"] = blind
    sanctions = _jury_not_called(schedule, plays, rng)
    if rng.random() < sanction_rate:
        sanctions.append(random_sanction(schedule, paying, rng, sitting_out))
    if sanctions:
        record["sanctions"] = sanctions
    return record


def random_sanction(
    schedule: Schedule, players, rng: random.Random, sitting_out: str | None = None
) -> dict:
    """A sanction on someone it can apply to (jury-not-called goes with plays).
    ``players``: who can be sanctioned, the dealer last (at a table of three
    the three real players, never the blind man's hand)."""
    choices = [s for s in schedule.sanctions.values() if s.code != "jury-not-called"]
    sanction = rng.choice(choices)
    if sanction.dealer_only:
        player = sitting_out or players[-1]
    elif sitting_out and sanction.may_name_sitting_out and rng.random() < 0.25:
        player = sitting_out
    else:
        player = rng.choice(players)
    entry = {"code": sanction.code, "player": player}
    if sanction.variable:
        top = (sanction.maximum or 30) // 3
        entry["points"] = 3 * rng.randint(1, top)
    return entry
