from django.urls import path

from rules import views, views_files

app_name = "rules"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("import/file/", views_files.upload, name="import"),
    path("<slug:code>/", views.detail, name="detail"),
    path("<slug:code>/edit/", views.edit, name="edit"),
    path("<slug:code>/download/", views_files.download, name="download"),
]
