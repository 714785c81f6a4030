"""A table's seats and labels: who sits where, who plays which deal.

Two names for each seat: the **label** (``unique_labels`` of the players'
names: "Jan de Vries", "Jan de Vries (2)"), the key a deal record names the
player by as the form posts it, the API exchanges it and the services score
it; and the **name as shown** (``tournaments.people``: "Jan de Vries
(1956)"), which every page and summary shows. A label is never shown.
"""

from dataclasses import dataclass
from functools import cached_property

from scoring.pipeline import deal_players
from scoring.records import by_name
from tournaments.dealing import BLIND_LABEL, shown_name, unique_labels
from tournaments.models import Entry, Seat, TableRound
from tournaments.people import ENTRY_FIELDS, entries_shown


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
        """A stored record (players by seat) by the table's labels: what the
        form, the services and the API read and write."""
        return by_name(stored, self.labels) if stored else stored

    # -- what the pages show ----------------------------------------------
    @cached_property
    def names(self) -> dict[str, str]:
        """{label: the name as shown to the asker}, told apart across the
        event as every page tells them apart (``tournaments.people``); the
        blind man's hand by its translated name."""
        if not self.seats:
            return {}
        event = Entry.objects.filter(tournament_id=self.seats[0].entry.tournament_id)
        shown = entries_shown(event.values_list(*ENTRY_FIELDS))
        names = {
            label: shown.get(seat.entry_id, label)
            for seat, label in zip(self.seats, self.labels, strict=True)
        }
        return {**names, BLIND_LABEL: str(shown_name(BLIND_LABEL))}

    def shown(self, label: str) -> str:
        """The name shown for a label (a label it does not know as typed)."""
        return self.names.get(label, label)

    def name_of(self, position: int) -> str:
        """The name shown for the player in seat ``position``."""
        return self.shown(self.label_of(position))

    @property
    def shown_seats(self) -> list[tuple[int, str]]:
        """(position, name shown) of every seat, in seat order."""
        return [(s.position, self.name_of(s.position)) for s in self.seats]

    @property
    def shown_names(self) -> list[str]:
        """The names shown, in seat order (a grid's headers)."""
        return [name for _position, name in self.shown_seats]

    def shown_record(self, stored: dict) -> dict:
        """A stored record with every player by the name shown: for a
        summary, never to score or store."""
        if not stored:
            return stored
        return by_name(stored, unique_labels(self.shown_names))


def table_view(table: TableRound) -> TableView:
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    return TableView(table, seats)
