"""The season standings as PDF, for the notice board and the prize-giving:
rank, player, a column per evening, evenings played, total and prize; the
players below the minimum attendance after the ranking; the prize table and
its winners at the end.

The page turns to landscape, then the type shrinks (8 pt down to 6 pt) as
evenings are added; a season that still does not fit (thirty evenings and
more) prints its evenings in groups, each group a table with the names and
totals. Built on the event PDFs' base (``documents.pdf_base``): the same
fonts, grid, footer and text fitting.
"""

import math
from dataclasses import dataclass
from types import SimpleNamespace

from django.utils import formats, translation
from django.utils.translation import gettext as _

from documents import PDF
from documents.pdf_base import (
    FONT,
    FONT_BOLD,
    PAD,
    cell,
    grid_style,
    render,
    styles,
    text_width,
    word_width,
)
from documents.pdf_sheets import escape
from documents.season_exports import language_of
from documents.season_table import SeasonTable, number, season_table
from scoring.penalty_rows import LABEL as PENALTY_LABEL
from seasons.prize_labels import prize_rules
from seasons.prizes import PrizeTable
from seasons.services import season_team_rows

MM = 72 / 25.4
PAGE = {False: 186 * MM, True: 273 * MM}  # A4 within the margins: portrait, landscape
SIZES = (8, 7, 6.5, 6)  # points, tried in turn on a landscape page
NAME_MOST = 55 * MM  # a longer name wraps
PRIZE_MOST = 30 * MM
DASH = "—"


@dataclass
class Layout:
    landscape: bool
    size: float
    groups: list[list[int]]  # evening column indices per table
    widths: dict  # rank, name, evening, played, total, prize (points)


def cell_text(c) -> tuple[str, bool]:
    """(text, struck through) of one evening of a player."""
    if c is None:
        return DASH, False
    if not c.played:
        return f"({number(c.value)})", c.dropped
    return number(c.value), c.dropped


def _widths(heads: dict, table: SeasonTable, size: float) -> dict:
    """Each column as wide as its widest header word or value at ``size``."""
    head = size - 0.5

    def need(texts, font=FONT, at=size):
        return max((text_width(t, font, at) for t in texts), default=0) + 2 * PAD

    def least(key):
        return word_width(heads[key], FONT_BOLD, head) + 2 * PAD

    lines = table.lines
    titles = [heads["evening"] % {"n": e.number} for e in table.evenings]
    cells = [cell_text(c)[0] for line in lines for c in line.cells]
    return {
        "rank": max(least("rank"), need(str(line.rank or "–") for line in lines)),
        "name": min(max(least("name"), need(line.name for line in lines)), NAME_MOST),
        "evening": max(need(titles, FONT_BOLD, head), need(cells)),
        "played": max(least("played"), need(str(line.played) for line in lines)),
        "total": max(
            least("total"), need((number(line.total) for line in lines), FONT_BOLD)
        ),
        # the rule set shows penalty points: one more column, after the total
        "penalty": max(
            least("penalty"), need((number(line.penalty) for line in lines), FONT_BOLD)
        )
        if "penalty" in heads
        else 0,
        "prize": min(
            max(least("prize"), need(line.prize for line in lines)), PRIZE_MOST
        ),
    }


def plan(heads: dict, table: SeasonTable) -> Layout:
    """Portrait if it fits at full size, else landscape with the largest
    type that fits; else the evenings in as few even groups as fit, each a
    table of its own (32 evenings: 16 + 16, not 31 + 1)."""
    n = len(table.evenings)
    tries = [(False, SIZES[0])] + [(True, size) for size in SIZES]
    for groups in range(1, n + 1):
        per = math.ceil(n / groups)
        for landscape, size in tries if groups == 1 else tries[1:]:
            w = _widths(heads, table, size)
            fixed = w["rank"] + w["name"] + w["played"] + w["total"] + w["prize"]
            fixed += w["penalty"]
            if fixed + per * w["evening"] <= PAGE[landscape] or per == 1:
                chunks = [list(range(i, min(i + per, n))) for i in range(0, n, per)]
                return Layout(landscape, size, chunks, w)
    return Layout(False, SIZES[0], [[]], _widths(heads, table, SIZES[0]))


