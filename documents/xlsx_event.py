"""The event as a spreadsheet, in the event's language.

Sheets: *Standings*; *Deals*, one row per deal; one sheet per round with a
row per player; *Notes* last, when the standings need words beside their
numbers (a normalised total, penalty points: the standing's ``legends``),
kept off the *Standings* sheet so that it sorts and filters as players only.
Layout of *Deals*: a fixed block per seat position 1–5 (player, points)
rather than one column per player, so the sheet stays at most 21 columns
wide at 400 players.

Every cell holds a value, no formula: a reader that does not calculate
(pandas, a phone's viewer) sees the totals, and they are the event's own
(byes, normalised tables), which a SUM would not redo. Each sheet has a frozen
header row, an autofilter, column widths and number formats.

A table of three (000, "Rikken for three players") has three players' points;
its deals name the blind man's hand as people read it ("de blinde"), in the
seat-4 block too, whose points stay empty: the blind man is never paid.

The package is written row by row by ``xlsx_package.Book`` (why not
openpyxl's write-only mode: see there).
"""

from typing import NamedTuple

from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from documents import XLSX
from documents.xlsx_package import Book, column_letter
from scoring.rowsource import (
    byes_by_round,
    counts_for_seat,
    deal_labels,
    deal_rows,
    standings_rows,
    table_seats,
    tricks_text,
)
from scoring.table_result import by_round, event_table_results
from tournaments.dealing import BLIND_LABEL, shown_name

__all__ = ["column_letter", "workbook"]


def workbook(tournament) -> tuple[str, str, bytes]:
    """``(filename, content_type, bytes)`` of the whole event."""
    with translation.override(tournament.language):
        book = Book(tournament.name, formats.date_format(tournament.date))
        standings = standings_rows(tournament)
        names = max((len(r["name"]) for r in standings.rows), default=10)
        width = min(max(names, 10) + 2, 40)
        _standings(book, standings, width)
        seats = table_seats(tournament)
        per_round = _deals(book, tournament, width, seats)
        byes = byes_by_round(tournament)
        results = by_round(event_table_results(tournament, with_deals=False))
        tables = {number: found for (_event, number), found in results.items()}
        for number in sorted(set(tables) | set(byes)):
            round_ = RoundSheet(
                tables.get(number, []), per_round.get(number, {}), seats, byes[number]
            )
            _round(book, tournament, number, round_, width)
        _legends(book, standings)
        data = book.save()
    return f"{tournament.slug}.xlsx", XLSX, data


class RoundSheet(NamedTuple):
    """What a round's sheet shows: its tables' results, the deals' points
    {table: {deal: (sits out, scores)}}, the seats {table id: [(position,
    entry, name)]} and the names of those sitting it out."""

    results: list
    deals: dict
    seats: dict
    byes: list[str]


def _legends(book, standing) -> None:
    """The *Notes* sheet: a line for each of the standing's legends (why a
    total is not the sum of its rounds, what penalty points are); none when
    the standing has nothing to explain."""
    if not standing.legends:
        return
    with book.sheet(_("Notes"), [_("Note")], [110]) as ws:
        for line in standing.legends:
            ws.append([line])


def _standings(book, rowset, name_width: int) -> None:
    columns = rowset.columns
    clubs = max((len(r["club"]) for r in rowset.rows), default=0)
    width = {"name": name_width, "club": min(max(clubs, 8) + 2, 40), "notes": 30}
    with book.sheet(
        _("Standings"),
        [str(c.label) for c in columns],
        [width.get(c.key, 7) for c in columns],
    ) as ws:
        keys = [c.key for c in columns]
        for item in rowset.rows:
            ws.append([item.get(k) for k in keys])


