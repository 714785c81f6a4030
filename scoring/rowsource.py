"""One row source per export: header plus row dicts, shared by the HTML
tables, XLSX and PDF adapters. Loads in a constant number of queries.
"""

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from operator import add

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules.engine.types import Kind
from scoring import legends
from scoring.models import Deal
from scoring.penalty_rows import add_penalty_points
from scoring.pipeline import sanctions_charged
from scoring.records import by_name
from scoring.services import standings_for
from scoring.services.ranking import seated_entries
from scoring.table_result import Entered, TableResult, round_table_results
from tournaments.dealing import (
    BLIND_LABEL,
    blind_position,
    chairs,
    dealer_position,
    shown_name,
    sitting_out,
    unique_labels,
)
from tournaments.models import Bye, Entry, Seat, TableRound, Tournament
from tournaments.people import entry_names, event_names, in_name_order, is_public
from tournaments.ranking import METRICS, chain
from tournaments.visibility import public_rounds_q


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    numeric: bool = False


@dataclass
class RowSet:
    """Columns and row dicts. An event's standing (``standings_rows``) is
    one: the one read model every reader of it formats (pages, hall screen,
    PDF, XLSX, API, mails), with what it must say beside its numbers."""

    columns: list[Column]
    rows: list[dict]
    #: The key of the ranking's own total ("points", or "placement").
    primary: str = "points"
    #: Some total is normalised (tables of five): not the sum of its rounds;
    #: each such row says so too (``row["normalised"]``).
    normalised: bool = False
    #: The rows carry penalty points (``row["penalty_points"]``).
    penalty_points: bool = False
    #: Lines every reader prints with the table, in the active language
    #: (``scoring.legends``): the normalisation, the penalty points.
    legends: list[str] = field(default_factory=list)


#: An event's standing: the read model (``standings_rows``).
Standing = RowSet


#: The columns deal rows offer, labelled once for every adapter (web tables,
#: XLSX, PDF) that shows them: take a label from here (``deal_labels``),
#: never write it again.
DEAL_COLUMNS = {
    c.key: c
    for c in (
        Column("round", _("Round"), True),
        Column("table", _("Table"), True),
        Column("seat", _("Seat"), True),
        Column("player", _("Player")),
        Column("deal", _("Deal"), True),
        Column("dealer", _("Dealer")),
        Column("contract", _("Contract")),
        Column("codes", _("Code")),
        Column("declarer", _("Declarer")),
        Column("partner", _("Partner")),
        Column("tricks", _("Tricks")),
        Column("queen_of_spades", _("Queen of spades")),
        Column("last_trick", _("Last trick")),
        Column("sanctions", _("Sanctions")),
        Column("note", _("Note")),
        Column("points", _("Points"), True),
        Column("total", _("Total"), True),
    )
}


def deal_labels(*keys: str) -> list[str]:
    """The labels of ``keys`` in the active language."""
    return [str(DEAL_COLUMNS[k].label) for k in keys]


def add_up(totals: list[int], scores) -> list[int]:
    """The running totals after one more deal, place by place: the one place
    a running total is added (a table-round's seats in ``deal_rows``, an
    entry's over the event in ``player_deals``, the entry screen's grid).
    The sheets, cards and workbook read those; they add nothing again."""
    return list(map(add, totals, scores))


def counts_for_seat(position: int, sits_out: int | None, score: int) -> bool:
    """Whether a seat took part in a deal's score: it played, or it sat the
    deal out as dealer and was sanctioned (a forgotten turn-up card)."""
    return position != sits_out or score != 0


