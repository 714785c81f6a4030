"""The secretary's season pages (login: the club's organisers, staff)."""

from django.urls import path

from seasons import urls_exports, views, views_privacy, views_undo

app_name = "seasons"
S = "manage/season/<slug:slug>/"

urlpatterns = [
    path("manage/seasons/", views.season_list, name="list"),
    path(S, views.season_detail, name="detail"),
    path(S + "evening/", views.new_evening, name="new-evening"),
    path(S + "ranking/", views.ranking, name="ranking"),
    path(S + "close/", views_undo.close, name="close"),
    path(S + "reopen/", views_undo.reopen, name="reopen"),
    path(S + "delete/", views_undo.season_delete, name="delete"),
    path(
        S + "evening/<int:number>/delete/",
        views_undo.evening_delete,
        name="delete-evening",
    ),
    path(S + "teams/", views.add_team, name="add-team"),
    path("manage/team/<int:pk>/delete/", views.delete_team, name="delete-team"),
    # A register player's data request (docs/privacy.md).
    path("players/<int:pk>/data.json", views_privacy.player_data, name="player-data"),
    path("players/<int:pk>/erase/", views_privacy.player_erase, name="player-erase"),
]
urlpatterns += urls_exports.urlpatterns  # manage/season/<slug>/export/…
