from django.apps import AppConfig


class DemoConfig(AppConfig):
    """Generated events and seasons."""

    name = "demo"
