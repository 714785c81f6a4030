"""The hall's screen (a projector or a TV): the standings and the running
round in large type. A page shows as many rows as fit and turns to the next
by itself (static/js/screen.js); after the last it reloads, so the screen
follows the event without anyone touching it. Without script the page is
one long list."""

from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from publicpages.cache import cached_fragment
from publicpages.views import event_or_404, page_context
from scoring.rowsource import standings_rows
from scoring.table_rows import round_progress
from td.tables_scoring import standings_table
from tournaments.models import Round

#: The standings columns a screen shows beside the rounds: tie-breaks are
#: for the TD's table, the hall wants rank, name and points in large type
#: (and the penalty points, when the rule set shows them).
SHOWN = {"rank", "name", "club", "placement", "points", "penalty_points"}
#: Seconds each screenful stays up.
PAGE_SECONDS = 12


def _screen(request, tournament, content, title: str, other: str):
    return render(
        request,
        "public/screen.html",
        {
            "tournament": tournament,
            "content": content,
            "page_title": title,
            "seconds": PAGE_SECONDS,
            "other": other,
        },
    )


def screen_standings(request, slug: str):
    tournament = event_or_404(slug)

    def build() -> dict:
        rowset = standings_rows(tournament, public=True)
        rowset.columns = [
            c
            for c in rowset.columns
            if c.key in SHOWN or (c.key[:1] == "r" and c.key[1:].isdigit())
        ]
        table = standings_table(rowset)
        return page_context(request, tournament, table=table, legends=rowset.legends)

    html, _heading, _c = cached_fragment(
        request, tournament, "public/screen_standings.html", build
    )
    return _screen(
        request,
        tournament,
        html,
        _("Standings"),
        reverse("public:screen-round", args=[slug]),
    )


def screen_round(request, slug: str):
    """The running round (the last one seated): who sits where and how far
    each table is. No scores, so a round hidden until the prize-giving can
    show too."""
    tournament = event_or_404(slug)
    current = (
        tournament.round_set.exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    tables = round_progress(tournament, current) if current else []
    context = {"tournament": tournament, "number": current, "tables": tables}
    html = render_to_string("public/screen_round.html", context, request)
    return _screen(
        request, tournament, html, _("Seating"), reverse("public:screen", args=[slug])
    )
