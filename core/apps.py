from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Shared infrastructure; an app only for its commands (``run_worker``)
    and its template libraries (``lookup``; ``site_address``, the site's
    address: ``core.site``)."""

    name = "core"
    verbose_name = "Rikscore core"
