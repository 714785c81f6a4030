"""django-tables2 tables fed with row dicts from ``scoring.rowsource``.

Tables only format: ranks, totals and tie-breaks are computed by the pure
layer. Standings columns depend on the event (rounds played, tie-break
chain), so they come from the row source's ``columns`` as extra columns.

django-tables2 renders cell by cell through signature introspection, about
0.25 ms a cell: 2 s for 400 players × 18 columns, refreshed by every phone in
the hall. Our rows are plain dicts with fixed formatting, so ``html_rows``
renders each row to escaped HTML in one pass and ``TEMPLATE`` (django-tables2's
own, with its body replaced) prints them; headers stay django-tables2's.
"""

import html
from collections.abc import Callable, Iterator

import django_tables2 as tables
from django.utils.formats import localize
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.rowsource import BYE_LEGEND, DEAL_COLUMNS, RowSet, tricks_text

TEMPLATE = "td/standings/table.html"
EMPTY = "—"
#: Columns a phone leaves out (see the public-pages section of rikscore.css).
WIDE_ONLY = "wide-only"
#: The ranking's own total (placement points when the event ranks by them,
#: penalty points when the rule set shows them): kept in view with rank and
#: name while the rounds scroll (``pin-*`` CSS).
PRIMARY = ("penalty_points", "placement", "points")


class TextColumn(tables.Column):
    """A column that can render its own cell; ``link(record)`` makes a link."""

    numeric = False

    def __init__(
        self,
        *args,
        link: Callable[[dict], str] | None = None,
        css: str = "",
        **kwargs,
    ):
        self.css = " ".join(c for c in ("num" if self.numeric else "", css) if c)
        if self.css:
            kwargs.setdefault("attrs", {"th": {"class": self.css}})
        super().__init__(*args, linkify=link, **kwargs)
        self.link_fn = link

    def text(self, value) -> str:
        return str(value)

    def cell_html(self, value, record: dict, name: str = "") -> str:
        text = EMPTY if value is None or value == "" else self.text(value)
        mark = record.get("marks", {}).get(name) if name else None
        if mark:
            title = html.escape(str(BYE_LEGEND))
            text_html = (
                f'{html.escape(text)}<sup class="mark" title="{title}">{mark}</sup>'
            )
            return f'<td class="{self.css}">{text_html}</td>'
        css = self.css
        if self.numeric and isinstance(value, int | float) and value < 0:
            css += " neg"
        url = self.link_fn(record) if self.link_fn is not None else ""
        if url:  # "" for a row without a page of its own
            return format_html(
                '<td class="{}"><a href="{}">{}</a></td>', css, url, text
            )
        return f'<td class="{css}">{html.escape(text)}</td>'


class NumberColumn(TextColumn):
    """Right-aligned, localised; negatives in red; 12.0 shown as 12."""

    numeric = True

    def text(self, value) -> str:
        if isinstance(value, float):
            return str(int(value)) if value.is_integer() else str(localize(value))
        return str(value)

    def render(self, value):
        return self.text(value)


class TricksColumn(TextColumn):
    """The tricks of each play: one number, or "0 + 1" for simultaneous plays."""

    def text(self, value) -> str:
        return tricks_text(value) or EMPTY


class KindColumn(TextColumn):
    KINDS = {
        "deal": _("Deal"),
        "table": _("Table-round"),
        "round": _("Round"),
        "event": _("Event"),
    }

    def text(self, value) -> str:
        return str(self.KINDS.get(value, value))

    def render(self, value):
        return self.text(value)


class BaseTable(tables.Table):
    class Meta:
        template_name = TEMPLATE
        orderable = False
        attrs = {"class": "rows"}

    def html_rows(self) -> Iterator[SafeString]:
        """Each row's ``<td>`` cells as one escaped HTML string."""
        columns = [(bc.name, bc.column) for bc in self.columns]
        for record in self.data:
            yield mark_safe(
                "".join(
                    _cell(column, record.get(name), record, name)
                    for name, column in columns
                )
            )


def _cell(column, value, record, name: str = "") -> str:
    if isinstance(column, TextColumn):
        return column.cell_html(value, record, name)
    text = EMPTY if value is None else value
    return format_html("<td>{}</td>", text)


class StandingsTable(BaseTable):
    """Columns are added per event by ``standings_table``."""

    class Meta(BaseTable.Meta):
        attrs = {"class": "standings"}
        empty_text = _("No results yet.")


def standings_table(
    rowset: RowSet, player_url: Callable[[int], str] | None = None
) -> StandingsTable:
    """The standings table; ``player_url(entry_id)`` links the names ("" for
    none)."""
    extra = []
    keys = {c.key for c in rowset.columns}
    primary = next((k for k in PRIMARY if k in keys), None)
    pins = {"rank": "pin-rank", "name": "pin-name", primary: "pin-total"}
    for col in rowset.columns:
        link = None
        if col.key == "name" and player_url is not None:
            link = lambda record: player_url(record["entry"])  # noqa: E731
        kind = NumberColumn if col.numeric else TextColumn
        wide_only = col.key in ("club", "deals_played", "sat_out")
        css = WIDE_ONLY if wide_only else pins.get(col.key, "")
        extra.append((col.key, kind(verbose_name=col.label, link=link, css=css)))
    table = StandingsTable(rowset.rows, extra_columns=extra)
    if any(row.get("marks") for row in rowset.rows):
        table.legend = BYE_LEGEND
    return table


class TableResultTable(BaseTable):
    """One table of a round: players in seat order, their round points."""

    position = NumberColumn(verbose_name=DEAL_COLUMNS["seat"].label)
    name = TextColumn(verbose_name=DEAL_COLUMNS["player"].label)
    club = TextColumn(verbose_name=_("Club"), css=WIDE_ONLY)
    deals_played = NumberColumn(verbose_name=_("Deals played"), css=WIDE_ONLY)
    points = NumberColumn(verbose_name=DEAL_COLUMNS["points"].label)

    class Meta(BaseTable.Meta):  # the fast template: not inherited without this
        pass


class PlayerDealsTable(BaseTable):
    """Every deal one player played, with a running total."""

    round = NumberColumn(verbose_name=DEAL_COLUMNS["round"].label)
    table = NumberColumn(verbose_name=DEAL_COLUMNS["table"].label)
    deal = NumberColumn(verbose_name=DEAL_COLUMNS["deal"].label)
    contract = TextColumn(verbose_name=DEAL_COLUMNS["contract"].label)
    declarer = TextColumn(verbose_name=DEAL_COLUMNS["declarer"].label)
    partner = TextColumn(verbose_name=DEAL_COLUMNS["partner"].label)
    tricks = TricksColumn(verbose_name=DEAL_COLUMNS["tricks"].label)
    points = NumberColumn(verbose_name=DEAL_COLUMNS["points"].label)
    total = NumberColumn(verbose_name=DEAL_COLUMNS["total"].label)

    class Meta(BaseTable.Meta):
        empty_text = _("No published deals yet.")


class ReconciliationTable(BaseTable):
    """Sums that are not zero (this table should always be empty)."""

    kind = KindColumn(verbose_name=_("What"))
    round = NumberColumn(verbose_name=DEAL_COLUMNS["round"].label)
    table = NumberColumn(verbose_name=DEAL_COLUMNS["table"].label)
    deal = NumberColumn(verbose_name=DEAL_COLUMNS["deal"].label)
    total = NumberColumn(verbose_name=_("Sum"))

    class Meta(BaseTable.Meta):
        pass
