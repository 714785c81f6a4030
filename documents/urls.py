"""Every download and upload: an event's PDFs, workbook and backup, a
season's, a rule file, a member's own data; the imports of an event or
season backup, a player list and a rule file; the open results file's
schema, specification, examples and check page. Before the TD's and the
public's routes in the root URLconf: /manage/seasons/import/ and
/rules/import/file/ would read as codes there."""

from django.urls import path

from documents import (
    views,
    views_member,
    views_results_file,
    views_rule_files,
    views_season,
)
from documents.results_file_schema import SCHEMAS

app_name = "documents"
M = "manage/<slug:slug>/"
E = "manage/season/<slug:slug>/export/"
R = "results-file/"  # the open results file (docs/results-file.md): for anyone

urlpatterns = [
    path(M + "export/", views.export_index, name="index"),
    path(M + "export/pdf/<str:what>/", views.export_pdf, name="pdf"),
    path(M + "export/xlsx/", views.export_xlsx, name="xlsx"),
    path(M + "export/json/", views.export_json, name="json"),
    path(
        M + "entries/import/", views.import_event_players, name="import-event-players"
    ),
    path("import/tournament/", views.import_tournament, name="import-event"),
    path("import/players/", views.import_players, name="import-players"),
    path(E + "pdf/", views_season.export_pdf, name="season-pdf"),
    path(E + "xlsx/", views_season.export_xlsx, name="season-xlsx"),
    path(E + "json/", views_season.export_json, name="season-json"),
    path("manage/seasons/import/", views_season.import_season, name="import-season"),
    path("rules/import/file/", views_rule_files.upload, name="import-rules"),
    path("rules/<slug:code>/download/", views_rule_files.download, name="rule-file"),
    path("players/<int:pk>/data.json", views_member.member_data, name="member-data"),
    path(R + "check/", views_results_file.check, name="results-file-check"),
    path(R + "spec.md", views_results_file.specification, name="results-file-spec"),
    path(
        R + "schema/rikscore-event.json",
        views_results_file.schema,
        name="results-file-schema",
    ),
    *(
        path(
            R + f"schema/rikscore-event-{version}.json",
            views_results_file.schema,
            {"version": version},
            name=f"results-file-schema-{version}",
        )
        for version in SCHEMAS
    ),
    *(
        path(
            R + f"examples/{name}.json",
            views_results_file.example,
            {"name": name},
            name=f"results-file-example-{name}",
        )
        for name in views_results_file.EXAMPLES
    ),
]