def standings_rows(
    tournament: Tournament, up_to_round: int | None = None, public: bool = False
) -> RowSet:
    """Rank, player, club, points per round, total and the tie-break columns;
    the penalty points when the rule set shows them, and the ``legends``
    that explain a normalised total and the penalty points: an event's
    standing, as every reader shows it."""
    rows, names, numbers = standings_for(tournament, up_to_round, public)
    names = as_asked(tournament, names)
    entries = seated_entries(tournament).values_list(
        "id", "player__club__name", "status", "withdrawn_after", "club_name",
        "guest", "seated",
    ).order_by()  # fmt: skip
    clubs, withdrawn, guests, absent = {}, {}, set(), set()
    for entry_id, club, status, after, club_text, guest, seated in entries:
        clubs[entry_id] = club or club_text  # a list's club kept as text
        if status == "withdrawn":
            withdrawn[entry_id] = after
        if guest:
            guests.add(entry_id)
        if not seated:  # still in the standings: absent players score here
            absent.add(entry_id)
    primary, *tiebreaks = chain(tournament.method, tournament.tiebreaks or None)
    apart = {row.player for row in rows if row.rank is None}
    columns = [
        Column("rank", _("Rank"), True),
        Column("name", _("Player")),
        Column("club", _("Club")),
        *[Column(f"r{n}", _("R%(n)s") % {"n": n}, True) for n in numbers],
        Column(primary, METRICS[primary].name, True),
        *[Column(k, METRICS[k].name, True) for k in tiebreaks if k != "points"],
        Column("deals_played", _("Deals played"), True),
    ]
    if any(row.sat_out for row in rows):  # an event with tables of five
        columns.append(Column("sat_out", _("Deals sat out"), True))
    if primary == "placement":
        columns.insert(len(numbers) + 3, Column("points", METRICS["points"].name, True))
    out = []
    for row in rows:
        item = {
            "entry": row.player,
            "rank": row.rank,
            "name": names.get(row.player, "?"),
            "club": clubs.get(row.player) or "",
            "marks": {f"r{n}": BYE_MARK for n in row.byes},
            "notes": _notes(
                row,
                row.player in apart,
                withdrawn,
                up_to_round,
                guest=row.player in guests,
                absent=row.player in absent,
            ),
            "withdrawn": row.player in withdrawn,
            "guest": row.player in guests,
            "absent": row.player in absent,
            "normalised": row.normalised,
        }
        for n in numbers:
            item[f"r{n}"] = row.by_round.get(n)
        for col in columns:
            if col.key in METRICS or col.key in ("deals_played", "sat_out"):
                item[col.key] = row.value(col.key)
        out.append(item)
    penalty = add_penalty_points(columns, out, primary, tournament.schedule)
    if any(item["notes"] for item in out):
        columns.append(Column("notes", _("Note")))
    normalised = any(row.normalised for row in rows)
    per_round = tournament.deals_per_round if normalised else None
    notes = legends.event_legends(per_round, penalty)
    return RowSet(columns, out, primary, normalised, penalty, notes)


#: The mark beside a round's points that a bye earned (legend: ``BYE_LEGEND``).
BYE_MARK = "v"
BYE_LEGEND = legends.BYE


def _notes(
    row,
    substitute: bool,
    withdrawn: dict | None = None,
    up_to: int | None = None,
    guest: bool = False,
    absent: bool = False,
) -> str:
    """ "guest", "absent", "withdrawn after round 2", "bye R2, R5" and
    "substitute (not ranked)", in words a player reads. Standings after a
    round the player still played say nothing of a withdrawal yet to come.
    A guest plays this evening only (no season ranking); an absent player
    is here only where absent players score (``standings_for``)."""
    parts = []
    if guest:
        parts.append(str(_("guest")))
    if absent:
        parts.append(str(_("absent")))
    if withdrawn and row.player in withdrawn:
        after = withdrawn[row.player]
        if not after:
            parts.append(str(_("withdrawn")))
        elif up_to is None or up_to >= after:
            parts.append(str(_("withdrawn after round %(n)s") % {"n": after}))
    if row.byes:
        rounds = ", ".join(str(_("R%(n)s") % {"n": n}) for n in sorted(row.byes))
        parts.append(str(_("bye %(rounds)s") % {"rounds": rounds}))
    if substitute:
        parts.append(str(_("substitute (not ranked)")))
    return "; ".join(parts)


