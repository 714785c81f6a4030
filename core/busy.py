"""A database that stays busy longer than a request may wait (SQLite's
write lock held past its timeout, a deadlock PostgreSQL broke) answers 503
with ``Retry-After`` and a plain message, never a 500: the phone's queue
retries it, a person taps again. Nothing was stored: the transaction rolled
back."""

from django.http import HttpResponse, JsonResponse

from core.transactions import BUSY_MESSAGE, BusyError, is_busy

RETRY_AFTER_SECONDS = 2


class BusyDatabaseMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, BusyError) and not is_busy(exception):
            return None
        message = str(BUSY_MESSAGE)
        if request.headers.get("Accept", "").startswith("application/json"):
            response = JsonResponse(
                {"ok": False, "message": message, "busy": True}, status=503
            )
        else:
            response = HttpResponse(
                message, status=503, content_type="text/plain; charset=utf-8"
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
