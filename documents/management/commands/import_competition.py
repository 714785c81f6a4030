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
        return (
            f"Imported {competition.slug}: {competition.name} ({evenings} evenings),"
            " its results rated."
        )
