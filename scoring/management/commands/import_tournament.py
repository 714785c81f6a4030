"""Import an event backup (JSON): checked whole, stored in one transaction.

manage.py import_tournament event.json [--slug NEW]
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.exports.backup import BackupError, import_event


class Command(BaseCommand):
    help = "Import an event from a JSON backup made by export_tournament."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", default=None, help="import under this code")

    def handle(self, *args, **opts):
        try:
            raw = Path(opts["file"]).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {opts['file']}: {exc}") from None
        try:
            event = import_event(raw, opts["slug"])
        except BackupError as exc:
            where = exc.path or "(file)"
            raise CommandError(f"Refused at {where}: {exc.message}") from None
        self.stdout.write(f"Imported {event.slug}: {event.name}")
