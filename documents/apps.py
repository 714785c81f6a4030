from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    """Every export, import and backup."""

    name = "documents"
