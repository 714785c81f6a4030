"""The TD's pages of an event (/manage/…: tournaments, entries, rounds and
seating, roles, audit) and the player register (/players/, /clubs/). Deal
entry, standings and exports are ``scoring.urls``; public pages ``public.urls``."""

from django.urls import path

from tournaments import (
    views_apart,
    views_register,
    views_roster,
    views_round,
    views_td,
)

R = "manage/<slug:slug>/round/<int:number>/"
app_name = "tournaments"
urlpatterns = [
    path("manage/", views_td.manage, name="manage"),
    path("manage/new/", views_td.create, name="td-create"),
    path("manage/<slug:slug>/", views_td.detail, name="detail"),
    path("manage/<slug:slug>/settings/", views_td.settings, name="td-settings"),
    path("manage/<slug:slug>/roles/", views_td.role_add, name="td-role-add"),
    path(
        "manage/<slug:slug>/roles/<int:pk>/remove/",
        views_td.role_remove,
        name="td-role-remove",
    ),
    path("manage/<slug:slug>/audit/", views_td.audit_log, name="td-audit"),
    path("manage/<slug:slug>/entries/", views_roster.entries, name="td-entries"),
    path(
        "manage/<slug:slug>/keep-apart/",
        views_apart.keep_apart,
        name="td-keep-apart",
    ),
    path(
        "manage/<slug:slug>/keep-apart/<int:pk>/remove/",
        views_apart.keep_apart_remove,
        name="td-keep-apart-remove",
    ),
    path(
        "manage/<slug:slug>/entries/quick/",
        views_roster.entry_quick,
        name="td-entry-quick",
    ),
    path(
        "manage/<slug:slug>/entries/checkin-all/",
        views_roster.check_in_all,
        name="td-checkin-all",
    ),
    path(
        "manage/<slug:slug>/entries/<int:pk>/",
        views_roster.entry_action,
        name="td-entry-action",
    ),
    path(
        "manage/<slug:slug>/entries/<int:pk>/withdraw/",
        views_roster.withdraw_page,
        name="td-withdraw",
    ),
    path(R, views_round.round_page, name="td-round"),
    path(R + "generate/", views_round.generate, name="td-seat"),
    path(R + "swap/", views_round.swap, name="td-swap"),
    path(R + "move/", views_round.move, name="td-move"),
    path(R + "close/", views_round.close, name="td-round-close"),
    path(R + "reopen/", views_round.reopen, name="td-round-reopen"),
    path(R + "publish/", views_round.publish, name="td-round-publish"),
    path("players/", views_register.players, name="td-players"),
    path("players/<int:pk>/", views_register.player_edit, name="td-player-edit"),
    path(
        "players/<int:keep>/merge/<int:gone>/",
        views_register.player_merge,
        name="td-player-merge",
    ),
    path(
        "players/mail-requests/<int:pk>/<str:decision>/",
        views_register.mail_request,
        name="td-mail-request",
    ),
    path("clubs/", views_register.clubs, name="td-clubs"),
    path("clubs/<int:pk>/", views_register.club_edit, name="td-club-edit"),
]