def _table(heads: dict, lines, group: list[int], layout: Layout, table: SeasonTable):
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Table

    size, w = layout.size, layout.widths
    penalty = "penalty" in heads  # bold, as the event's standings PDF has it
    head = size - 0.5
    struck = ParagraphStyle(
        "struck", fontName=FONT, fontSize=size, leading=size * 1.2, alignment=TA_RIGHT
    )
    titles = [
        heads["rank"],
        heads["name"],
        *(heads["evening"] % {"n": table.evenings[i].number} for i in group),
        heads["played"],
        heads["total"],
        *([heads["penalty"]] if penalty else []),
        heads["prize"],
    ]
    sizes = [
        w["rank"],
        w["name"],
        *([w["evening"]] * len(group)),
        w["played"],
        w["total"],
        *([w["penalty"]] if penalty else []),
        w["prize"],
    ]
    rows = [
        [
            cell(t, s, FONT_BOLD, head, most=3)
            for t, s in zip(titles, sizes, strict=True)
        ]
    ]
    for line in lines:
        evenings = []
        for i in group:
            text, dropped = cell_text(line.cells[i])
            evenings.append(
                Paragraph(f"<strike>{escape(text)}</strike>", struck)
                if dropped
                else text
            )
        rows.append(
            [
                str(line.rank or "–"),
                cell(line.name, w["name"], FONT, size, most=2),
                *evenings,
                str(line.played),
                cell(number(line.total), w["total"], FONT_BOLD, size, most=1),
                *(
                    [cell(number(line.penalty), w["penalty"], FONT_BOLD, size, most=1)]
                    if penalty
                    else []
                ),
                cell(line.prize, w["prize"], FONT, size, most=2),
            ]
        )
    grid = Table(rows, colWidths=sizes, repeatRows=1, hAlign="LEFT")
    style = grid_style(1, size)
    style += [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, head),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (2, 0), (-2, -1), "RIGHT"),
        ("FONT", (-2, 1), (-2, -1), FONT_BOLD, size),
    ]
    for r, line in enumerate(lines, start=1):
        if line.prize:
            style.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#e7f5ea")))
    grid.setStyle(style)
    return grid


def _settings(competition) -> str:
    parts = [str(competition.get_method_display())]
    if competition.best_of:
        parts.append(_("the best %(n)s evenings count") % {"n": competition.best_of})
    if competition.min_evenings:
        parts.append(
            _("at least %(n)s evenings for the final ranking")
            % {"n": competition.min_evenings}
        )
    return " · ".join(parts)


def _legend(competition, table: SeasonTable) -> str:
    """Each evening's date under its column's name, then the marks."""
    dates = []
    for e in table.evenings:
        day = formats.date_format(e.date, "SHORT_DATE_FORMAT")
        text = f"{_('E%(n)s') % {'n': e.number}} {day}"
        if e.prize_evening:
            text += f" ({_('prize evening')})"
        dates.append(text)
    marks = []
    if competition.best_of:
        marks.append(_("struck through: does not count (best evenings)"))
    if competition.absent != "nothing":
        marks.append(_("(12): an evening missed, filled in by the season's rule"))
    marks.append(_("—: did not play that evening"))
    marks += table.legends  # the standing's own: what penalty points are
    return escape(" · ".join(dates)) + "<br/>" + escape(" · ".join(marks))


def _story(competition, table: SeasonTable, layout: Layout, heads: dict) -> list:
    from reportlab.platypus import Paragraph, Spacer

    st = styles()
    line = " · ".join(x for x in (competition.club.name, competition.season) if x)
    flow = [
        Paragraph(escape(competition.name), st["title"]),
        Paragraph(escape(f"{_('Season standings')} · {line}"), st["h2"]),
        Paragraph(escape(_settings(competition)), st["base"]),
        Spacer(1, 6),
    ]
    ranked = [x for x in table.lines if x.qualified]
    below = [x for x in table.lines if not x.qualified]
    if not table.lines:
        flow.append(Paragraph(escape(_("No results yet.")), st["base"]))
    for group in layout.groups if ranked else []:
        flow += [_table(heads, ranked, group, layout, table), Spacer(1, 4)]
    if table.evenings:
        flow += [Paragraph(_legend(competition, table), st["small"]), Spacer(1, 8)]
    if below:
        flow.append(Paragraph(escape(_("Not ranked yet")), st["h2"]))
        flow.append(
            Paragraph(
                escape(
                    _("Fewer than %(n)s evenings played.")
                    % {"n": competition.min_evenings}
                ),
                st["base"],
            )
        )
        for group in layout.groups:
            flow += [Spacer(1, 4), _table(heads, below, group, layout, table)]
    flow += _prizes(competition, table, st)
    flow += _teams(competition, table, st)
    return flow


