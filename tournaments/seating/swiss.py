"""Swiss rounds: tables of players close in the standings, no repeat meetings.

Meeting twice costs more than any rank distance at a table (distance weight
|rank a - rank b| / 3n per pair), so repeats are avoided first and the rank
spread is made as small as the search finds within the budget.
"""

from collections.abc import Hashable, Mapping, Sequence

from .engine import Options, Player, Round, SeatingResult, run


def next_round_swiss(
    standings_order: Sequence[Player],
    history: Sequence[Round],
    *,
    seed: int = 0,
    time_limit: float = 10.0,
    byes: bool = False,
    avoid_pairs: Sequence[tuple[Player, Player]] = (),
    fixed_tables: Mapping[Player, int] | None = None,
    clubs: Mapping[Player, Hashable] | None = None,
    keep_apart: Sequence[tuple[Player, Player]] = (),
    deals_per_round: int = 0,
    threes: bool = False,
    threes_for_fives: bool = False,
) -> SeatingResult:
    """One round for ``standings_order`` (leader first); ``rank_spread`` per table."""
    options = Options(
        seed=seed,
        time_limit=time_limit,
        byes=byes,
        history=history,
        avoid_pairs=avoid_pairs,
        fixed_tables=fixed_tables or {},
        ranks={p: i for i, p in enumerate(standings_order)},
        clubs=clubs or {},
        keep_apart=keep_apart,
        deals_per_round=deals_per_round,
        threes=threes,
        threes_for_fives=threes_for_fives,
    )
    return run(list(standings_order), 1, options)
