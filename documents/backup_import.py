"""The one shape of a command that imports a JSON backup: read the file,
import it whole (nothing is stored when any part is refused), and name the
first problem with where it is."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from documents.event_backup import BackupError


class BackupImportCommand(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", default=None, help="import under this code")

    def load(self, raw: bytes, slug: str | None):
        """Import ``raw``; return what was made."""
        raise NotImplementedError

    def done(self, made) -> str:
        """The line to print once imported."""
        raise NotImplementedError

    def handle(self, *args, **opts):
        try:
            raw = Path(opts["file"]).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {opts['file']}: {exc}") from None
        try:
            made = self.load(raw, opts["slug"])
        except BackupError as exc:
            where = exc.path or "(file)"
            raise CommandError(f"Refused at {where}: {exc.message}") from None
        self.stdout.write(self.done(made))
