"""What one player's public page shows, from the one row source.

A player on a phone wants: where am I (rank, total), how did each round go
(table, opponents, subtotal, a bye or a substitute marked) and every deal I
played with its contract and points. All of it comes from
``standings_rows`` and ``deal_rows``; nothing is added up here that the row
source does not already add up (``by_player`` keeps the running total).
"""

from dataclasses import dataclass, field

from rules.engine.penalty_points import KEY
from scoring.rowsource import (
    BYE_MARK,
    by_player,
    deal_rows,
    standings_rows,
    table_seats,
)
from scoring.table_result import TYPED, event_table_results, with_typed
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
    #: The penalty points, when the rule set shows them (None otherwise).
    penalty_points: int | float | None = None
    #: The total is normalised: not the sum of ``by_round`` (``legends``).
    normalised: bool = False
    #: What the standing says beside its numbers (``RowSet.legends``).
    legends: list[str] = field(default_factory=list)


@dataclass
class PlayerRound:
    number: int
    table: int | None = None
    opponents: list[str] = field(default_factory=list)
    points: int | None = None
    bye: bool = False
    deals: list[dict] = field(default_factory=list)
    typed: bool = False  # the table's totals typed from the paper sheet, no deals


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
            penalty_points=row.get(KEY),
            normalised=row["normalised"],
            legends=rowset.legends,
        )
    return out


def player_rounds(
    tournament: Tournament,
    entry_id: int,
    rounds: list[int],
    standing: PlayerStanding | None,
) -> list[PlayerRound]:
    """One ``PlayerRound`` per public round: where the player sat, against
    whom (the table's result, ``scoring.table_result``: a table typed as
    totals too), the subtotal and the deals (each with ``points`` and the
    running ``total`` over the event, which goes on through a round typed as
    totals)."""
    if not rounds:
        return []
    results = event_table_results(
        tournament, rounds=rounds, entry_ids=[entry_id], with_deals=False
    )
    seats = table_seats(tournament, entry_id=entry_id)
    rows = deal_rows(tournament, round_numbers=rounds, entry_id=entry_id)
    out = {n: PlayerRound(n) for n in rounds}
    for result in results:
        item = out[result.round]
        item.table, item.typed = result.table, result.typed
        item.opponents = [n for _p, e, n in seats.get(result.id, []) if e != entry_id]
    merged = with_typed(rows, results, seats)
    for row in by_player(merged, {entry_id}).get(entry_id, []):
        if not row.get(TYPED):
            out[row["round"]].deals.append(row)
    if standing is not None:
        for number, item in out.items():
            item.points = standing.by_round.get(number)
            item.bye = number in standing.byes
    return [out[n] for n in rounds]
