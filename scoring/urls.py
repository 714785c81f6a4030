"""Scoring's pages, all for the event's TD (and jury): deal entry, one
table-round per screen; the jury's calls; standings and the zero-sum check;
exports and imports."""

from django.urls import path

from scoring import views_exports, views_jury, views_standings, views_whatif
from scoring.entry import totals_views as totals
from scoring.entry import views as entry
from scoring.tableside import views as tableside
from scoring.tableside import views_offline as offline
from scoring.tableside import views_td as hall

app_name = "scoring"
M = "manage/<slug:slug>/"
T = M + "round/<int:round>/table/<int:table>/"
TT = M + "round/<int:round>/totals/"  # one round's tables by their totals

K = "k/<str:slot>/<str:secret>/"  # a table's own link (table-side entry)

urlpatterns = [
    path("k/worker.js", offline.worker, name="tableside-worker"),
    path(K, tableside.page, name="tableside"),
    path(K + "seat/", tableside.choose_seat, name="tableside-seat"),
    path(K + "deal/<int:number>/", tableside.submit, name="tableside-deal"),
    path(K + "deal/<int:number>/preview/", tableside.preview, name="tableside-preview"),
    path(K + "confirm/<int:entry_id>/", tableside.confirm, name="tableside-confirm"),
    path(K + "call/", tableside.call, name="tableside-call"),
    path(K + "status/", tableside.status, name="tableside-status"),
    path(K + "token/", tableside.token, name="tableside-token"),
    path(M + "round/<int:round>/hall/", hall.hall, name="hall"),
    path(M + "round/<int:round>/hall/tables/", hall.hall_tables, name="hall-tables"),
    path(M + "round/<int:round>/clock/", hall.clock, name="hall-clock"),
    path(T + "disputes/", hall.disputes, name="disputes"),
    path(T + "answered/", hall.answered, name="hall-answered"),
    path(T + "release/", hall.release, name="hall-release"),
    path(T, entry.table_page, name="entry-table"),
    path(T + "deal/<int:deal>/", entry.deal_page, name="entry-deal"),
    path(T + "deal/<int:deal>/preview/", entry.preview, name="entry-preview"),
    path(T + "deal/<int:deal>/delete/", entry.delete, name="entry-delete"),
    path(T + "sheet/", entry.sheet, name="entry-sheet"),
    path(T + "close/", entry.close, name="entry-close"),
    path(T + "reopen/", entry.reopen, name="entry-reopen"),
    path(TT, totals.totals_page, name="totals"),
    path(TT + "<int:table>/", totals.totals_table, name="totals-table"),
    path(TT + "<int:table>/deals/", totals.totals_to_deals, name="totals-deals"),
    path(M + "jury/", views_jury.jury, name="td-jury"),
    path(M + "standings/", views_standings.standings_td, name="standings-td"),
    path(M + "reconciliation/", views_standings.recon_td, name="recon-td"),
    path(M + "whatif/", views_whatif.whatif_td, name="whatif-td"),
    path(M + "export/", views_exports.export_index, name="export-index"),
    path(M + "export/pdf/<str:what>/", views_exports.export_pdf, name="export-pdf"),
    path(M + "export/xlsx/", views_exports.export_xlsx, name="export-xlsx"),
    path(M + "export/json/", views_exports.export_json, name="export-json"),
    path(
        "import/tournament/", views_exports.import_tournament, name="import-tournament"
    ),
    path("import/players/", views_exports.import_players, name="import-players"),
    path(
        M + "entries/import/",
        views_exports.import_event_players,
        name="import-event-players",
    ),
]
