"""Check results files (event or season files) as the import would read
them, storing nothing (docs/results-file.md, "Checking a file").

manage.py check_results_file FILE [FILE...]

Prints ``path: message`` for each problem (``/`` for the whole file), or
``OK`` and what the file holds; exits with status 1 when any file has a
problem or cannot be read.
"""

from django.core.management.base import BaseCommand, CommandError

from documents.results_file_check import check_results_file


class Command(BaseCommand):
    help = "Check event or season files (JSON) without importing them."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args, **opts):
        files = opts["files"]
        bad = 0
        for name in files:
            prefix = f"{name}: " if len(files) > 1 else ""
            try:
                with open(name, "rb") as f:
                    raw = f.read()
            except OSError as exc:
                self.stderr.write(f"{prefix}cannot read: {exc.strerror or exc}")
                bad += 1
                continue
            report = check_results_file(raw)
            if report.ok:
                self.stdout.write(f"{prefix}OK {report.summary}")
                continue
            bad += 1
            for problem in report.problems:
                self.stdout.write(f"{prefix}{problem.path or '/'}: {problem.message}")
            if report.cut:
                self.stdout.write(f"{prefix}… only the first problems are listed")
        if bad:
            raise CommandError(f"{bad} of {len(files)} files refused", returncode=1)
