from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("rules/", include("rules.urls")),
    path("", include("public.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
