"""What one player's public page shows, from the one row source.

A player on a phone wants: where am I (rank, total), how did each round go
(table, opponents, subtotal, a bye or a substitute marked) and every deal I
played with its contract and points. All of it comes from
``standings_rows`` and ``deal_rows``; nothing is added up here that the row
source does not already add up (``by_player`` keeps the running total).
"""

from dataclasses import dataclass, field

from scoring.rowsource import BYE_MARK, by_player, deal_rows, standings_rows
from tournaments.models import Tournament


@dataclass
class PlayerStanding:
    """The player's line of the standings, or None values when unranked."""

    rank: int | None = None
    of: int = 0
    total: int | float | None = None
    by_round: dict[int, int | None] = field(default_factory=dict)
    byes: set[int] = field(default_factory=set)
    notes: str = ""


@dataclass
class PlayerRound:
    number: int
    table: int | None = None
    opponents: list[str] = field(default_factory=list)
    points: int | None = None
    bye: bool = False
    deals: list[dict] = field(default_factory=list)


def standings_by_entry(tournament: Tournament) -> dict[int, PlayerStanding]:
    """{entry: its public standings line}: one computation serves every
    player page of a version (the caller keeps it)."""
    rowset = standings_rows(tournament, public=True)
    ranked = sum(1 for row in rowset.rows if row["rank"] is not None)
    out = {}
    for row in rowset.rows:
        rounds = {
            int(key[1:]): value
            for key, value in row.items()
            if key[:1] == "r" and key[1:].isdigit()
        }
        out[row["entry"]] = PlayerStanding(
            rank=row["rank"],
            of=ranked,
            total=row.get("points"),
            by_round=rounds,
            byes={int(k[1:]) for k, mark in row["marks"].items() if mark == BYE_MARK},
            notes=row["notes"],
        )
    return out


def player_rounds(
    tournament: Tournament,
    entry_id: int,
    rounds: list[int],
    standing: PlayerStanding | None,
) -> list[PlayerRound]:
    """One ``PlayerRound`` per public round: where the player sat, against
    whom, the subtotal and the deals (each with ``points`` and the running
    ``total`` over the event)."""
    if not rounds:
        return []
    rows = list(deal_rows(tournament, round_numbers=rounds, entry_id=entry_id))
    out = {n: PlayerRound(n) for n in rounds}
    for row in rows:
        item = out[row["round"]]
        if item.table is None:
            item.table = row["table"]
            item.opponents = [n for _p, e, n in row["seats"] if e != entry_id]
    for row in by_player(rows, {entry_id}).get(entry_id, []):
        out[row["round"]].deals.append(row)
    if standing is not None:
        for number, item in out.items():
            item.points = standing.by_round.get(number)
            item.bye = number in standing.byes
    return [out[n] for n in rounds]