def table_seats(
    tournament: Tournament,
    round_number: int | None = None,
    entry_id: int | None = None,
):
    """{table_id: [(position, entry_id, name)]} for the tournament, a round, or
    just the tables where ``entry_id`` sat."""
    seats = Seat.objects.filter(table__round__tournament=tournament)
    if round_number is not None:
        seats = seats.filter(table__round__number=round_number)
    if entry_id is not None:
        seats = seats.filter(table__seats__entry_id=entry_id)
    return _seats_by_table(seats)


def _seats_by_table(seats) -> dict[int, list]:
    """{table id: [(position, entry id, name)]} of a Seat queryset: two
    queries. The names as shown to the asker, told apart within each event
    (``tournaments.people``): the deal rows name the declarer, partner and
    offenders by these."""
    names = entry_names(Entry.objects.filter(pk__in=seats.values("entry_id")))
    by_table: dict[int, list] = defaultdict(list)
    for table_id, pos, entry_id in seats.values_list(
        "table_id", "position", "entry_id"
    ).order_by("table_id", "position"):
        by_table[table_id].append((pos, entry_id, names.get(entry_id, "?")))
    return by_table


def as_asked(tournament: Tournament, names: dict[int, str]) -> dict[int, str]:
    """``names`` ({entry: name}, the staff's, as ``standings_for`` gives
    them) as the asker may see them: the same dict for staff, the public
    forms for the public (in the same order, so a tie lists alike)."""
    if not is_public():
        return names
    shown_as = event_names(tournament)
    return {entry: shown_as.get(entry, "?") for entry in names}


def round_tables(tournament: Tournament, round_number: int) -> list[tuple[int, int]]:
    """``(id, number)`` of the round's tables in number order (none before
    the round is seated)."""
    return list(
        TableRound.objects.filter(
            round__tournament=tournament, round__number=round_number
        )
        .order_by("number")
        .values_list("id", "number")
    )


def round_byes(tournament: Tournament, round_number: int) -> list[str]:
    """Names of the players sitting out ``round_number`` whole, by name."""
    return byes_by_round(tournament, round_number).get(round_number, [])


def byes_by_round(
    tournament: Tournament, round_number: int | None = None
) -> dict[int, list[str]]:
    """{round number: names sitting out, by the name as shown} for the whole
    event (or one round): two queries."""
    byes = Bye.objects.filter(round__tournament=tournament)
    if round_number is not None:
        byes = byes.filter(round__number=round_number)
    names = event_names(tournament)
    out: dict[int, list] = defaultdict(list)
    for number, entry in byes.values_list("round__number", "entry_id"):
        out[number].append(entry)
    for number, entries in out.items():
        out[number] = [names[e] for e in in_name_order({e: names[e] for e in entries})]
    return out


def round_rows(tournament: Tournament, round_number: int) -> list[dict]:
    """One round's tables: {table, seats: [{position, entry, name, club,
    points, deals_played}], entered, deals, typed} in table and seat order:
    how each table's result came in and its deals entered are the table's
    result's (``scoring.table_result``: a table typed as totals is played,
    with no deals). Two queries and the names."""
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number=round_number
    ).order_by("table__number", "position")
    fields = ("table__number", "position", "entry_id",
              "entry__player__club__name", "points", "deals_played",
              "entry__status", "entry__club_name")  # fmt: skip
    rows = list(seats.values_list(*fields))
    shown = event_names(tournament)
    tables: dict[int, list[dict]] = {}
    for tno, pos, entry_id, club, points, played, status, text in rows:
        name = shown.get(entry_id, "?")
        if status == "substitute":
            name = str(_("%(name)s (substitute)") % {"name": name})
        tables.setdefault(tno, []).append(
            {
                "position": pos,
                "entry": entry_id,
                "name": name,
                "club": club or text,  # a list's club kept as text
                "points": points,
                "deals_played": played,
            }
        )
    results = {
        r.table: r
        for r in round_table_results(tournament, round_number, with_deals=False)
    }
    return [
        {"table": tno, "seats": rows, **_how_entered(results.get(tno))}
        for tno, rows in tables.items()
    ]


def _how_entered(result: TableResult | None) -> dict:
    """A round row's words on how the table's result came in."""
    if result is None:
        return {"entered": str(Entered.NOTHING), "deals": 0, "typed": False}
    return {
        "entered": str(result.entered),
        "deals": result.deals_entered,
        "typed": result.typed,
    }


