from django.apps import AppConfig


class TdConfig(AppConfig):
    """The TD's and the club secretary's pages."""

    name = "td"
