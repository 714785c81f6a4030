"""Import a season backup (JSON): checked whole, stored in one transaction.

manage.py import_competition season.json [--slug NEW]
"""

from documents.backup_import import BackupImportCommand
from documents.season_backup import import_competition


class Command(BackupImportCommand):
    help = "Import a club competition from a JSON backup made by export_competition."

    def load(self, raw, slug):
        return import_competition(raw, slug)  # rated once committed

    def done(self, competition) -> str:
        evenings = competition.evenings.count()
        said = (
            f"Imported {competition.slug}: {competition.name} ({evenings} evenings),"
            " its results rated."
        )
        if competition.rules_missing:
            said += (
                f" Its house rules '{competition.rules_missing}' are not on this"
                " site: load their rule file under that code before its next"
                " evening."
            )
        return said
