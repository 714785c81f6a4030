"""Public rating pages: the list (everyone's current rating) and one
player's history with a small chart. Each reads a fixed number of queries
whatever the number of players or events; no cache is needed."""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from seasons.rating_chart import line_chart
from seasons.ratings import PROVISIONAL_EVENTS, current_ratings, rating_history
from tournaments.models import Player

PER_PAGE = 100


def rating_list(request):
    page = Paginator(current_ratings(), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "tournaments/public/ratings.html", {
        "page": page, "provisional": PROVISIONAL_EVENTS,
    })  # fmt: skip


def player_history(request, player_id: int):
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    rows = rating_history(player)
    chart = line_chart([row["rating"].ordinal for row in rows])
    return render(request, "tournaments/public/rating_history.html", {
        "player": player, "rows": rows, "current": rows[-1] if rows else None,
        "chart": chart, "provisional": PROVISIONAL_EVENTS,
    })  # fmt: skip
