"""Public pages (no login): the events, standings, rounds, players."""

from django.urls import path

from publicpages import (
    urls_embed,
    urls_ratings,
    urls_season,
    urls_stats,
    views,
    views_screen,
)
from publicpages.views_whatif import whatif

app_name = "public"
T = "t/<slug:slug>/"

urlpatterns = [
    path("", views.home, name="home"),
    path(T, views.standings, name="standings"),
    path(T + "round/<int:number>/", views.round_results, name="round"),
    path(T + "player/<int:entry_id>/", views.player, name="player"),
    path(T + "round/<int:number>/table/<int:table>/", views.table_round, name="table"),
    path(T + "screen/", views_screen.screen_standings, name="screen"),
    path(T + "screen/round/", views_screen.screen_round, name="screen-round"),
    path(T + "whatif/", whatif, name="whatif"),
]

# Club competitions: seasons, statistics, ratings.
urlpatterns += (
    urls_season.urlpatterns + urls_stats.urlpatterns + urls_ratings.urlpatterns
)
# Embeddable standings and calendar feeds.
urlpatterns += urls_embed.urlpatterns