def round_sanctions(
    tournament: Tournament, round_number: int
) -> dict[int, list[tuple[int, str]]]:
    """{table number: [(deal, sanction text)]}: the sanctions of one round,
    with the points charged (``sanction_points``), for the round's page. Two
    queries: the round's seats and its deals with a sanction."""
    seats = table_seats(tournament, round_number)
    deals = Deal.objects.filter(
        table__round__tournament=tournament,
        table__round__number=round_number,
        record__has_key="sanctions",
    ).order_by("table__number", "number")
    out: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for row in _rows(deals, seats, lambda _event: tournament.schedule):
        if row["sanction_text"]:
            out[row["table"]].append((row["deal"], row["sanction_text"]))
    return out


def deal_rows(
    tournament: Tournament,
    round_number: int | None = None,
    *,
    round_numbers: Iterable[int] | None = None,
    entry_id: int | None = None,
) -> Iterator[dict]:
    """Every deal, in round, table and deal order, with typed values:

    ``round``, ``table``, ``deal``, ``dealer`` and ``sits_out`` (seats),
    ``seats`` [(position, entry, label)], ``codes`` and ``contract`` (text),
    ``declarer`` and ``partner`` (labels joined by " + "), ``declarer_seats``
    and ``partner_seats`` (seats), ``tricks`` [int], ``queen_of_spades`` and
    ``last_trick`` (labels, schoppen mie), ``sanctions`` (codes),
    ``sanction_text`` (in words) and ``sanction_rows`` [(code, name, label,
    points charged)] with ``sanction_seats`` (the offenders' seats; per seat
    ``sanction_points``), ``jury`` [(seat, contract name)] approvals, ``scores`` and
    ``running`` (the table-round's running totals) per seat, ``record``
    (players by name). At a table of three ``blind`` is the blind man's
    chair (4; else None): ``scores`` and ``running`` hold the three seats,
    and the record and every column that names a player name its hand as
    people read it, "the blind man" translated (``_chairs``).

    ``round_numbers`` limits to those rounds; ``entry_id`` to the tables
    where that entry sat (a player page reads a few dozen deals, not all).
    """
    seats = table_seats(tournament, round_number, entry_id)
    deals = Deal.objects.filter(table__round__tournament=tournament)
    if round_number is not None:
        deals = deals.filter(table__round__number=round_number)
    if round_numbers is not None:
        deals = deals.filter(table__round__number__in=list(round_numbers))
    if entry_id is not None:
        deals = deals.filter(table__seats__entry_id=entry_id)
    deals = deals.order_by("table__round__number", "table__number", "number")
    yield from _rows(deals, seats, lambda _event: tournament.schedule)


def events_deal_rows(
    tournaments: Iterable[Tournament],
    *,
    entry_ids: Iterable[int] | None = None,
    public: bool = False,
    results: list[TableResult] | None = None,
) -> Iterator[dict]:
    """``deal_rows`` of several events at once (a club's season) in two
    queries whatever their number, in event, round, table and deal order.
    ``entry_ids`` limits to the tables where those entries sat; ``public`` to
    the rounds the public pages show (published, not among the hidden last).
    ``results``: those same tables' results, already loaded
    (``scoring.table_result``), whose seats then serve instead of a query."""
    events = {t.pk: t for t in tournaments}
    which = Q(table__round__tournament_id__in=list(events))
    if public:
        which &= public_rounds_q("table__round__")
    if entry_ids is not None:
        tables = Seat.objects.filter(entry_id__in=list(entry_ids)).values("table_id")
        which &= Q(table_id__in=tables)
    if results is None:
        seats = _seats_by_table(Seat.objects.filter(which))
    else:
        seats = seats_of(results)
    deals = Deal.objects.filter(which).order_by(
        "table__round__tournament__date",
        "table__round__tournament_id",
        "table__round__number",
        "table__number",
        "number",
    )
    yield from _rows(deals, seats, lambda e: events[e].schedule)


