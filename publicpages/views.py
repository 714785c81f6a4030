"""Public pages (no login): standings, round results, a player's deals.

Only the rounds the public sees show (``tournaments.visibility``:
published, minus the last rounds hidden until the prize-giving), and a
player's page only for someone who took part in such a round. While a
round is being played the pages refresh their table through htmx; an htmx
request gets the partial only. Every page's content is cached under the
event's version (``publicpages.cache``): a page that was built once costs the
database one query until something of the event changes.
"""

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from core.text import name_key
from publicpages.cache import cached_fragment, keep_page, per_version, shared_page_key
from scoring.player_rows import player_rounds, standings_by_entry
from scoring.rowsource import round_rows, round_sanctions, standings_rows
from scoring.table_rows import table_round_rows
from td.tables_scoring import TableResultTable, standings_table
from tournaments.corrections import corrected_rounds
from tournaments.models import Bye, Entry, Round, TableRound, Tournament
from tournaments.people import event_names
from tournaments.visibility import (
    every_round_public,
    hidden_until_prize_giving,
    listed_events,
    public_round_numbers,
)

REFRESH_SECONDS = 30


def is_live(tournament: Tournament) -> bool:
    """A round is seated (or closed) but its results are not yet published."""
    return (
        tournament.round_set.filter(published=False)
        .exclude(status=Round.Status.DRAFT)
        .exists()
    )


def page_context(request, tournament: Tournament, **extra) -> dict:
    return {
        "tournament": tournament,
        "rounds": public_round_numbers(tournament),
        "corrections": corrected_rounds(tournament),
        "live": is_live(tournament),
        "refresh": REFRESH_SECONDS,
        "refresh_url": request.path,
        **extra,
    }


def public_page(request, tournament, content: str, partial: str, build, title):
    """A public page: the page around its cached content, or just the
    refreshing partial htmx asks for. ``build()`` makes the context, on a
    cache miss only; ``title(context)`` the page's title."""
    htmx = request.headers.get("HX-Request") == "true"
    shared = None if htmx else shared_page_key(request, tournament)
    if shared and (page := cache.get(shared)) is not None:
        return HttpResponse(page[0])
    html, heading, context = cached_fragment(
        request, tournament, partial if htmx else content, build, title
    )
    if htmx:
        return HttpResponse(html)
    context = {
        **context,
        "tournament": tournament,
        "content": html,
        "page_title": heading,
    }
    if shared:
        context["csrf_token"] = ""  # the same bytes for every visitor
    response = render(request, "public/page.html", context)
    if shared:
        keep_page(shared, response.content)
    return response


def event_or_404(slug: str) -> Tournament:
    """The one query a cached page costs (the event carries its version)."""
    return get_object_or_404(Tournament.objects.defer("rules_snapshot"), slug=slug)


def public_standings(tournament: Tournament):
    """{entry: its line of the public standings}, once per version."""
    return per_version(
        tournament, "standings-by-entry", lambda: standings_by_entry(tournament)
    )


def shown_entries(tournament: Tournament) -> set[int]:
    """The entries a public page may name and link: those that sat at a
    table of a public round of the event, or sat one out (the standings
    count a round for them)."""
    lines = public_standings(tournament).items()
    return {
        e for e, line in lines if any(p is not None for p in line.by_round.values())
    }


def entry_or_404(tournament: Tournament, entry_id: int) -> Entry:
    """The entry, when it took part in a public round; else 404, as for an
    entry that does not exist (entry ids count every registration)."""
    if entry_id not in shown_entries(tournament):
        raise Http404
    return get_object_or_404(
        Entry.objects.select_related("player__club"),
        tournament=tournament,
        pk=entry_id,
    )


def home(request):
    from publicpages.views_season import listed_competitions

    tournaments = listed_events(
        Tournament.objects.only("slug", "name", "date", "venue")
    )
    return render(
        request,
        "public/home.html",
        {"tournaments": tournaments, "competitions": listed_competitions()},
    )


