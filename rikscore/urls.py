from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("rules/", include("rules.urls")),
    path("", RedirectView.as_view(pattern_name="rules:overview"), name="home"),
]
