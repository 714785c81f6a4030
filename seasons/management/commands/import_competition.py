"""Import a season backup (JSON): checked whole, stored in one transaction.

manage.py import_competition season.json [--slug NEW]
"""

from scoring.management.backup_import import BackupImportCommand
from seasons.backup import import_competition
from seasons.ratings import recompute_ratings


class Command(BackupImportCommand):
    help = "Import a club competition from a JSON backup made by export_competition."

    def load(self, raw, slug):
        competition = import_competition(raw, slug)
        recompute_ratings()  # the season's results rated in their place
        return competition

    def done(self, competition) -> str:
        evenings = competition.evenings.count()
        return (
            f"Imported {competition.slug}: {competition.name} ({evenings} evenings),"
            " its results rated."
        )