def seats_of(results: Iterable[TableResult]) -> dict[int, list]:
    """{table id: [(position, entry id, name)]} of tables' results, as
    ``_seats_by_table`` gives them: one query, for the names."""
    results = list(results)
    entries = {seat.entry for result in results for seat in result.seats}
    names = entry_names(Entry.objects.filter(pk__in=entries))
    return {
        result.id: [
            (seat.position, seat.entry, names.get(seat.entry, "?"))
            for seat in result.seats
        ]
        for result in results
    }


#: Kinds whose contract is made by reaching its target (not misère, piek or an
#: all-pass game): over- and undertricks count from that target.
TARGET_KINDS = frozenset({Kind.TEAM, Kind.SOLO, Kind.FIXED_SOLO})


def _plays(stored: dict, facts: dict | None, schedule) -> list[dict]:
    """Per play, by seat: ``code``, ``name``, ``declarer`` and ``partner``
    (seats), ``tricks``, ``made`` (as the facts stored it) and ``target``
    (the tricks to make, None where over- and undertricks mean nothing)."""
    made = [f.get("made") for f in (facts or {}).get("plays", [])]
    out = []
    for i, play in enumerate(stored.get("plays", [])):
        code = play.get("contract", "")
        contract = schedule.contracts.get(code) if isinstance(code, str) else None
        target = contract.target if contract and contract.kind in TARGET_KINDS else None
        out.append(
            {
                "code": code,
                "name": contract.name if contract else str(code),
                "declarer": play.get("declarer"),
                "partner": play.get("partner"),
                "tricks": play.get("tricks"),
                "made": made[i] if i < len(made) else None,
                "target": target,
            }
        )
    return out


def _rows(deals, seats: dict, schedule_of) -> Iterator[dict]:
    """The rows of ``deals`` (ordered), seated as ``seats`` {table: [(position,
    entry, name)]}; ``schedule_of(event id)`` is the event's schedule."""
    labels = {
        t: _chairs(unique_labels([n for _p, _e, n in s])) for t, s in seats.items()
    }
    fields = ("table_id", "table__round__tournament_id", "table__round__number",
              "table__number", "number", "record", "facts",
              "s1", "s2", "s3", "s4", "s5")  # fmt: skip
    names: dict[tuple, str] = {}  # contract names per event and codes
    running, current = [0] * 5, None
    for values in deals.values_list(*fields).iterator(chunk_size=2000):
        table_id, event, rnd, tno, number, stored, facts, *scores = values
        schedule = schedule_of(event)
        at_table = seats.get(table_id, [])
        size = len(at_table)
        record = by_name(stored, labels[table_id]) if at_table else stored
        blind = blind_position(size) if stored.get("blind") is not None else None
        plays = record.get("plays", [])
        codes = tuple(p.get("contract", "") for p in plays)
        if (key := (event, codes)) not in names:
            found = [schedule.contracts.get(c) for c in codes]
            names[key] = " + ".join(c.name for c in found if c) or str(_("Passed"))
        if table_id != current:
            running, current = [0] * 5, table_id
        running = add_up(running, scores)
        sanction_rows = _sanction_rows(record, facts, schedule)
        yield {
            "round": rnd,
            "table": tno,
            "deal": number,
            "dealer": dealer_position(size, number) if size else None,
            "sits_out": sitting_out(size, number) if size else None,
            "blind": blind,
            "seats": at_table,
            "codes": " + ".join(codes) or "-",
            "contract": names[key],
            "declarer": " + ".join(p["declarer"] for p in plays if "declarer" in p),
            "partner": " + ".join(p["partner"] for p in plays if "partner" in p),
            "declarer_seats": [
                p["declarer"] for p in stored.get("plays", []) if "declarer" in p
            ],
            "partner_seats": [
                p["partner"] for p in stored.get("plays", []) if "partner" in p
            ],
            "tricks": [p["tricks"] for p in plays if "tricks" in p],
            "queen_of_spades": _joined(plays, "queen_of_spades"),
            "last_trick": _joined(plays, "last_trick"),
            "sanctions": ", ".join(
                f"{s.get('code')} {s.get('player')}"
                for s in record.get("sanctions", [])
            ),
            "sanction_rows": sanction_rows,
            "sanction_text": sanction_text(sanction_rows),
            "jury": [
                (p.get("declarer", ""), _contract_name(schedule, p.get("contract")))
                for p in plays
                if p.get("jury") == "approved"
            ],
            "scores": scores[:size] if size else scores,
            "running": running[:size] if size else running,
            "record": record,
            "event": event,
            "plays": _plays(stored, facts, schedule),
            "sanction_seats": [s.get("player") for s in stored.get("sanctions", [])],
        }


