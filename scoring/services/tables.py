"""A table's seats and labels: who sits where, who plays which deal."""

from dataclasses import dataclass

from scoring.pipeline import deal_players
from scoring.records import by_name
from tournaments.dealing import unique_labels
from tournaments.models import Seat, TableRound


@dataclass(frozen=True)
class TableView:
    """A table's seats (in position order) and their labels."""

    table: TableRound
    seats: list[Seat]

    @property
    def labels(self) -> list[str]:
        return unique_labels([s.entry.player.name for s in self.seats])

    def label_of(self, position: int) -> str:
        return self.labels[[s.position for s in self.seats].index(position)]

    def position_of(self, label: str) -> int | None:
        for seat, lab in zip(self.seats, self.labels, strict=True):
            if lab == label:
                return seat.position
        return None

    def players_for(self, deal_number: int) -> list[str]:
        return deal_players(self.labels, deal_number)[0]

    def sitting_out_for(self, deal_number: int) -> str | None:
        return deal_players(self.labels, deal_number)[1]

    def entry_of(self, label: str):
        pos = self.position_of(label)
        return next((s.entry for s in self.seats if s.position == pos), None)

    def named(self, stored: dict) -> dict:
        """A stored record (players by seat) as people read it."""
        return by_name(stored, self.labels) if stored else stored


def table_view(table: TableRound) -> TableView:
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    return TableView(table, seats)
