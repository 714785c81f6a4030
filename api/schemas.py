"""The API's typed answers (pydantic, through ninja's ``Schema``).

The same classes serialize every answer and generate the OpenAPI document
(``/api/v1/openapi.json``), so the document cannot drift from what is sent.
Numbers are as the public pages show them: the row source's totals, never
added up again here. Names are as the public may see them
(``tournaments.people``), given by the row source; the token routes
(``api.write``) name a table's players in full, for the TD's app.
"""

from datetime import date
from typing import Any, Literal

from ninja import Schema
from pydantic import Field

Number = int | float


class ErrorItem(Schema):
    code: str = Field(description="A fixed word a program can test.")
    message: str = Field(description="The same in words, for a person.")


class Errors(Schema):
    """Every error answer of the read routes, and of anything else under
    ``/api/`` (400, 404, 405, 413, 422, 429, 500, 503: ``api.errors``)."""

    errors: list[ErrorItem]


class ClubRef(Schema):
    id: int
    name: str


class Club(ClubRef):
    city: str
    url: str = Field(description="The club's public page.")


class SeasonRef(Schema):
    slug: str
    name: str
    season: str = Field(description='The season\'s label, e.g. "2026-2027".')
    club: ClubRef
    evening_count: int = Field(description="Evenings made so far.")
    last_date: date | None = Field(description="The date of the last evening.")
    closed: bool


class ClubDetail(Club):
    seasons: list[SeasonRef]


class ClubList(Schema):
    clubs: list[Club]


class SeasonList(Schema):
    seasons: list[SeasonRef]


class Evening(Schema):
    number: int
    date: date | None
    name: str
    event: str = Field(description="The evening's event code (``/events/{slug}/``).")
    prize_evening: bool
    has_results: bool = Field(
        description="Some of its rounds are public: a column of the ranking."
    )


class SeasonCell(Schema):
    evening: int
    value: Number = Field(description="What the evening adds to the season total.")
    points: Number = Field(description="The points scored that evening.")
    deals: int
    played: bool = Field(description="False: a missed evening filled in.")
    dropped: bool = Field(description="Not among the evenings that count.")


class SeasonRow(Schema):
    rank: int | None
    player: str = Field(description="The player's public identifier.")
    name: str
    club: str
    total: Number
    played: int = Field(description="Evenings played.")
    qualified: bool = Field(description="False: too few evenings, not ranked.")
    prize: str = Field(description='The prize in words, e.g. "prize 1", or "".')
    newcomer: bool
    cells: list[SeasonCell]
    penalty_points: Number | None = Field(
        None,
        description=(
            "Penalty points, when the season's rule set shows its standings so: "
            "the leader's total less this row's (the leader 0, lowest first). "
            "None otherwise, and for a row not ranked."
        ),
    )


class SeasonDetail(SeasonRef):
    method: str = Field(description="sum, average or placement.")
    order: str = Field(description="high or low wins.")
    best_of: int | None
    min_evenings: int
    evenings: list[Evening]
    ranking: list[SeasonRow]
    legends: list[str] = Field(
        default_factory=list,
        description=(
            "What a reader shows beside the ranking, in the page's language: "
            "what penalty points are, when the season shows them."
        ),
    )


class Event(Schema):
    slug: str
    name: str
    date: date
    venue: str
    planned_rounds: int
    public_rounds: list[int] = Field(description="The rounds whose results show.")
    url: str = Field(description="The event's public standings page.")


class EventList(Schema):
    events: list[Event]


class PublicRound(Schema):
    number: int
    corrected: bool = Field(description="Changed after it was published.")
    correction: str = Field(description="Why, in the TD's words, or empty.")


class EventDetail(Event):
    method: str = Field(description="points or placement.")
    tiebreaks: list[str]
    finished: bool = Field(description="Every round is there and public.")
    rounds: list[PublicRound] = Field(description="The rounds the public sees.")


class Column(Schema):
    key: str
    label: str
    numeric: bool


class RoundPoints(Schema):
    round: int
    points: Number | None
    bye: bool = Field(description="Scored by the bye rule, the round sat out.")