def _chairs(labels: list[str]) -> list[str]:
    """A table's labels by chair: at a table of three the blind man's hand
    (chair 4) by the name people read, translated (``shown_name``)."""
    return chairs(labels, shown_name(BLIND_LABEL))


def _joined(plays: list[dict], key: str) -> str:
    """The players a field of the plays names, as "Anna + Bert"."""
    return " + ".join(p[key] for p in plays if key in p)


def sanction_text(sanction_rows: Iterable[tuple]) -> str:
    """Sanctions in the reader's language ("Straf: Anna (6)"), not as codes."""
    return "; ".join(
        str(_("%(sanction)s: %(player)s (%(points)s)"))
        % {"sanction": name, "player": player, "points": points}
        for _code, name, player, points in sanction_rows
    )


def _contract_name(schedule, code) -> str:
    contract = schedule.contracts.get(code) if isinstance(code, str) else None
    return contract.name if contract else str(code)


def _sanction_rows(record: dict, facts: dict, schedule) -> list[tuple]:
    """(code, name, label, points) per sanction, the points as charged to
    the offender (``sanctions_charged``: 4 for a dealer sitting out)."""
    points = sanctions_charged(record, facts)
    rows = []
    for s, pts in zip(record.get("sanctions", []), points, strict=False):
        sanction = schedule.sanctions.get(s.get("code", ""))
        name = sanction.name if sanction else s.get("code", "")
        rows.append((s.get("code", ""), name, s.get("player", ""), pts))
    return rows


def sanction_points(row: dict, seat: int) -> int:
    """The sanction points charged to ``seat`` in this deal row: what its
    sanctions cost that seat, the number the settlement charged (a dealer
    sitting out at a table of five pays 4 for a forgotten turn-up card, 1 to
    each of the four). The sheet, the pages, the workbook, the cards and the
    "fewest sanction points" tie-break (through the seat totals) all read
    this one number (``scoring.pipeline.sanctions_charged``)."""
    return sum(
        points
        for (_code, _name, _label, points), offender in zip(
            row["sanction_rows"], row["sanction_seats"], strict=False
        )
        if offender == seat
    )


def player_deals(
    rows: Iterable[dict], entry_ids=None, sat_out: bool = False
) -> Iterator[tuple]:
    """``(entry, row, seat, points, total)`` for every deal row an entry took
    part in (played, or sanctioned while sitting out), with the entry's
    running ``total`` over the event, added by ``add_up`` as every total is.
    ``sat_out``: every deal the entry sat out as dealer too (a card lists
    them, marked)."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0])
    for row in rows:
        for seat, entry_id, _name in row["seats"]:
            if entry_ids is not None and entry_id not in entry_ids:
                continue
            points = row["scores"][seat - 1]
            if not sat_out and not counts_for_seat(seat, row["sits_out"], points):
                continue
            totals[entry_id] = add_up(totals[entry_id], (points,))
            yield entry_id, row, seat, points, totals[entry_id][0]


def by_player(rows: Iterable[dict], entry_ids=None) -> dict[int, list[dict]]:
    """{entry: its deal rows, each with its ``seat``, ``points`` and the
    running ``total``} (``player_deals``)."""
    cards: dict[int, list[dict]] = defaultdict(list)
    for entry_id, row, seat, points, total in player_deals(rows, entry_ids):
        cards[entry_id].append({**row, "seat": seat, "points": points, "total": total})
    return cards


def tricks_text(tricks: list[int]) -> str:
    """Tricks of simultaneous plays as people write them: "0 + 1"."""
    return " + ".join(str(t) for t in tricks)
