"""Import an event backup (JSON): checked whole, stored in one transaction.

manage.py import_tournament event.json [--slug NEW]
"""

from scoring.exports.backup import import_event
from scoring.management.backup_import import BackupImportCommand


class Command(BackupImportCommand):
    help = "Import an event from a JSON backup made by export_tournament."

    def load(self, raw, slug):
        return import_event(raw, slug)

    def done(self, event) -> str:
        return f"Imported {event.slug}: {event.name}"
