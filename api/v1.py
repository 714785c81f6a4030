"""Version 1 of the API: one NinjaAPI, its read routers (``api.read_*``)
and its write router (``api.write``)."""

from ninja import NinjaAPI

api = NinjaAPI(
    title="Rikscore API",
    version="1",
    urls_namespace="api-v1",
    description="Read-only results of published rounds, and deals sent by "
    "a score-pad app with the event's token.",
)

# Routers are added below by the modules that define them, e.g.
#   from api.read_events import router as events
#   api.add_router("/events/", events)
