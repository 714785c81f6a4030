"""The season's seating: earlier evenings count when an evening is seated,
and the TD sees the season's repeat meetings against the lower bound."""

from collections import Counter
from dataclasses import dataclass

from seasons.models import Competition, Evening
from tournaments.history import Tables, provide
from tournaments.models import Entry, Seat
from tournaments.seating.repeats import count_repeats, counting_bound


def _tables(seats) -> list[list[list[int]]]:
    """Seats (round key, table key, player) in order → rounds of tables."""
    rounds: dict = {}
    for round_key, table_key, player in seats:
        rounds.setdefault(round_key, {}).setdefault(table_key, []).append(player)
    return [list(tables.values()) for _k, tables in sorted(rounds.items())]


@provide
def earlier_evenings(tournament) -> Tables:
    """The season's earlier evenings' tables in this event's entry ids
    (players not entered tonight are left out): two queries."""
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
        .order_by(
            "table__round__tournament__evening__number",
            "table__round__number",
            "table__number",
            "position",
        )
        .values_list(
            "table__round__tournament__evening__number",
            "table__round__number",
            "table_id",
            "entry__player_id",
        )
    )
    mapped = (((e, r), t, entry_of[p]) for e, r, t, p in seats if p in entry_of)
    return [[t for t in tables if len(t) > 1] for tables in _tables(mapped)]


@dataclass
class SeasonRepeats:
    repeats: int
    lower_bound: int
    rounds: int
    players: int
    five_duty: dict[int, int]  # player: times at a table of five


def season_repeats(competition: Competition) -> SeasonRepeats:
    """How often players met again over the season, against the bound no
    seating can beat for the same tables (one query)."""
    seats = list(
        Seat.objects.filter(table__round__tournament__evening__competition=competition)
        .order_by("table__round_id", "table_id", "position")
        .values_list("table__round_id", "table_id", "entry__player_id")
    )
    rounds = _tables(seats)
    slots: Counter = Counter()
    five: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for player in table:
                slots[player] += len(table) - 1
                five[player] += len(table) == 5
    return SeasonRepeats(
        repeats=count_repeats(rounds),
        lower_bound=counting_bound(slots.values(), len(slots)),
        rounds=len(rounds),
        players=len(slots),
        five_duty=dict(five),
    )
