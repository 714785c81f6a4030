"""Public pages (no login): standings, round results, a player's deals.

Only published rounds show, minus the hidden last rounds (the same rule as
``standings_for(public=True)``). While a round is being played the pages
refresh their table through htmx; an htmx request gets the partial only.
Every page's content is cached under the event's version (``public.cache``):
a page that was built once costs the database one query until something of
the event changes.
"""

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from public.cache import cached_fragment, keep_page, shared_page_key
from scoring.rowsource import by_player, deal_rows, round_rows, standings_rows
from scoring.tables import PlayerDealsTable, TableResultTable, standings_table
from tournaments.models import Bye, Entry, Round, Tournament

REFRESH_SECONDS = 30


def public_rounds(tournament: Tournament) -> list[int]:
    """Round numbers the public may see."""
    rounds = tournament.round_set.filter(published=True)
    if tournament.hide_last_rounds:
        rounds = rounds.filter(
            number__lte=tournament.rounds - tournament.hide_last_rounds
        )
    return list(rounds.values_list("number", flat=True).order_by("number"))


def is_live(tournament: Tournament) -> bool:
    """A round is seated (or closed) but its results are not yet published."""
    return (
        tournament.round_set.filter(published=False)
        .exclude(status=Round.Status.DRAFT)
        .exists()
    )


def _context(request, tournament: Tournament, **extra) -> dict:
    return {
        "tournament": tournament,
        "rounds": public_rounds(tournament),
        "live": is_live(tournament),
        "refresh": REFRESH_SECONDS,
        "refresh_url": request.path,
        **extra,
    }


def _page(request, tournament, content: str, partial: str, build, title):
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
    context = {**context, "tournament": tournament, "content": html,
               "page_title": heading}  # fmt: skip
    if shared:
        context["csrf_token"] = ""  # the same bytes for every visitor
    response = render(request, "tournaments/public/page.html", context)
    if shared:
        keep_page(shared, response.content)
    return response


def _tournament(slug: str) -> Tournament:
    """The one query a cached page costs (the event carries its version)."""
    return get_object_or_404(Tournament.objects.defer("rules_snapshot"), slug=slug)


def home(request):
    tournaments = Tournament.objects.only("slug", "name", "date", "venue")
    return render(request, "tournaments/public/home.html", {"tournaments": tournaments})


def standings(request, slug: str):
    tournament = _tournament(slug)

    def build() -> dict:
        rowset = standings_rows(tournament, public=True)
        table = standings_table(
            rowset,
            player_url=lambda entry: reverse("public:player", args=[slug, entry]),
        )
        return _context(request, tournament, table=table)

    return _page(
        request, tournament, "tournaments/public/standings_content.html",
        "tournaments/public/standings_table.html", build,
        lambda c: f"{tournament.name} · {_('Standings')}",
    )  # fmt: skip


def round_results(request, slug: str, number: int):
    tournament = _tournament(slug)

    def build() -> dict:
        context = _context(request, tournament, number=number)
        if number not in context["rounds"]:
            raise Http404
        context["tables"] = [
            (t["table"], TableResultTable(t["seats"]))
            for t in round_rows(tournament, number)
        ]
        context["byes"] = list(
            Bye.objects.filter(round__tournament=tournament, round__number=number)
            .select_related("entry__player__club")
            .order_by("entry__player__name")
        )
        return context

    content = "tournaments/public/round_content.html"
    return _page(request, tournament, content, content, build,
                 lambda c: f"{tournament.name} · "
                           f"{_('Round %(n)s') % {'n': number}}")  # fmt: skip


def player(request, slug: str, entry_id: int):
    tournament = _tournament(slug)

    def build() -> dict:
        entry = get_object_or_404(
            Entry.objects.select_related("player__club"),
            tournament=tournament, pk=entry_id,
        )  # fmt: skip
        context = _context(request, tournament, entry=entry)
        rows = player_deals(tournament, entry.pk, context["rounds"])
        context["table"] = PlayerDealsTable(rows)
        context["total"] = rows[-1]["total"] if rows else 0
        context["byes"] = list(
            entry.byes.filter(round__number__in=context["rounds"])
            .values_list("round__number", flat=True)
            .order_by("round__number")
        )
        return context

    return _page(
        request, tournament, "tournaments/public/player_content.html",
        "tournaments/public/player_table.html", build,
        lambda c: f"{c['entry'].player.name} · {tournament.name}",
    )  # fmt: skip


def player_deals(tournament: Tournament, entry_id: int, rounds: list[int]):
    """The deals an entry played in ``rounds`` with its points and running total."""
    if not rounds:
        return []
    rows = deal_rows(tournament, round_numbers=rounds, entry_id=entry_id)
    return by_player(rows, {entry_id})[entry_id]
