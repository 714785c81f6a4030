"""Version 1 of the API: one NinjaAPI, its read routers (``api.read_*``)
and its write router (``api.write``).

Every error is JSON, ``{"errors": [{"code", "message"}]}`` (``Errors``),
never an HTML page: not found, invalid parameters, too many requests, and
whatever else went wrong (logged, answered 500).
"""

import logging

from django.http import Http404
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Swagger
from ninja.errors import HttpError, ValidationError

from api import read_clubs, read_events, read_players, read_seasons

logger = logging.getLogger(__name__)

api = NinjaAPI(
    title="Rikscore API",
    version="1",
    urls_namespace="api-v1",
    description="Read-only results of published rounds, and deals sent by "
    "a score-pad app with the event's token.",
    # Swagger UI from ninja's bundled static files (no CDN); no badge
    # fetched from the online validator.
    docs=Swagger(settings={"validatorUrl": None}),
)


def errors(request, status: int, code: str, message: str):
    body = {"errors": [{"code": code, "message": str(message)}]}
    return api.create_response(request, body, status=status)


def unknown_path(request, *args, **kwargs):
    """A path under ``/api/v1/`` no route matches: the JSON 404, not
    Django's page (``api/urls.py`` routes every other path here, last)."""
    return _not_found(request, Http404())


@api.exception_handler(Http404)
def _not_found(request, exc):
    return errors(request, 404, "not_found", _("Not found."))


@api.exception_handler(ValidationError)
def _invalid(request, exc: ValidationError):
    details = "; ".join(
        f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg', '')}"
        for e in exc.errors
    )
    message = _("The request is not valid: %(details)s") % {"details": details}
    return errors(request, 422, "invalid", message)


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    if exc.status_code == 429:
        message = _("Too many requests: wait a minute and try again.")
        return errors(request, 429, "rate_limited", message)
    return errors(request, exc.status_code, "error", str(exc))


@api.exception_handler(Exception)
def _server_error(request, exc: Exception):
    logger.exception("API error at %s", request.path, exc_info=exc)
    message = _("Something went wrong on the server. Try again later.")
    return errors(request, 500, "server_error", message)


api.add_router("/clubs/", read_clubs.router)
api.add_router("/seasons/", read_seasons.router)
api.add_router("/events/", read_events.router)
api.add_router("/players/", read_players.router)
api.add_router("", "api.write.router")  # deals sent with a token (api.write)
