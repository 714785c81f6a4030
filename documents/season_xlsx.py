"""The season as a spreadsheet, in the season's language: the season table
first, then one sheet per evening (rank, player, club, points, deals played);
*Notes* last when the standing has words to go with its numbers (what
penalty points are: its ``legends``), as in the event's workbook.

Values only, as in the event's workbook (``documents.xlsx_event``): what an
evening adds to the season, the total and the prize are the season's own
numbers, not formulas. What print shows by striking through (an evening that
does not count under best-N) or brackets (an evening missed, filled in) is
spelled out in two text columns, so it survives sorting and filtering.
"""

from django.utils import formats, translation
from django.utils.translation import gettext as _

from documents import XLSX
from documents.season_exports import language_of
from documents.season_table import SeasonTable, season_table
from documents.xlsx_package import Book
from scoring.penalty_rows import LABEL as PENALTY_LABEL
from seasons.services import evening_results


def season_workbook(competition) -> tuple[str, str, bytes]:
    """``(filename, content_type, bytes)`` of the season and its evenings."""
    with translation.override(language_of(competition)):
        subtitle = " · ".join(
            x for x in (competition.club.name, competition.season) if x
        )
        book = Book(competition.name, subtitle)
        table = season_table(competition)
        names = {line.player: (line.name, line.club) for line in table.lines}
        width = min(max((len(n) for n, _c in names.values()), default=10) + 2, 40)
        _season(book, table, width)
        _played, results, _slugs = evening_results(competition)
        for evening in table.every_evening:
            _evening(book, evening.number, evening.date, results, names, width)
        _legends(book, table.legends)
        data = book.save()
    return f"{competition.slug}.xlsx", XLSX, data


def _legends(book: Book, legends: list[str]) -> None:
    """The *Notes* sheet: a line for each of the standing's legends."""
    if not legends:
        return
    with book.sheet(_("Notes"), [_("Note")], [110]) as ws:
        for line in legends:
            ws.append([line])


def _value(cell):
    """An evening's contribution as a number (None: not played, not filled)."""
    if cell is None:
        return None
    return cell.value


def _season(book: Book, table: SeasonTable, width: int) -> None:
    evenings = [e.number for e in table.evenings]
    headers = [_("Rank"), _("Player"), _("Club")]
    headers += [_("Evening %(n)s") % {"n": n} for n in evenings]
    penalty = table.penalty_points  # the rule set's display: one more column
    headers += [_("Played"), _("Total")]
    headers += [PENALTY_LABEL] if penalty else []
    headers += [_("Prize"), _("Does not count"), _("Missed, filled in"), _("Ranked")]
    widths = [6, width, 20] + [9] * len(evenings) + [8, 9]
    widths += [9] if penalty else []
    widths += [16, 16, 16, 8]
    yes, no = str(_("yes")), str(_("no"))
    with book.sheet(_("Season"), headers, widths) as ws:
        for line in table.lines:
            dropped = [
                n
                for n, c in zip(evenings, line.cells, strict=True)
                if c is not None and c.dropped
            ]
            filled = [
                n
                for n, c in zip(evenings, line.cells, strict=True)
                if c is not None and not c.played
            ]
            ws.append(
                [
                    line.rank,
                    line.name,
                    line.club,
                    *(_value(c) for c in line.cells),
                    line.played,
                    line.total,
                    *([line.penalty] if penalty else []),
                    line.prize,
                    ", ".join(str(n) for n in dropped),
                    ", ".join(str(n) for n in filled),
                    yes if line.qualified else no,
                ]
            )


def _evening(book: Book, number: int, date, results, names, width: int) -> None:
    """The evening's standings as the season counts them: its players by
    rank (equal points share it), then by name."""
    rows = sorted(
        ((res[number], player) for player, res in results.items() if number in res),
        key=lambda rp: (rp[0].rank, names.get(rp[1], ("", ""))[0]),
    )
    title = _("Evening %(n)s") % {"n": number}
    headers = [_("Rank"), _("Player"), _("Club"), _("Points"), _("Deals played")]
    with book.sheet(title, headers, [6, width, 20, 9, 9]) as ws:
        for result, player in rows:
            name, club = names.get(player, ("?", ""))
            ws.append([result.rank, name, club, result.points, result.deals])
        if not rows:
            ws.append(
                [None, _("No results yet (%(d)s).") % {"d": formats.date_format(date)}]
            )
