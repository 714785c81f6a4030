"""Public pages (no login) and the TD's standings and reconciliation."""

from django.urls import path

from scoring import views_standings
from tournaments import views_public

T = "t/<slug:slug>/"
urlpatterns = [
    path("", views_public.home, name="public-home"),
    path(T, views_public.standings, name="public-standings"),
    path(T + "round/<int:number>/", views_public.round_results, name="public-round"),
    path(T + "player/<int:entry_id>/", views_public.player, name="public-player"),
    path(
        "manage/<slug:slug>/standings/",
        views_standings.standings_td,
        name="standings-td",
    ),
    path(
        "manage/<slug:slug>/reconciliation/",
        views_standings.recon_td,
        name="recon-td",
    ),
]
