"""Player cards: each player's deals and totals over the event, one player
per page (or just one player)."""

from django.utils.translation import gettext as _

from scoring.exports import PDF, ExportError
from scoring.exports.pdf import FONT_BOLD, filename, grid_style, render
from scoring.exports.pdf_sheets import escape
from scoring.rowsource import (
    by_player,
    deal_labels,
    deal_rows,
    standings_rows,
    tricks_text,
)


def card_rows(tournament, entry_ids: set[int] | None = None) -> dict[int, list[dict]]:
    """{entry_id: [deal rows from that player's seat]} with running totals."""
    return by_player(deal_rows(tournament), entry_ids)


def player_cards(tournament, entry_id: int | None = None):
    """``(filename, content_type, bytes)``: every player, or one entry."""
    standings = standings_rows(tournament)
    people = [r for r in standings.rows if entry_id in (None, r["entry"])]
    if not people:
        raise ExportError(_("No such player in this tournament."))
    cards = card_rows(tournament, {p["entry"] for p in people})
    title = str(_("Player cards"))

    def story():
        from reportlab.lib.units import mm
        from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

        from scoring.exports.pdf import styles

        st = styles()
        flow = []
        head = deal_labels(
            "round",
            "table",
            "seat",
            "deal",
            "contract",
            "declarer",
            "partner",
            "tricks",
            "points",
            "total",
        )
        for i, person in enumerate(people):
            if i:
                flow.append(PageBreak())
            line = _("%(club)s · rank %(rank)s · %(points)s points") % {
                "club": person.get("club") or "–", "rank": person["rank"] or "–",
                "points": person.get("points", 0),
            }  # fmt: skip
            if person.get("notes"):
                line = f"{line} · {person['notes']}"
            flow += [Paragraph(escape(person["name"]), st["title"]),
                     Paragraph(escape(tournament.name), st["base"]),
                     Paragraph(escape(str(line)), st["h2"]), Spacer(1, 6)]  # fmt: skip
            rows = [head]
            style = grid_style(1, 7.5)
            last_round = None
            for d in cards.get(person["entry"], []):
                if last_round is not None and d["round"] != last_round:
                    style.append(("LINEABOVE", (0, len(rows)), (-1, len(rows)), 1.1,
                                  (0, 0, 0)))  # fmt: skip
                last_round = d["round"]
                rows.append([str(d["round"]), str(d["table"]), str(d["seat"]),
                             str(d["deal"]), d["contract"], d["declarer"],
                             d["partner"], tricks_text(d["tricks"]), str(d["points"]),
                             str(d["total"])])  # fmt: skip
            widths = [12, 11, 10, 10, 34, 36, 36, 12, 12, 13]
            table = Table(rows, colWidths=[w * mm for w in widths], repeatRows=1)
            style += [("ALIGN", (8, 1), (9, -1), "RIGHT"),
                      ("FONT", (9, 1), (9, -1), FONT_BOLD, 7.5)]  # fmt: skip
            table.setStyle(style)
            flow.append(table)
        return flow

    what = "cards" if entry_id is None else f"card-{entry_id}"
    return filename(tournament, what), PDF, render(tournament, title, story)
