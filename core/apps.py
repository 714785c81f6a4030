from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Shared infrastructure; an app only for its commands (``run_worker``)."""

    name = "core"
    verbose_name = "Rikscore core"
