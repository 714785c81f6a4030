from django.apps import AppConfig


class TablesideConfig(AppConfig):
    """The players' pages at the table."""

    name = "tableside"
