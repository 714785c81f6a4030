"""A season's downloads. The lead joins these to the ``seasons``
namespace: ``urlpatterns += urls_exports.urlpatterns`` in seasons/urls.py."""

from django.urls import path

from seasons import views_exports

E = "manage/season/<slug:slug>/export/"

urlpatterns = [
    path(E + "pdf/", views_exports.export_pdf, name="export-pdf"),
    path(E + "xlsx/", views_exports.export_xlsx, name="export-xlsx"),
    path(E + "json/", views_exports.export_json, name="export-json"),
    path("manage/seasons/import/", views_exports.import_season, name="import"),
]
