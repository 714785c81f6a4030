from django.contrib import admin
from django.urls import include, path

from rikscore.language import switch_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("language/", switch_language, name="language"),
    path("rules/", include("rules.urls")),
    path("", include("public.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
