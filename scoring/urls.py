"""Scoring's pages, all for the event's TD (and jury): deal entry, one
table-round per screen; the jury's calls; standings and the zero-sum check;
exports and imports."""

from django.urls import path

from scoring import views_exports, views_jury, views_standings
from scoring.entry import views as entry

app_name = "scoring"
M = "manage/<slug:slug>/"
T = M + "round/<int:round>/table/<int:table>/"

urlpatterns = [
    path(T, entry.table_page, name="entry-table"),
    path(T + "deal/<int:deal>/", entry.deal_page, name="entry-deal"),
    path(T + "deal/<int:deal>/preview/", entry.preview, name="entry-preview"),
    path(T + "deal/<int:deal>/delete/", entry.delete, name="entry-delete"),
    path(T + "sheet/", entry.sheet, name="entry-sheet"),
    path(T + "close/", entry.close, name="entry-close"),
    path(T + "reopen/", entry.reopen, name="entry-reopen"),
    path(M + "jury/", views_jury.jury, name="td-jury"),
    path(M + "standings/", views_standings.standings_td, name="standings-td"),
    path(M + "reconciliation/", views_standings.recon_td, name="recon-td"),
    path(M + "export/", views_exports.export_index, name="export-index"),
    path(M + "export/pdf/<str:what>/", views_exports.export_pdf, name="export-pdf"),
    path(M + "export/xlsx/", views_exports.export_xlsx, name="export-xlsx"),
    path(M + "export/json/", views_exports.export_json, name="export-json"),
    path("import/tournament/", views_exports.import_tournament,
         name="import-tournament"),
    path("import/players/", views_exports.import_players, name="import-players"),
]  # fmt: skip
