"""A refused CSRF token, said in a way the page that sent it understands.

A page's script that posts for JSON (the table's page keeping deals on a
phone, ``static/js/tableside.js``) gets ``{"ok": false, "code": "csrf"}``
with the 403, so it can fetch a fresh token and send again by itself: a
deal kept on a phone whose cookies went meanwhile is not lost behind an
error page it cannot read. Every other request gets the site's error page
in its language, with a way back (``rikscore.errors``).
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

CODE = "csrf"


def failure(request, reason: str = ""):
    """``CSRF_FAILURE_VIEW``: JSON for a request that asks for JSON."""
    if request.headers.get("Accept", "").startswith("application/json"):
        message = _("This page's security token has expired: reload the page.")
        return JsonResponse({"ok": False, "code": CODE, "message": message}, status=403)
    return render(
        request,
        "error.html",
        {
            "title": _("The form has expired"),
            "message": _(
                "This page's security token has expired or your browser "
                "refused the site's cookie. Go back, reload the page and "
                "send it again."
            ),
            "status": 403,
        },
        status=403,
    )
