"""The season's seating: earlier evenings count when an evening is seated
(their whole tables: repeat meetings and turns at a table of five), and the
TD sees the season's repeat meetings in the round page's words."""

from collections import Counter
from dataclasses import dataclass, field

from django.dispatch import receiver

from seasons.models import Competition, Evening
from tournaments.dealing import has_blind_man
from tournaments.history import Tables
from tournaments.models import Bye, Entry, Seat
from tournaments.questions import earlier_tables, in_a_series
from tournaments.seating.engine import history_bound, round_bound
from tournaments.seating.repeats import count_repeats
from tournaments.seating.tables import TablePlan
from tournaments.seating_outcome import season_sentence

#: A season's seats in the order they were played, and what is read of each:
#: (evening, partij, table, player).
IN_PLAY_ORDER = (
    "table__round__tournament__evening__number",
    "table__round__number",
    "table__number",
    "position",
)
SEAT_IN_SEASON = (
    "table__round__tournament__evening__number",
    "table__round__number",
    "table_id",
    "entry__player_id",
)


def _tables(seats) -> list[list[list[int]]]:
    """Seats (round key, table key, player) in order → rounds of tables."""
    rounds: dict = {}
    for round_key, table_key, player in seats:
        rounds.setdefault(round_key, {}).setdefault(table_key, []).append(player)
    return [list(tables.values()) for _k, tables in sorted(rounds.items())]


def absent(player_id: int) -> int:
    """The id an earlier evening's player not entered tonight has in the
    history: negative, so it never equals an entry id."""
    return -player_id


@receiver(in_a_series, dispatch_uid="seasons.is_evening")
def is_evening(sender, tournament, **kwargs) -> bool:
    """A season's evening: the round page speaks of the season's repeats."""
    return Evening.objects.filter(tournament_id=tournament.pk).exists()


@receiver(earlier_tables, dispatch_uid="seasons.earlier_evenings")
def earlier_evenings(sender, tournament, **kwargs) -> Tables:
    """The season's earlier evenings' tables, whole, in this event's entry
    ids; a member not entered tonight keeps a place under ``absent(player)``.
    Whole tables keep a table of five a table of five, so the turns at one
    count over the season, and the repeats the round page counts are the
    season's (``season_repeats``). Two queries."""
    evening = Evening.objects.filter(tournament_id=tournament.pk).first()
    if evening is None:
        return []
    entry_of = dict(
        Entry.objects.filter(tournament_id=tournament.pk).values_list("player_id", "pk")
    )
    seats = (
        Seat.objects.filter(
            table__round__tournament__evening__competition_id=evening.competition_id,
            table__round__tournament__evening__number__lt=evening.number,
        )
        .order_by(*IN_PLAY_ORDER)
        .values_list(*SEAT_IN_SEASON)
    )
    mapped = (((e, r), t, entry_of.get(p, absent(p))) for e, r, t, p in seats)
    return _tables(mapped)


@dataclass
class SeasonRepeats:
    repeats: int  # the season's repeat meetings, every partij seated so far
    lower_bound: int  # of them, what the last partij's seating could not avoid
    rounds: int
    players: int
    five_duty: dict[int, int]  # player: times at a table of five
    #: player: times at a table of three (with the blind man)
    three_duty: dict[int, int] = field(default_factory=dict)

    def sentence(self) -> str:
        """The round page's words for the same two numbers."""
        return season_sentence(self.repeats, self.lower_bound)


def season_repeats(competition: Competition) -> SeasonRepeats:
    """How often players met again over the season, and how many of those
    no seating of the last partij could avoid given the partijen before it
    (``history_bound``: the earlier repeats are played; the tables of five
    in turn can force more). The same two numbers the round page gives after
    seating that partij (two queries)."""
    seats = list(
        Seat.objects.filter(table__round__tournament__evening__competition=competition)
        .order_by(*IN_PLAY_ORDER)
        .values_list(*SEAT_IN_SEASON, "table__round_id")
    )
    rounds = _tables(((e, r), t, p) for e, r, t, p, _round in seats)
    slots: Counter = Counter()
    five: Counter = Counter()
    three: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for player in table:
                slots[player] += len(table) - 1
                five[player] += len(table) == 5
                three[player] += has_blind_man(len(table))
    repeats = count_repeats(rounds)
    # with byes the engine claims no floor for the round (``round_bound``)
    byes = bool(seats) and Bye.objects.filter(round_id=seats[-1][4]).exists()
    return SeasonRepeats(
        repeats=repeats,
        lower_bound=min(repeats, _last_bound(rounds, byes)),
        rounds=len(rounds),
        players=len(slots),
        five_duty=dict(five),
        three_duty=dict(three),
    )


def _last_bound(rounds, byes: bool = False) -> int:
    """``history_bound`` of the last partij after the ones before it, with
    its tables as they were (the engine's ``round_bound`` floor)."""
    if not rounds:
        return 0
    *before, last = rounds
    players = [p for t in last for p in t]
    floor = 0
    if before and not byes:
        sizes = [len(t) for t in last]
        plan = TablePlan(
            fours=sizes.count(4), fives=sizes.count(5), threes=sizes.count(3)
        )
        # the turns that go round: at tables of five, or of three
        odd = plan.odd or 5
        five = Counter(
            p for tables in before for t in tables if len(t) == odd for p in t
        )
        if len(sizes) == plan.fours + plan.fives + plan.threes and not (
            plan.fives and plan.threes
        ):
            floor = round_bound(before[-1], players, [five[p] for p in players], plan)
    return history_bound(before, [last], players, floor)
