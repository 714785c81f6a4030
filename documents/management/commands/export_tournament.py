"""Write an export of one event to a file (the same code as the web buttons).

manage.py export_tournament SLUG --format pdf --what sheets --round 2 -o r2.pdf
manage.py export_tournament SLUG --format xlsx -o event.xlsx
manage.py export_tournament SLUG --format json -o event.json
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from documents import ExportError
from documents.registry import FORMATS, PDF_KINDS, make_export
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Export an event as PDF, XLSX or JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=FORMATS, default="pdf")
        parser.add_argument("--what", choices=PDF_KINDS, default="sheets")
        parser.add_argument("--round", type=int, default=None)
        parser.add_argument(
            "--entry", type=int, default=None, help="player card of this entry id only"
        )
        parser.add_argument(
            "--large-print",
            action="store_true",
            help="a PDF 1.5 times as large, on landscape pages",
        )
        parser.add_argument("-o", "--output", required=True)

    def handle(self, *args, **opts):
        tournament = Tournament.objects.filter(slug=opts["slug"]).first()
        if tournament is None:
            raise CommandError(f"No tournament with code {opts['slug']!r}.")
        try:
            name, _type, data = make_export(
                tournament,
                opts["format"],
                opts["what"],
                opts["round"],
                opts["entry"],
                large=opts["large_print"],
            )
        except ExportError as exc:
            raise CommandError(str(exc)) from None
        try:
            Path(opts["output"]).write_bytes(data)
        except OSError as exc:
            raise CommandError(f"Cannot write {opts['output']}: {exc}") from None
        self.stdout.write(f"{opts['output']}: {len(data)} bytes ({name})")
