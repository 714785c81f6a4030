"""The standings widget a club puts on its own website in an ``<iframe>``.

Every other page refuses to be framed (``X-Frame-Options: DENY``,
``frame-ancestors 'none'``); these pages may be framed by this site and by
the websites the club listed (``Club.embed_origins``), and no others. Which
club: a season's (``Competition.club``) for the season and its evenings; for
an event on its own, the clubs its TDs organise (``ClubRole``); none of
those: this site only.

The rows are the public pages' (``standings_rows``, ``season_standings``,
public rounds only) and the names the public's (the request is public,
``publicpages.names_middleware``). An event's widget is cached under the event's
version like the public pages, in the event's language: the widget speaks
the club's language whatever the visitor's browser asks.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.views.decorators.clickjacking import xframe_options_exempt

from documents.season_exports import language_of
from publicpages.cache import cached_fragment
from publicpages.views import event_or_404, page_context
from publicpages.views_season import ranking_rows
from scoring.rowsource import standings_rows
from seasons.models import Competition
from seasons.services import season_standings
from td.tables_scoring import standings_table
from tournaments.embed_origins import embed_origins
from tournaments.models import Club, Tournament, TournamentRole

#: The standings columns a widget shows: rank, name, club on a wide frame,
#: and the ranking's total (and the penalty points, when the rule set shows
#: them).
SHOWN = {"rank", "name", "club", "placement", "points", "penalty_points"}
SELF = "'self'"


def frame_ancestors(texts) -> list[str]:
    """``'self'`` and the websites of the clubs' lists (``texts``)."""
    origins = [o for text in texts for o in embed_origins(text)]
    return [SELF, *dict.fromkeys(origins)]


def event_clubs(tournament: Tournament) -> list[str]:
    """The ``embed_origins`` of the clubs whose website may show the event:
    its season's club, else the clubs its TDs organise."""
    season = Club.objects.filter(competitions__evenings__tournament=tournament)
    found = list(season.values_list("embed_origins", flat=True))
    if found:
        return found
    organisers = Club.objects.filter(
        roles__user__tournamentrole__tournament=tournament,
        roles__user__tournamentrole__role=TournamentRole.Role.TD,
    )
    return list(organisers.values_list("embed_origins", flat=True).distinct())


def framed(response: HttpResponse, ancestors: list[str]) -> HttpResponse:
    """The response may be framed by ``ancestors`` (CSP, django-csp 4);
    ``xframe_options_exempt`` on the view drops ``X-Frame-Options``."""
    response._csp_replace = {"frame-ancestors": ancestors}
    return response


def _event_widget(request, slug: str, script: bool) -> HttpResponse:
    tournament = event_or_404(slug)
    htmx = script and request.headers.get("HX-Request") == "true"

    def build() -> dict:
        rowset = standings_rows(tournament, public=True)
        rowset.columns = [c for c in rowset.columns if c.key in SHOWN]
        table = standings_table(rowset)
        return page_context(request, tournament, table=table, legends=rowset.legends)

    if htmx:
        template = "public/standings_table.html"
    else:
        template = "public/embed/event.html" if script else "public/embed/plain.html"
    with translation.override(tournament.language):
        html, _title, _context = cached_fragment(request, tournament, template, build)
    response = HttpResponse(html)
    return framed(response, frame_ancestors(event_clubs(tournament)))


@xframe_options_exempt
def event_widget(request, slug: str):
    """The event's standings; htmx refreshes them while a round is played."""
    return _event_widget(request, slug, script=True)


@xframe_options_exempt
def event_widget_plain(request, slug: str):
    """The same without script: a table, reloaded by the browser while a
    round is played (``<meta http-equiv=refresh>``)."""
    return _event_widget(request, slug, script=False)


@xframe_options_exempt
def season_widget(request, slug: str):
    """The season ranking: rank, name, evenings played, total."""
    competition = get_object_or_404(
        Competition.objects.select_related("club"), slug=slug
    )
    with translation.override(language_of(competition)):
        standings = season_standings(competition, public=True)
        rows = ranking_rows(standings)
        response = render(
            request,
            "public/embed/season.html",
            {
                "competition": competition,
                "evenings": standings.evenings,
                "ranked": [r for r in rows if r["qualified"]],
                "below": [r for r in rows if not r["qualified"]],
                "legends": standings.legends,
            },
        )
    return framed(response, frame_ancestors([competition.club.embed_origins]))
