"""The error pages in the site's look and language, each with a way back.

Django's own 400 and 500 pages are bare English text, and its 404 page
knows nothing of the site (issue 40). These render ``error.html`` with the
request, so the page speaks the visitor's language and offers the home
page (and, logged in, their tournaments). A 400 says what was wrong only
when the site itself said it (``BadRequest``: "Unknown export."), never a
server's detail. The 500 page renders with as little as possible: when even
that fails, Django's plain text answers.
"""

from django.core.exceptions import BadRequest
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

TEMPLATE = "error.html"


def _page(request, status: int, title: str, message: str):
    return render(
        request,
        TEMPLATE,
        {"title": title, "message": message, "status": status},
        status=status,
    )


def bad_request(request, exception=None):
    said = str(exception) if type(exception) is BadRequest and str(exception) else ""
    return _page(
        request,
        400,
        _("This request cannot be answered"),
        said or _("The address or the form sent is not one this site understands."),
    )


def page_not_found(request, exception=None):
    return _page(
        request,
        404,
        _("Page not found"),
        _(
            "There is no page at this address. It may have moved, or the event "
            "or player it showed is no longer here."
        ),
    )


@requires_csrf_token
def server_error(request):
    return _page(
        request,
        500,
        _("Something went wrong"),
        _(
            "The site could not make this page. Nothing you entered is lost "
            "unless a page said it was saved; try again in a moment."
        ),
    )