def _teams(competition, table: SeasonTable, st) -> list:
    """The season's teams by the ranking's totals, each with its members
    and the score each adds (a member not counted in brackets)."""
    from reportlab.platypus import Paragraph, Spacer, Table

    teams = season_team_rows(competition, public=False)
    if not teams:
        return []
    widths = [12 * MM, 42 * MM, 102 * MM, 24 * MM]  # 180 mm: A4 within the frame
    rows = [[_("Rank"), _("Team"), _("Members"), _("Total")]]
    for team in teams:
        members = ", ".join(_member(m) for m in team.members)
        rows.append(
            [
                str(team.rank),
                cell(team.name, widths[1], FONT_BOLD, 8, most=2),
                cell(members, widths[2], FONT, 8, most=6),
                number(team.total),
            ]
        )
    grid = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(
        [
            *grid_style(1, 8),
            ("ALIGN", (0, 1), (0, -1), "RIGHT"),
            ("ALIGN", (3, 1), (3, -1), "RIGHT"),
            ("FONT", (1, 1), (1, -1), FONT_BOLD, 8),
            ("FONT", (3, 1), (3, -1), FONT_BOLD, 8),
        ]
    )
    return [Spacer(1, 8), Paragraph(escape(_("Teams")), st["h2"]), grid]


def _member(member) -> str:
    """A member as the teams page shows one: name (score), the score in
    brackets when it does not count, "not ranked" below the minimum."""
    if not getattr(member, "ranked", True):
        return f"{member.name} ({_('not ranked')})"
    if member.score is None:
        return member.name
    score = number(member.score)
    if not getattr(member, "counted", True):
        score = f"[{score}]"
    return f"{member.name} ({score})"


def _prizes(competition, table: SeasonTable, st) -> list:
    from reportlab.platypus import Paragraph, Spacer, Table

    flow = [Spacer(1, 8), Paragraph(escape(_("Prizes")), st["h2"])]
    rules = prize_rules(PrizeTable.of(competition.prizes))
    for text in rules or [_("This season has no prize table.")]:
        flow.append(Paragraph(escape(str(text)), st["base"]))
    if table.winners:
        penalty = table.penalty_points  # the winners' penalty points too
        widths = [40 * MM, 70 * MM, 25 * MM] + ([25 * MM] if penalty else [])
        head = [_("Prize"), _("Player"), _("Total")]
        rows = [head + ([str(PENALTY_LABEL)] if penalty else [])] + [
            [
                cell(label, widths[0], FONT, 8),
                cell(line.name, widths[1], FONT, 8),
                number(line.total),
                *([number(line.penalty)] if penalty else []),
            ]
            for label, line in table.winners
        ]
        grid = Table(rows, colWidths=widths, hAlign="LEFT")
        grid.setStyle([*grid_style(1, 8), ("ALIGN", (2, 1), (-1, -1), "RIGHT")])
        flow += [Spacer(1, 4), grid]
    return flow


def season_pdf(competition) -> tuple[str, str, bytes]:
    """``(filename, content_type, bytes)``: the standings with the prizes."""
    language = language_of(competition)
    owner = SimpleNamespace(name=competition.name, language=language)
    with translation.override(language):
        title = str(_("Season standings"))
        table = season_table(competition)
        heads = {
            "rank": _("Rank"),
            "name": _("Player"),
            "evening": _("E%(n)s"),
            "played": _("Played"),
            "total": _("Total"),
            "prize": _("Prize"),
        }
        if table.penalty_points:
            heads["penalty"] = PENALTY_LABEL
        styles()  # registers the fonts the widths are measured in
        layout = plan(heads, table)
    data = render(
        owner,
        title,
        lambda: _story(competition, table, layout, heads),
        landscape=layout.landscape,
    )
    return f"{competition.slug}-standings.pdf", PDF, data
