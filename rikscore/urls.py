from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from rikscore.language import switch_language


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links: send them to
    the static icon (its hashed name in production)."""
    return redirect(static("img/favicon.ico"))


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("language/", switch_language, name="language"),
    # Downloads and uploads first: /manage/seasons/import/ and
    # /rules/import/file/ would read as codes in the pages below.
    path("", include("documents.urls")),
    path("", include("publicpages.urls")),
    path("api/", include("api.urls")),
    path("", include("api.urls_manage")),  # the TD's token page
    path("", include("mailings.urls")),
    path("", include("publishing.urls")),
    path("", include("tableside.urls")),
    path("", include("td.urls")),
]

# The error pages in the site's look and language (rikscore/errors.py).
handler400 = "rikscore.errors.bad_request"
handler404 = "rikscore.errors.page_not_found"
handler500 = "rikscore.errors.server_error"