def standings(request, slug: str):
    tournament = event_or_404(slug)

    def build() -> dict:
        rowset = standings_rows(tournament, public=True)
        shown = shown_entries(tournament)
        table = standings_table(
            rowset,
            player_url=lambda entry: (
                reverse("public:player", args=[slug, entry]) if entry in shown else ""
            ),
        )
        return page_context(
            request,
            tournament,
            table=table,
            legends=rowset.legends,
            finished=every_round_public(tournament),
        )

    return public_page(
        request,
        tournament,
        "public/standings_content.html",
        "public/standings_table.html",
        build,
        lambda c: f"{tournament.name} · {_('Standings')}",
    )


def round_results(request, slug: str, number: int):
    tournament = event_or_404(slug)

    def build() -> dict:
        context = page_context(request, tournament, number=number)
        if number not in context["rounds"]:
            raise Http404
        sanctions = round_sanctions(tournament, number)
        rows = round_rows(tournament, number)
        context["tables"] = [
            (t["table"], TableResultTable(t["seats"]), sanctions.get(t["table"], []))
            for t in rows
        ]
        context["typed"] = {t["table"] for t in rows if t["typed"]}
        byes = Bye.objects.filter(
            round__tournament=tournament, round__number=number
        ).select_related("entry__player__club")
        # by the name the public sees (``tournaments.people``): the full
        # name's order would hint at a hidden one
        names = event_names(tournament)
        context["names"] = names
        context["byes"] = sorted(byes, key=lambda bye: name_key(names[bye.entry_id]))
        return context

    content = "public/round_content.html"
    return public_page(
        request,
        tournament,
        content,
        content,
        build,
        lambda c: f"{tournament.name} · {_('Round %(n)s') % {'n': number}}",
    )


def player(request, slug: str, entry_id: int):
    tournament = event_or_404(slug)

    def build() -> dict:
        entry = entry_or_404(tournament, entry_id)
        name = event_names(tournament).get(entry.pk, "?")  # as the event shows it
        context = page_context(request, tournament, entry=entry, name=name)
        standing = public_standings(tournament).get(entry.pk)
        context["standing"] = standing
        context["player_rounds"] = player_rounds(
            tournament, entry.pk, context["rounds"], standing
        )
        context["substitute"] = entry.status == Entry.Status.SUBSTITUTE
        return context

    return public_page(
        request,
        tournament,
        "public/player_content.html",
        "public/player_table.html",
        build,
        lambda c: f"{c['name']} · {tournament.name}",
    )


def table_round(request, slug: str, number: int, table: int):
    """The page of one table of one round: who sits where as soon as the
    round is seated (the players look for their table), its results once
    the round is public. While the round is played, and the TD enters the
    deals, the sheet's QR code leads the table's players here
    (``documents.pdf_sheets.sheet_link``): they see the deals as
    entered, to check them against their sheet. A closed round waiting to be
    published, a hidden one, or one entered at the tables shows the seats
    only (docs/roles.md). A public round's page is cached like the others;
    a running round's is read fresh (its deals do not raise the version)."""
    tournament = event_or_404(slug)
    hidden = hidden_until_prize_giving(tournament, number)
    results = number in public_round_numbers(tournament)
    as_entered = (
        not results
        and not hidden
        and (
            tournament.entry_mode == Tournament.EntryMode.TD
            and tournament.round_set.filter(
                number=number, status=Round.Status.SEATED
            ).exists()
        )
    )

    def build() -> dict:
        shows = results or as_entered
        try:
            rows = table_round_rows(tournament, number, table, with_deals=shows)
        except TableRound.DoesNotExist:
            raise Http404 from None
        return page_context(
            request,
            tournament,
            number=number,
            rows=rows,
            hidden=hidden,
            results=shows,
            live=as_entered and not rows.closed,
            shown=shown_entries(tournament),
        )

    template = "public/table_content.html"
    partial = "public/table_live.html"
    title = _("Round %(n)s · table %(t)s") % {"n": number, "t": table}
    if results:
        return public_page(
            request,
            tournament,
            template,
            partial,
            build,
            lambda c: f"{tournament.name} · {title}",
        )
    context = build()
    if request.headers.get("HX-Request") == "true":
        return render(request, partial, context)
    content = render_to_string(template, context, request=request)
    return render(
        request,
        "public/page.html",
        {
            **context,
            "content": mark_safe(content),
            "page_title": f"{tournament.name} · {title}",
        },
    )
