"""Deal records by seat: what a deal stores, and the names it shows.

A record as entered, exchanged or scored (deal-record.md) names its players.
The record a deal stores names them by their seat position (1–5) at the
table, so renaming a player never touches a deal: names are for display
only. ``by_seat`` turns a named record into the stored one, ``by_name`` the
other way, with the table's seat labels. In ``tricks_by_player`` the seat is
a string key ("2"), as JSON keys must be. Pure: no database.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tournaments.dealing import BLIND_LABEL, blind_position

#: Fields of a play that name a player.
PLAY_PLAYERS = ("declarer", "partner", "queen_of_spades", "last_trick")


def _convert(record: dict, person: Callable[[Any], Any], key: Callable) -> dict:
    out = dict(record)
    if isinstance(record.get("players"), list):
        out["players"] = [person(p) for p in record["players"]]
    if record.get("sitting_out") is not None:
        out["sitting_out"] = person(record["sitting_out"])
    if record.get("blind") is not None:
        out["blind"] = person(record["blind"])
    plays = []
    for play in record.get("plays", []):
        play = dict(play)
        for field in PLAY_PLAYERS:
            if field in play:
                play[field] = person(play[field])
        if isinstance(play.get("tricks_by_player"), dict):
            play["tricks_by_player"] = {
                key(p): n for p, n in play["tricks_by_player"].items()
            }
        plays.append(play)
    out["plays"] = plays
    if "sanctions" in record:
        out["sanctions"] = [
            {**s, "player": person(s["player"])} if "player" in s else dict(s)
            for s in record["sanctions"]
        ]
    return out


def by_seat(record: dict, seat_of: Mapping[str, int]) -> dict:
    """The named ``record`` with every player as a seat position."""
    return _convert(record, lambda p: seat_of[p], lambda p: str(seat_of[p]))


def by_name(stored: dict, labels: Sequence[str]) -> dict:
    """The stored record with every seat as its label (``labels[0]`` is seat 1;
    the blind man's chair at a table of three is ``BLIND_LABEL``)."""
    blind = blind_position(len(labels))

    def name(position):
        if blind is not None and int(position) == blind:
            return BLIND_LABEL
        return labels[int(position) - 1]

    return _convert(stored, name, name)


def seats_of(players: Sequence[str], positions: Sequence[int], out=None) -> dict:
    """{label: seat}: the deal's players in their seat order, and the dealer
    sitting out (``out`` = (label, seat))."""
    seat_of = dict(zip(players, positions, strict=True))
    if out is not None:
        seat_of[out[0]] = out[1]
    return seat_of
