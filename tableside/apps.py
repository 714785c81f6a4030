from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class TablesideConfig(AppConfig):
    """The players' pages at the table."""

    name = "tableside"

    def ready(self):
        """The phones' kept status goes when what it says changes
        (``status_cache``)."""
        from scoring.models import Deal, Submission
        from tableside import status_cache
        from tournaments.models import Round, TableRound

        for model in (Deal, Submission):
            post_save.connect(status_cache.forget_table_of, sender=model)
            post_delete.connect(status_cache.forget_table_of, sender=model)
        post_save.connect(status_cache.forget_table, sender=TableRound)
        post_save.connect(status_cache.forget_round, sender=Round)
