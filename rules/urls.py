from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("<slug:code>/", views.detail, name="detail"),
    path("<slug:code>/edit/", views.edit, name="edit"),
]
