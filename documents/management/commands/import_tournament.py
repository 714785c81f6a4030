"""Import an event backup (JSON): checked whole, stored in one transaction.

manage.py import_tournament event.json [--slug NEW]
"""

from documents.backup_import import BackupImportCommand
from documents.event_backup import import_event


class Command(BackupImportCommand):
    help = "Import an event from a JSON backup made by export_tournament."

    def load(self, raw, slug):
        return import_event(raw, slug)

    def done(self, event) -> str:
        return f"Imported {event.slug}: {event.name}"