class StandingRow(Schema):
    rank: int | None = Field(description="None: not ranked (a substitute).")
    entry: int
    player: str | None = Field(
        description="The public identifier (``/players/{id}/``), when shown."
    )
    name: str
    club: str
    rounds: list[RoundPoints]
    points: Number | None = Field(description="Total points.")
    penalty_points: Number | None = Field(
        None,
        description=(
            "Penalty points, when the event's rule set shows its standings so: "
            "the leader's total less this row's (the leader 0, lowest first). "
            "None otherwise, and for a row without a rank."
        ),
    )
    values: dict[str, Number | None] = Field(
        description="The ranking's columns by key (see ``columns``)."
    )
    deals_played: int | None
    withdrawn: bool
    notes: str
    normalised: bool = Field(
        False,
        description=(
            "The total is normalised (tables of five: points per deal played "
            "× the deals of the rounds played), so it is not the sum of "
            "``rounds``; ``legends`` says so in words."
        ),
    )


class Standings(Schema):
    event: str
    rounds: list[int]
    columns: list[Column]
    rows: list[StandingRow]
    normalised: bool = Field(
        False, description="Some row's total is normalised (see ``legends``)."
    )
    legends: list[str] = Field(
        default_factory=list,
        description=(
            "What a reader shows beside the table, in the page's language: "
            "why a normalised total is not the sum of its rounds, what "
            "penalty points are."
        ),
    )


class TableSeat(Schema):
    position: int
    entry: int
    name: str
    club: str
    points: Number | None
    deals_played: int | None


class Sanction(Schema):
    deal: int
    text: str


class RoundTable(Schema):
    table: int
    seats: list[TableSeat]
    sanctions: list[Sanction]
    entered: Literal["nothing", "deals", "totals", "both"] = Field(
        "deals",
        description=(
            "How the table's result came in: deal by deal, as each player's "
            "total typed from the paper sheet (no deals), or both (typed "
            "totals, then the deals, which add up to them). A table typed as "
            "totals is played: its seats' points count."
        ),
    )
    deals: int = Field(0, description="Deals entered one by one (0 for typed totals).")


class RoundResults(Schema):
    event: str
    round: int
    corrected: bool
    correction: str
    tables: list[RoundTable]
    byes: list[str] = Field(description="Names of those sitting the round out.")


class PlayerEvent(Schema):
    event: str
    name: str
    date: date
    entry: int
    rank: int | None
    of: int = Field(description="Players ranked.")
    total: Number | None
    rounds: list[RoundPoints]
    notes: str


class PlayerResults(Schema):
    player: str
    name: str
    club: str
    events: list[PlayerEvent]


# -- the token routes (api.write) -------------------------------------------------
class WriteError(Schema):
    code: str = Field(description="A fixed word a program can test.")
    field: str = Field(
        "",
        description=(
            "The part of the request it is about: a header, a body field, "
            "or ``record.…`` inside the deal; empty for the request as a whole."
        ),
    )
    message: str = Field(description="The same in words, for a person.")


class WriteErrors(Schema):
    """Every refusal of a token route (docs/api.md, "Refusals")."""

    errors: list[WriteError]
    version: int | None = Field(
        None, description="With ``stale``: the version of the deal stored now."
    )


class DealStored(Schema):
    round: int
    table: int
    deal: int
    version: int = Field(description="Send it as ``expected_version`` to correct.")
    record: dict[str, Any] = Field(
        description="The deal record as stored (docs/deal-record.md), players "
        "by the table's names."
    )
    scores: dict[str, int] = Field(
        description="Every seat's score by name; they sum to zero."
    )


class DealTableSeat(Schema):
    seat: int
    name: str = Field(description="The name a deal record gives this player.")
    shown: str = Field(
        description=(
            "The name the TD's pages show for this player (namesakes told "
            "apart by birth year, club or number): to show, never to send."
        )
    )


class DealPlayers(Schema):
    deal: int
    players: list[str] = Field(description="Who plays the deal, in seat order.")
    sitting_out: str | None = Field(description="The dealer sitting out, at five.")
    blind: str | None = Field(description='"Blinde" at a table of three, else null.')
    version: int | None = Field(description="The stored deal's version, or null.")


class DealTable(Schema):
    round: int
    table: int
    rules: str
    closed: bool
    seats: list[DealTableSeat]
    deals: list[DealPlayers]
