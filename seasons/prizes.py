"""Who wins what, pure: a club's prize table applied to a ranked list.

A prize table (``PrizeTable``) names how many places win a prize, whether
the best newcomer and the last place (the booby prize, "poedelprijs") win
one. The same table serves one evening and the whole season. A player wins
at most one prize: a newcomer in the top places keeps that place's prize and
the newcomer prize goes to the next newcomer.
"""

from dataclasses import dataclass

TOP, NEWCOMER, BOOBY = "top", "newcomer", "booby"


@dataclass(frozen=True)
class PrizeTable:
    top: int = 3
    newcomer: bool = False
    booby: bool = False

    @classmethod
    def of(cls, data: dict | None) -> "PrizeTable":
        data = data or {}
        return cls(
            top=max(0, int(data.get("top", 3))),
            newcomer=bool(data.get("newcomer", False)),
            booby=bool(data.get("booby", False)),
        )

    def as_dict(self) -> dict:
        return {"top": self.top, "newcomer": self.newcomer, "booby": self.booby}


@dataclass(frozen=True)
class Prize:
    kind: str
    place: int  # 1.. for TOP; 0 for the others


def award(
    ranked: list[tuple[int, int | None]],
    table: PrizeTable,
    newcomers: frozenset[int] = frozenset(),
) -> dict[int, Prize]:
    """{player: prize} for ``ranked`` [(player, rank or None)] in ranking
    order; unranked players win nothing. Tied players at the last prize
    place all win it."""
    prizes: dict[int, Prize] = {}
    ranked = [(p, r) for p, r in ranked if r is not None]
    for player, rank in ranked:
        if rank <= table.top:
            prizes[player] = Prize(TOP, rank)
    if table.newcomer:
        first = next(
            (p for p, _r in ranked if p in newcomers and p not in prizes), None
        )
        if first is not None:
            prizes[first] = Prize(NEWCOMER, 0)
    if table.booby and ranked:
        last_rank = ranked[-1][1]
        for player, rank in ranked:
            if rank == last_rank and player not in prizes:
                prizes[player] = Prize(BOOBY, 0)
    return prizes
