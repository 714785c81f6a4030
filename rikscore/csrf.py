"""A refused CSRF token, said in a way the page that sent it understands.

A page's script that posts for JSON (the table's page keeping deals on a
phone, ``static/js/tableside.js``) gets ``{"ok": false, "code": "csrf"}``
with the 403, so it can fetch a fresh token and send again by itself: a
deal kept on a phone whose cookies went meanwhile is not lost behind an
error page it cannot read. Every other request gets Django's own page.
"""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure

CODE = "csrf"


def failure(request, reason: str = ""):
    """``CSRF_FAILURE_VIEW``: JSON for a request that asks for JSON."""
    if request.headers.get("Accept", "").startswith("application/json"):
        message = _("This page's security token has expired: reload the page.")
        return JsonResponse({"ok": False, "code": CODE, "message": message}, status=403)
    return csrf_failure(request, reason)
