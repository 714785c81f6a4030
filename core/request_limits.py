"""What a request may carry, judged before any view reads it.

**Its size.** Django reads a POST's body on first use, and the CSRF check
uses it before any view has looked at who is asking, so a 400 MB upload by
anyone was written to disk before a login check refused it. The size is
judged from ``Content-Length`` alone: a visitor who is not logged in sends
what a phone or the login form needs; a logged-in one at most the largest
file an import takes (a season backup). So may a request that carries a
key to a door that checks it before reading the body
(``settings.KEYED_UPLOAD_PATHS``: a hall sending an event's file with its
upload key).

**No NUL.** A NUL character is never meant in a form's text, and PostgreSQL
refuses it in any text it is asked to compare or store (a 500 wherever a
view looks a posted value up). Django's form fields refuse it; this refuses
it in the query string and in every posted field, where views also read
values directly. A file upload's bytes are not text and are left to the
importer.
"""

from django.conf import settings
from django.http import HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _

#: A table's deal, a confirmation, the login form: a few kilobytes.
ANONYMOUS_BYTES = 256 * 1024
#: The largest import: a season backup of many evenings.
LOGGED_IN_BYTES = 60 * 1024 * 1024
NUL = (b"%00", b"\x00")
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


class RequestLimitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > ANONYMOUS_BYTES:
            limit = (
                LOGGED_IN_BYTES
                if request.user.is_authenticated or self.keyed(request)
                else ANONYMOUS_BYTES
            )
            if length > limit:
                return HttpResponse(
                    _("This request is too large."),
                    status=413,
                    content_type="text/plain; charset=utf-8",
                )
        if self.has_nul(request, length):
            return HttpResponseBadRequest(
                _("A NUL character is not text: remove it and send again."),
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)

    @staticmethod
    def keyed(request) -> bool:
        """A keyed upload: its view checks the key before the body is read."""
        paths = tuple(getattr(settings, "KEYED_UPLOAD_PATHS", ()))
        return bool(paths) and (
            request.path.startswith(paths)
            and request.headers.get("Authorization", "").startswith("Bearer ")
        )

    @staticmethod
    def has_nul(request, length: int) -> bool:
        query = request.META.get("QUERY_STRING", "").encode()
        if any(nul in query for nul in NUL):
            return True
        if length and request.content_type == FORM:
            body = request.body  # a form's few kilobytes, kept for the view
            return any(nul in body for nul in NUL)
        if length and request.content_type == MULTIPART:  # parsed once, kept
            return any(
                "\x00" in value
                for _name, values in request.POST.lists()
                for value in values
            )
        return False
