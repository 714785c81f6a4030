"""Public rating pages: the list (everyone's current rating) and one
player's history with a small chart. Each reads a fixed number of queries
whatever the number of players or events; no cache is needed. A player is
addressed by the public identifier, and only once they played a public
round: the register itself needs a login."""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from publicpages.cache import reads
from publicpages.rating_chart import line_chart
from seasons.ratings import PROVISIONAL_EVENTS, current_ratings, rating_history
from tournaments.models import Player
from tournaments.people import Person, shown, shown_names
from tournaments.visibility import played_in_public

PER_PAGE = 100


@reads("page")
def rating_list(request):
    page = Paginator(current_ratings(), PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    names = shown_names(  # as shown together on this page (tournaments.people)
        {r.player_id: Person.of(r.player) for r in page.object_list}
    )
    for rating in page.object_list:
        rating.shown_name = names.get(rating.player_id, "?")
    return render(
        request,
        "public/ratings.html",
        {
            "page": page,
            "provisional": PROVISIONAL_EVENTS,
        },
    )


def player_history(request, public_id: str):
    player = get_object_or_404(
        Player.objects.filter(played_in_public(entry__player="pk")).select_related(
            "club"
        ),
        public_id=public_id,
    )
    rows = rating_history(player)
    chart = line_chart([row["rating"].ordinal for row in rows])
    return render(
        request,
        "public/rating_history.html",
        {
            "player": player,
            "name": shown(Person.of(player)),
            "rows": rows,
            "current": rows[-1] if rows else None,
            "chart": chart,
            "provisional": PROVISIONAL_EVENTS,
        },
    )
