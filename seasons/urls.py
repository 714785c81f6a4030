"""The secretary's season pages (login: the club's organisers, staff)."""

from django.urls import path

from seasons import urls_exports, views

app_name = "seasons"
S = "manage/season/<slug:slug>/"

urlpatterns = [
    path("manage/seasons/", views.season_list, name="list"),
    path(S, views.season_detail, name="detail"),
    path(S + "evening/", views.new_evening, name="new-evening"),
    path(S + "ranking/", views.ranking, name="ranking"),
    path(S + "close/", views.close, name="close"),
    path(S + "teams/", views.add_team, name="add-team"),
    path("manage/team/<int:pk>/delete/", views.delete_team, name="delete-team"),
]
urlpatterns += urls_exports.urlpatterns  # manage/season/<slug>/export/…
