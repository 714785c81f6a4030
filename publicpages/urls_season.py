"""Public season pages (club competitions); routes join the public namespace."""

from django.urls import path

from publicpages import views_season

urlpatterns: list = [
    path("s/", views_season.season_list, name="seasons"),
    path("s/<slug:slug>/", views_season.season, name="season"),
    path("s/<slug:slug>/teams/", views_season.teams, name="season-teams"),
    path(
        "s/<slug:slug>/prikbord/",
        views_season.notice_board,
        name="season-notice-board",
    ),
]