def _deals(book, tournament, name_width: int, seats: dict) -> dict[int, dict]:
    """Write the *Deals* sheet; collect {round: {table: {deal: (sits out,
    scores)}}} on the way.

    One (player, points) block per seat position up to the event's largest
    table. No dealer column: seat ((deal − 1) mod table size) + 1 deals, and at
    a table of five the dealer is the seat without points. Schoppen mie names
    who took the queen of spades and who took the last trick. At a table of
    three the seat-4 block names the blind man's hand, without points."""
    # four blocks at least: a table of three's fourth is the blind man's hand
    seats_max = max((len(s) for s in seats.values()), default=4)
    seats_max = max(seats_max, 4)
    headers = deal_labels(
        "round",
        "table",
        "deal",
        "contract",
        "codes",
        "declarer",
        "partner",
        "tricks",
        "queen_of_spades",
        "last_trick",
        "sanctions",
    )
    widths = [6, 6, 6, 22, 14] + [name_width] * 2 + [7] + [name_width] * 2 + [30]
    for k in range(1, seats_max + 1):
        headers += [_("Seat %(n)s") % {"n": k}, _("Points %(n)s") % {"n": k}]
        widths += [name_width, 8]
    per_round: dict[int, dict] = {}
    blind = shown_name(BLIND_LABEL)
    with book.sheet(_("Deals"), headers, widths) as ws:
        for d in deal_rows(tournament):
            row = [
                d["round"],
                d["table"],
                d["deal"],
                d["contract"],
                d["codes"],
                d["declarer"],
                d["partner"],
                _tricks(d["tricks"]),
                d["queen_of_spades"],
                d["last_trick"],
                d["sanction_text"],
            ]
            scores, out = d["scores"], d["sits_out"]
            for pos, _e, name in d["seats"]:
                score = scores[pos - 1]
                row += [name, score if counts_for_seat(pos, out, score) else None]
            if d["blind"]:  # dealt to, never paid
                row += [blind, None]
            ws.append(row)
            tables = per_round.setdefault(d["round"], {})
            tables.setdefault(d["table"], {})[d["deal"]] = (out, scores)
    return per_round


def _tricks(tricks: list[int]):
    """One play's tricks as a number; simultaneous plays as text ("0 + 1")."""
    return tricks[0] if len(tricks) == 1 else tricks_text(tricks)


def _round(book, tournament, number, round_, width: int) -> None:
    """A row per seat of every table of the round with the points of each
    deal entered and the round's points as they count (``round_.results``,
    the tables' results: ``scoring.table_result``; a table typed as totals
    has its typed totals and no deals), so each round's sheet adds up to the
    standings' round column; then who sat the round out, and which tables
    were typed as totals."""
    n = tournament.deals_per_round
    headers = deal_labels("table", "seat", "player")
    headers += [_("D%(n)s") % {"n": d} for d in range(1, n + 1)]
    headers += deal_labels("total")
    widths = [6, 6, width] + [5] * n + [8]
    with book.sheet(_("Round %(n)s") % {"n": number}, headers, widths) as ws:
        for result in round_.results:
            deals = round_.deals.get(result.table, {})
            names = {pos: name for pos, _e, name in round_.seats.get(result.id, [])}
            for seat in result.seats:
                points = _deal_points(deals, seat.position, n)
                name = names.get(seat.position, "?")
                ws.append([result.table, seat.position, name, *points, seat.points])
        for name in round_.byes:
            ws.append([_("bye"), None, name])
        typed = [str(r.table) for r in round_.results if r.typed]
        if typed:
            note = ngettext(
                "Table %(tables)s: totals typed from the paper sheet, no deals.",
                "Tables %(tables)s: totals typed from the paper sheet, no deals.",
                len(typed),
            ) % {"tables": ", ".join(typed)}
            ws.append([_("Note"), None, note])


def _deal_points(deals: dict, position: int, n: int) -> list[int | None]:
    """A seat's points in deals 1 to ``n`` (None: not entered, or sat out)."""
    points = []
    for d in range(1, n + 1):
        out, scores = deals.get(d, (None, None))
        played = scores is not None and counts_for_seat(
            position, out, scores[position - 1]
        )
        points.append(scores[position - 1] if played else None)
    return points
