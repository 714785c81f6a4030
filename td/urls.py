"""The TD's and the club secretary's pages (login): the events under
/manage/<code>/ (entries, rounds and seating, deal entry, typed totals, the
hall, the jury, standings, what-if, settings, roles, audit), the seasons
under /manage/season/<code>/, the player register (/players/, /clubs/) and
the rule schedules (/rules/, read by anyone, edited by organisers).
Downloads and uploads are ``documents.urls``; the phones' pages
``tableside.urls``; the public's ``publicpages.urls``."""

from django.urls import path

from td import (
    views_apart,
    views_entry,
    views_event,
    views_hall,
    views_jury,
    views_privacy,
    views_register,
    views_roster,
    views_round,
    views_rules,
    views_season,
    views_season_undo,
    views_standings,
    views_totals,
    views_whatif,
)

app_name = "td"
M = "manage/<slug:slug>/"
R = M + "round/<int:number>/"
T = M + "round/<int:round>/table/<int:table>/"
TT = M + "round/<int:round>/totals/"  # one round's tables by their totals
S = "manage/season/<slug:slug>/"

seasons = [  # before the events: /manage/seasons/ is no event's code
    path("manage/seasons/", views_season.season_list, name="seasons"),
    path(S, views_season.season_detail, name="season"),
    path(S + "evening/", views_season.new_evening, name="season-new-evening"),
    path(S + "ranking/", views_season.ranking, name="season-ranking"),
    path(S + "close/", views_season_undo.close, name="season-close"),
    path(S + "reopen/", views_season_undo.reopen, name="season-reopen"),
    path(S + "delete/", views_season_undo.season_delete, name="season-delete"),
    path(
        S + "evening/<int:number>/delete/",
        views_season_undo.evening_delete,
        name="season-delete-evening",
    ),
    path(S + "teams/", views_season.add_team, name="season-add-team"),
    path(
        "manage/team/<int:pk>/delete/",
        views_season.delete_team,
        name="season-delete-team",
    ),
]

events = [
    path("manage/", views_event.manage, name="home"),
    path("manage/new/", views_event.create, name="create"),
    path(M, views_event.detail, name="event"),
    path(M + "settings/", views_event.settings, name="settings"),
    path(M + "roles/", views_event.role_add, name="role-add"),
    path(M + "roles/<int:pk>/remove/", views_event.role_remove, name="role-remove"),
    path(M + "audit/", views_event.audit_log, name="audit"),
    path(M + "entries/", views_roster.entries, name="entries"),
    path(M + "keep-apart/", views_apart.keep_apart, name="keep-apart"),
    path(
        M + "keep-apart/<int:pk>/remove/",
        views_apart.keep_apart_remove,
        name="keep-apart-remove",
    ),
    path(M + "entries/quick/", views_roster.entry_quick, name="entry-quick"),
    path(M + "entries/checkin-all/", views_roster.check_in_all, name="checkin-all"),
    path(M + "entries/<int:pk>/", views_roster.entry_action, name="entry-action"),
    path(M + "entries/<int:pk>/withdraw/", views_roster.withdraw_page, name="withdraw"),
    path(R, views_round.round_page, name="round"),
    path(R + "generate/", views_round.generate, name="seat"),
    path(R + "swap/", views_round.swap, name="swap"),
    path(R + "move/", views_round.move, name="move"),
    path(R + "close/", views_round.close, name="round-close"),
    path(R + "reopen/", views_round.reopen, name="round-reopen"),
    path(R + "publish/", views_round.publish, name="round-publish"),
]

scoring = [
    path(M + "round/<int:round>/hall/", views_hall.hall, name="hall"),
    path(
        M + "round/<int:round>/hall/tables/", views_hall.hall_tables, name="hall-tables"
    ),
    path(M + "round/<int:round>/clock/", views_hall.clock, name="hall-clock"),
    path(T + "disputes/", views_hall.disputes, name="disputes"),
    path(T + "answered/", views_hall.answered, name="hall-answered"),
    path(T + "release/", views_hall.release, name="hall-release"),
    path(T, views_entry.table_page, name="entry-table"),
    path(T + "deal/<int:deal>/", views_entry.deal_page, name="entry-deal"),
    path(T + "deal/<int:deal>/preview/", views_entry.preview, name="entry-preview"),
    path(T + "deal/<int:deal>/delete/", views_entry.delete, name="entry-delete"),
    path(T + "sheet/", views_entry.sheet, name="entry-sheet"),
    path(T + "close/", views_entry.close, name="entry-close"),
    path(T + "reopen/", views_entry.reopen, name="entry-reopen"),
    path(TT, views_totals.totals_page, name="totals"),
    path(TT + "<int:table>/", views_totals.totals_table, name="totals-table"),
    path(TT + "<int:table>/deals/", views_totals.totals_to_deals, name="totals-deals"),
    path(M + "jury/", views_jury.jury, name="jury"),
    path(M + "standings/", views_standings.standings_td, name="standings"),
    path(M + "reconciliation/", views_standings.recon_td, name="reconciliation"),
    path(M + "whatif/", views_whatif.whatif_td, name="whatif"),
]

register = [
    path("players/", views_register.players, name="players"),
    path("players/<int:pk>/", views_register.player_edit, name="player-edit"),
    path(
        "players/<int:keep>/merge/<int:gone>/",
        views_register.player_merge,
        name="player-merge",
    ),
    path(
        "players/mail-requests/<int:pk>/<str:decision>/",
        views_register.mail_request,
        name="mail-request",
    ),
    # A register player's erasure (docs/privacy.md); the data: documents.
    path("players/<int:pk>/erase/", views_privacy.player_erase, name="player-erase"),
    path("clubs/", views_register.clubs, name="clubs"),
    path("clubs/<int:pk>/", views_register.club_edit, name="club-edit"),
]

rules = [  # after the documents' /rules/import/file/ (root URLconf)
    path("rules/", views_rules.overview, name="rules"),
    path("rules/<slug:code>/", views_rules.detail, name="rule-schedule"),
    path("rules/<slug:code>/edit/", views_rules.edit, name="rule-edit"),
]

urlpatterns = seasons + events + scoring + register + rules
