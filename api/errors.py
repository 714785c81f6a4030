"""Every error under ``/api/`` is the API's JSON error,
``{"errors": [{"code", "message"}]}`` (``api.schemas.Errors``), whoever
answered it: ninja's 405 for a method a route does not take, the request
limits' 400 and 413 (``core/request_limits.py``), a busy database's
503 (``core/busy.py``), Django's own 404 and 500 pages. A program
reading the API then never has to parse an HTML page or plain text.

The middleware stands outside all of those (near the top of
``MIDDLEWARE``) and rewrites only an error that is not JSON already; the
API's own errors pass untouched. Headers that tell the client what to do
(``Allow``, ``Retry-After``, ``WWW-Authenticate``) are kept.
"""

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

PREFIX = "/api/"
#: The code a program tests, by status.
CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    429: "rate_limited",
    500: "server_error",
    503: "busy",
}
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def message_of(request, response: HttpResponse) -> str:
    """The words for a person: a plain-text answer already has them (in the
    request's language); an HTML page or an empty body gets them here."""
    if response.get("Content-Type", "").startswith("text/plain"):
        text = response.content.decode("utf-8", "replace").strip()
        if text:
            return text
    status = response.status_code
    if status == 404:
        return _("Not found.")
    if status == 405:
        return _("This address does not take %(method)s; it takes %(allowed)s.") % {
            "method": request.method,
            "allowed": response.get("Allow", ""),
        }
    if status >= 500:
        return _("Something went wrong on the server. Try again later.")
    return _("The request was refused.")


def as_json(request, response: HttpResponse) -> JsonResponse:
    status = response.status_code
    code = CODES.get(status, "server_error" if status >= 500 else "error")
    body = {"errors": [{"code": code, "message": message_of(request, response)}]}
    answer = JsonResponse(body, status=status)
    for name in KEPT_HEADERS:
        if name in response:
            answer[name] = response[name]
    return answer


class JsonApiErrorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.path.startswith(PREFIX)
            and response.status_code >= 400
            and not is_json(response)
        ):
            return as_json(request, response)
        return response
