"""Public stats pages; routes join the public namespace."""

from django.urls import path

from publicpages import views_stats

urlpatterns: list = [
    path(
        "t/<slug:slug>/player/<int:entry_id>/stats/",
        views_stats.event_player,
        name="player-stats",
    ),
    path(
        "s/<slug:competition_slug>/player/<slug:public_id>/",
        views_stats.season_player,
        name="season-player",
    ),
    path("club/<int:club_id>/", views_stats.club, name="club"),
]
