"""URLs by audience: the TD's pages, deal entry, public pages, exports."""

from django.urls import include, path

app_name = "tournaments"
urlpatterns = [
    path("", include("tournaments.urls_td")),
    path("", include("tournaments.urls_entry")),
    path("", include("tournaments.urls_public")),
    path("", include("tournaments.urls_exports")),
]
