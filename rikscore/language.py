"""The language switch as plain links (NL · EN): choosing a language only
sets the language cookie, so it needs no form and no CSRF token, and every
visitor of a public page gets the very same bytes (``publicpages.middleware``)."""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET


@require_GET
def switch_language(request):
    code = request.GET.get("language", "")
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    if code in dict(settings.LANGUAGES):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response
