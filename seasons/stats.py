"""A player's statistics and a season's numbers, from deal rows. Pure.

The rows are what ``scoring.rowsource`` yields (``deal_rows``,
``events_deal_rows``); a player's rows come tagged by ``by_player`` with the
player's ``seat`` and ``points``. Whether a play was made, its trick target
and the sanction points are what the rules stored, so nothing here decides a
rule: it counts and adds up.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from seasons.ranking import Cell


@dataclass
class Tally:
    """How often a contract was played and made, and by how many tricks."""

    times: int = 0
    made: int = 0
    over: int = 0  # overtricks, summed over the made plays with a target
    under: int = 0  # undertricks, summed over the failed plays with a target

    @property
    def percent(self) -> int | None:
        """Made as a whole percentage, None when never played."""
        return round(100 * self.made / self.times) if self.times else None

    def add(self, play: Mapping) -> None:
        self.times += 1
        made, tricks, target = play.get("made"), play.get("tricks"), play.get("target")
        self.made += bool(made)
        if target is None or not isinstance(tricks, int) or made is None:
            return
        if made:
            self.over += max(tricks - target, 0)
        else:
            self.under += max(target - tricks, 0)


@dataclass
class ContractLine:
    code: str
    name: str
    tally: Tally = field(default_factory=Tally)


@dataclass
class PartnerLine:
    """Deals one partner and the player played a contract together: as
    declarer and partner, either way round."""

    key: Hashable
    name: str
    times: int = 0
    made: int = 0
    points: int = 0  # the player's points in those deals

    @property
    def percent(self) -> int | None:
        return round(100 * self.made / self.times) if self.times else None


@dataclass
class SanctionLine:
    code: str
    name: str
    times: int = 0
    points: int = 0  # what the sanctions cost, as charged (positive)


@dataclass
class PlayerStats:
    deals: int = 0  # deals played (not sitting out)
    points: int = 0
    declared: list[ContractLine] = field(default_factory=list)
    partnered: list[ContractLine] = field(default_factory=list)
    partners: list[PartnerLine] = field(default_factory=list)
    sanctions: list[SanctionLine] = field(default_factory=list)

    @property
    def declared_total(self) -> Tally:
        return _sum(line.tally for line in self.declared)

    @property
    def partnered_total(self) -> Tally:
        return _sum(line.tally for line in self.partnered)

    @property
    def sanction_count(self) -> int:
        return sum(s.times for s in self.sanctions)

    @property
    def sanction_points(self) -> int:
        return sum(s.points for s in self.sanctions)


def _sum(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for t in tallies:
        total.times += t.times
        total.made += t.made
        total.over += t.over
        total.under += t.under
    return total


def player_stats(
    rows: Iterable[Mapping], key_of: Callable[[int], Hashable] | None = None
) -> PlayerStats:
    """A player's statistics from their tagged deal rows. ``key_of(entry)``
    says who a partner is (a player id over a season); default the entry."""
    key_of = key_of or (lambda entry: entry)
    stats = PlayerStats()
    declared: dict[str, ContractLine] = {}
    partnered: dict[str, ContractLine] = {}
    partners: dict[Hashable, PartnerLine] = {}
    sanctions: dict[str, SanctionLine] = {}
    for row in rows:
        seat = row["seat"]
        stats.deals += seat != row.get("sits_out")
        stats.points += row["points"]
        at_table = {pos: (entry, name) for pos, entry, name in row["seats"]}
        for play in row.get("plays", []):
            if play.get("declarer") == seat:
                _line(declared, play).tally.add(play)
                other = play.get("partner")
            elif play.get("partner") == seat:
                _line(partnered, play).tally.add(play)
                other = play.get("declarer")
            else:
                continue
            if other in at_table:
                entry, name = at_table[other]
                line = partners.setdefault(
                    key_of(entry), PartnerLine(key_of(entry), name)
                )
                line.times += 1
                line.made += bool(play.get("made"))
                line.points += row["points"]
        for (code, name, _label, points), who in zip(
            row.get("sanction_rows", []), row.get("sanction_seats", []), strict=False
        ):
            if who == seat:
                line = sanctions.setdefault(code, SanctionLine(code, name))
                line.times += 1
                line.points += points or 0
    stats.declared = _by_count(declared.values(), lambda c: (c.tally.times, c.name))
    stats.partnered = _by_count(partnered.values(), lambda c: (c.tally.times, c.name))
    stats.partners = _by_count(partners.values(), lambda p: (p.times, p.name))
    stats.sanctions = _by_count(sanctions.values(), lambda s: (s.times, s.name))
    return stats


def _line(lines: dict[str, ContractLine], play: Mapping) -> ContractLine:
    code = str(play.get("code", ""))
    return lines.setdefault(code, ContractLine(code, str(play.get("name", code))))


def _by_count(items, key) -> list:
    """Most often first, then by name: a stable, deterministic order."""
    return sorted(items, key=lambda item: (-key(item)[0], key(item)[1]))


@dataclass(frozen=True)
class TypedPart:
    """An evening (or a round) with tables typed as totals: ``typed`` of
    its ``tables`` have no deals to count."""

    number: int
    typed: int
    tables: int

    @property
    def whole(self) -> bool:
        """Every table of it typed as totals: no deal of it counted."""
        return self.typed == self.tables


@dataclass(frozen=True)
class Coverage:
    """What a statistic of deals counted, said beside it instead of
    leaving an evening out: ``deals`` counted from the deals of ``tables``
    tables played, of which ``typed`` were typed as totals and have no
    deals to count (``parts``: where)."""

    deals: int = 0
    tables: int = 0
    typed: int = 0
    parts: tuple[TypedPart, ...] = ()

    @property
    def numbers(self) -> list[int]:
        """The evenings (or rounds) with a table typed as totals."""
        return [part.number for part in self.parts]


def coverage(deals: int, tables: Iterable[tuple[int, bool]]) -> Coverage:
    """The ``Coverage`` of ``deals`` counted at ``tables`` [(evening or
    round number, typed as totals)], one pair per table played."""
    played: Counter[int] = Counter()
    typed: Counter[int] = Counter()
    for number, is_typed in tables:
        played[number] += 1
        typed[number] += is_typed
    parts = tuple(TypedPart(n, typed[n], played[n]) for n in sorted(played) if typed[n])
    return Coverage(deals, sum(played.values()), sum(typed.values()), parts)


def running(values: Sequence[float | None]) -> list[float]:
    """Running totals; a step without a value (absent, a bye) adds nothing."""
    out, total = [], 0
    for value in values:
        total += value or 0
        out.append(total)
    return out


def ranking_build_up(cells: Sequence[Cell | None], average: bool) -> list[float]:
    """The season's ranking figure built up evening by evening from the
    evenings that count (a dropped or unplayed evening adds nothing): the
    last value is the ranking total. ``average``: points per deal of the
    counted evenings so far, as the average method counts."""
    out: list[float] = []
    points, deals, total = 0, 0, 0
    for cell in cells:
        if cell is not None and not cell.dropped:
            points += cell.points
            deals += cell.deals
            total += cell.value
        figure = (points / deals if deals else 0) if average else total
        out.append(round(figure, 2) if isinstance(figure, float) else figure)
    return out


def points_by(rows: Iterable[Mapping], key: str) -> dict[Hashable, int]:
    """A player's tagged rows' points summed per ``row[key]`` (round, event)."""
    out: dict[Hashable, int] = defaultdict(int)
    for row in rows:
        out[row[key]] += row["points"]
    return dict(out)


@dataclass(frozen=True)
class CommonContract:
    code: str
    name: str
    times: int
    percent: int  # of all the season's plays


@dataclass(frozen=True)
class BigScore:
    """One of the season's biggest deals: who scored (or lost) the most."""

    points: int
    name: str
    contract: str
    event: Hashable
    round: int
    table: int
    deal: int


