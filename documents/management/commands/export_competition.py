"""Write a season's export to a file (the same code as the web buttons).

manage.py export_competition SLUG -o season.json
manage.py export_competition SLUG --format pdf -o standings.pdf
manage.py export_competition SLUG --format xlsx -o season.xlsx
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from documents import ExportError
from documents.registry import FORMATS
from documents.season_exports import make_season_export
from seasons.models import Competition


class Command(BaseCommand):
    help = "Export a club competition (season) as JSON backup, PDF or XLSX."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=FORMATS, default="json")
        parser.add_argument(
            "-o", "--output", default=None, help="file to write (default: its own name)"
        )

    def handle(self, *args, **opts):
        competition = Competition.objects.filter(slug=opts["slug"]).first()
        if competition is None:
            raise CommandError(f"No competition with code {opts['slug']!r}.")
        try:
            name, _type, data = make_season_export(competition, opts["format"])
        except ExportError as exc:
            raise CommandError(str(exc)) from None
        output = opts["output"] or name
        try:
            Path(output).write_bytes(data)
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc}") from None
        self.stdout.write(f"{output}: {len(data)} bytes ({name})")
