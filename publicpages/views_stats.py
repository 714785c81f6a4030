"""Public statistics pages: a player in an event, a player over a
season, a club's page.

The event page is cached under the event's version like every event page
(``publicpages.views.public_page``); the season and club pages read a constant number
of queries and are not cached (they are read between evenings, not by a
hall of phones at once). The charts are SVG drawn on the server
(``publicpages.charts``): no script, no CDN.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from publicpages.charts import Line, line_chart
from publicpages.views import (
    entry_or_404,
    event_or_404,
    page_context,
    public_page,
    public_standings,
)
from seasons.models import Competition, Evening
from seasons.stats_service import (
    Progress,
    club_season,
    event_coverage,
    event_player_stats,
    event_progress,
    season_player_stats,
)
from tournaments.models import Club, Player
from tournaments.people import Person, event_names, shown
from tournaments.visibility import played_in_public

EVENT_TEMPLATE = "public/season/stats_event.html"


def event_player(request, slug: str, entry_id: int):
    """A player's statistics in one event, with the running score per round."""
    tournament = event_or_404(slug)

    def build() -> dict:
        entry = entry_or_404(tournament, entry_id)
        names = event_names(tournament)  # as the public may see them
        name = names.get(entry.pk, "?")
        context = page_context(request, tournament, entry=entry, player_name=name)
        rounds = context["rounds"]
        standings = public_standings(tournament)
        progress = event_progress(standings, entry.pk, rounds, names)
        labels = [_("R%(n)s") % {"n": n} for n in rounds]
        stats = event_player_stats(tournament, entry.pk, rounds)
        counted = event_coverage(tournament, entry.pk, rounds, stats)
        context.update(
            stats=stats,
            coverage=counted,
            totals_only=counted.numbers,
            chart=_chart(
                progress,
                labels,
                _("Round"),
                name,
                _("Running score of %(name)s per round"),
            ),
            progress=_table(progress, labels, name),
            season_url=_season_url(tournament, entry.player.public_id),
        )
        return context

    return public_page(
        request,
        tournament,
        EVENT_TEMPLATE,
        EVENT_TEMPLATE,
        build,
        lambda c: f"{c['player_name']} · {_('Statistics')}",
    )


def season_player(request, competition_slug: str, public_id: str):
    """A player's season: the ranking's own total and rank, which evenings
    count, and every evening's deals counted together (evenings with totals
    only named and left out). Only for someone who played a public round of
    the season (else 404)."""
    competition = get_object_or_404(
        Competition.objects.select_related("club"), slug=competition_slug
    )
    player = get_object_or_404(
        Player.objects.filter(played_in_public(entry__player="pk")).select_related(
            "club"
        ),
        public_id=public_id,
    )
    season = season_player_stats(competition, player.pk)
    if season is None or not season.evenings:
        raise Http404(_("This player played no evening of this season."))
    labels = [str(n) for n in season.progress.steps]
    name = shown(Person.of(player))  # as the public may see it
    return render(
        request,
        "public/season/stats_season.html",
        {
            "competition": competition,
            "player": player,
            "name": name,
            "season": season,
            "stats": season.stats,
            "chart": _chart(
                season.progress,
                labels,
                _("Evening"),
                name,
                _("Ranking total of %(name)s, built up from the evenings that count"),
            ),
            "standing": _standing(season),
            "progress": _table(season.progress, labels, name),
            "season_url": _url("public:season", competition.slug),
        },
    )


def _standing(season) -> str:
    """The player's place in the season ranking, in words."""
    row = season.row
    if not row.qualified:
        return _("not ranked: %(played)s of %(needed)s evenings") % {
            "played": row.played,
            "needed": season.rules.min_evenings,
        }
    if row.rank is None:
        return _("not ranked")
    return _("rank %(rank)s of %(of)s") % {
        "rank": row.rank,
        "of": season.ranked_players,
    }


def club(request, club_id: int):
    """A club's seasons and the current season's numbers."""
    home = get_object_or_404(Club, pk=club_id)
    page = club_season(home)
    seasons = [(c, _url("public:season", c.slug)) for c in page.seasons]
    return render(
        request,
        "public/season/club.html",
        {
            "club": home,
            "page": page,
            "seasons": seasons,
            "biggest": _biggest(page),
        },
    )


def _chart(progress: Progress, labels, step: str, name: str, title: str) -> str:
    """The running-score chart, or "" when there is nothing to draw."""
    if not progress.steps or not progress.lines:
        return ""
    lines = [Line(label or name, values) for label, values in progress.lines]
    title = title % {"name": name}
    last = "; ".join(f"{line.name}: {line.values[-1]}" for line in lines)
    return mark_safe(
        line_chart(lines, labels, title=title, x_title=step, description=last)
    )


def _table(progress: Progress, labels: list[str], name: str) -> dict:
    """The chart's numbers as a table (for screen readers and to read off)."""
    names = [label or name for label, _values in progress.lines]
    rows = [
        (label, [values[i] for _n, values in progress.lines])
        for i, label in enumerate(labels)
    ]
    return {"names": names, "rows": rows}


def _season_url(tournament, public_id: str) -> str | None:
    """The player's season page when this event is a club evening."""
    slug = (
        Evening.objects.filter(tournament=tournament)
        .values_list("competition__slug", flat=True)
        .first()
    )
    return reverse("public:season-player", args=[slug, public_id]) if slug else None


def _url(name: str, *args) -> str | None:
    """A link to a page another part of the site may offer (the season's
    standings): None while it does not exist."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def _biggest(page) -> list[tuple]:
    """The biggest scores with their evening and the table's page."""
    if page.numbers is None:
        return []
    out = []
    for score in page.numbers.biggest:
        number, slug = page.evenings.get(score.event, (None, None))
        url = slug and reverse("public:table", args=[slug, score.round, score.table])
        out.append((score, number, url))
    return out