@dataclass
class SeasonNumbers:
    deals: int = 0
    plays: int = 0
    contracts: list[CommonContract] = field(default_factory=list)
    biggest: list[BigScore] = field(default_factory=list)


def season_numbers(rows: Iterable[Mapping], top: int = 5) -> SeasonNumbers:
    """Deals played, the ``top`` most common contracts and the ``top``
    biggest scores (one per deal: the seat with the most points either way)."""
    numbers = SeasonNumbers()
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    big: list[tuple] = []
    for order, row in enumerate(rows):
        numbers.deals += 1
        for play in row.get("plays", []):
            code = str(play.get("code", ""))
            counts[code] += 1
            names.setdefault(code, str(play.get("name", code)))
        seat, points = _biggest_seat(row)
        if seat is not None:
            name = next((n for pos, _e, n in row["seats"] if pos == seat), "?")
            score = BigScore(
                points,
                name,
                row["contract"],
                row.get("event"),
                row["round"],
                row["table"],
                row["deal"],
            )
            big.append((-abs(points), order, score))
    numbers.plays = sum(counts.values())
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], names[kv[0]], kv[0]))
    numbers.contracts = [
        CommonContract(c, names[c], n, round(100 * n / numbers.plays))
        for c, n in ranked[:top]
    ]
    numbers.biggest = [score for *_k, score in sorted(big, key=lambda b: b[:2])[:top]]
    return numbers


def _biggest_seat(row: Mapping) -> tuple[int | None, int]:
    """(seat, points) with the largest absolute score of a deal; the first
    seat wins a tie; (None, 0) for a deal that moved no points."""
    best, points = None, 0
    for pos, _entry, _name in row["seats"]:
        score = row["scores"][pos - 1] if pos - 1 < len(row["scores"]) else 0
        if abs(score) > abs(points):
            best, points = pos, score
    return best, points
