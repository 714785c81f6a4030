"""Paper score sheet against computed totals: which deals could explain a gap.

Pure: no database, no Django. Seats are positions 1–5; a deal's scores are a
list indexed by position − 1. The check lists *candidates*, not verdicts: the
TD looks at the named deals on the paper sheet and decides.

Kinds of suspect (the display layer translates them):

- ``sign``: the deal entered with the wrong sign (gap = −2 × deal, every seat);
- ``missing``: the sheet lacks the deal (gap = −deal, every seat);
- ``double``: the sheet counts the deal twice (gap = +deal, every seat);
- ``swapped``: two players' columns swapped at one deal on the sheet;
- ``swapped_totals``: two players' totals swapped on the sheet;
- ``player``: one player's line of one deal equals the gap (forgotten, added
  twice or with the wrong sign for that player alone).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Scores = Sequence[int]


@dataclass(frozen=True, slots=True)
class Suspect:
    kind: str
    deal: int | None
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SheetCheck:
    computed: dict[int, int]
    diffs: dict[int, int]  # sheet − computed, mismatching seats only
    suspects: list[Suspect] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diffs


def totals(deals: Mapping[int, Scores], seats: Sequence[int]) -> dict[int, int]:
    return {p: sum(scores[p - 1] for scores in deals.values()) for p in seats}


def check(deals: Mapping[int, Scores], sheet: Mapping[int, int]) -> SheetCheck:
    """Compare ``sheet`` totals (seat → points) with the sum of ``deals``."""
    seats = sorted(sheet)
    computed = totals(deals, seats)
    diffs = {p: sheet[p] - computed[p] for p in seats if sheet[p] != computed[p]}
    if not diffs:
        return SheetCheck(computed, {})
    gap = {p: diffs.get(p, 0) for p in seats}
    suspects = _whole_deal(deals, gap, seats)
    suspects += _swaps(deals, gap, seats, computed)
    explained = {s.deal for s in suspects}
    suspects += [s for s in _single_player(deals, diffs) if s.deal not in explained]
    return SheetCheck(computed, diffs, suspects)


def _whole_deal(deals, gap, seats) -> list[Suspect]:
    found = []
    mismatching = tuple(p for p in seats if gap[p])
    for number, scores in sorted(deals.items()):
        for kind, factor in (("sign", -2), ("missing", -1), ("double", 1)):
            if all(gap[p] == factor * scores[p - 1] for p in seats):
                found.append(Suspect(kind, number, mismatching))
                break
    return found


def _swaps(deals, gap, seats, computed) -> list[Suspect]:
    """Exactly two seats off, by opposite amounts: a swap on the sheet."""
    off = [p for p in seats if gap[p]]
    if len(off) != 2 or gap[off[0]] != -gap[off[1]]:
        return []
    a, b = off
    found = [
        Suspect("swapped", number, (a, b))
        for number, scores in sorted(deals.items())
        if scores[b - 1] - scores[a - 1] == gap[a]
    ]
    if computed[b] - computed[a] == gap[a]:
        found.append(Suspect("swapped_totals", None, (a, b)))
    return found


def _single_player(deals, diffs) -> list[Suspect]:
    found = []
    for p, diff in sorted(diffs.items()):
        for number, scores in sorted(deals.items()):
            score = scores[p - 1]
            if (score and score in (diff, -diff)) or -2 * score == diff:
                found.append(Suspect("player", number, (p,)))
    return found
