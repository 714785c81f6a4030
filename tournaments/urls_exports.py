"""Exports (TD of the event) and imports (register managers)."""

from django.urls import path

from scoring import views_exports as views

urlpatterns = [
    path("manage/<slug:slug>/export/", views.export_index, name="export-index"),
    path("manage/<slug:slug>/export/pdf/<str:what>/", views.export_pdf,
         name="export-pdf"),
    path("manage/<slug:slug>/export/xlsx/", views.export_xlsx, name="export-xlsx"),
    path("manage/<slug:slug>/export/json/", views.export_json, name="export-json"),
    path("import/tournament/", views.import_tournament, name="import-tournament"),
    path("import/players/", views.import_players, name="import-players"),
]  # fmt: skip
