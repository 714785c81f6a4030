"""Write the fixtures of tests/upgrade: run with the code of commit 43d7a2c
(the last before the deal records were stored by seat), e.g.

    git worktree add /tmp/pre12 43d7a2c
    cd /tmp/pre12 && DATABASE_URL=sqlite:////tmp/pre12.sqlite3 \
        python /work/main/tests/upgrade/pre12/make.py /work/main/tests/upgrade/pre12

It loads the demo into a fresh database, then writes ``dump.json`` (every row,
as ``manage.py dumpdata`` does) and ``expected.json`` (what that code
exported: the JSON backups, every XLSX cell value, the text of every PDF,
the standings rows).
"""

import gzip
import io
import json
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")
sys.path.insert(0, os.getcwd())

import django

django.setup()

from django.core.management import call_command  # noqa: E402


def pdf_text(data: bytes) -> list[str]:
    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def xlsx_values(data: bytes) -> dict:
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True)
    return {
        ws.title: [list(row) for row in ws.iter_rows(values_only=True)]
        for ws in book.worksheets
    }


def exports(slug: str) -> dict:
    from documents.event_backup import export_event
    from documents.registry import make_export
    from scoring.rowsource import standings_rows
    from tournaments.models import Tournament

    event = Tournament.objects.get(slug=slug)
    out = {
        "backup": export_event(event),
        "xlsx": xlsx_values(make_export(event, "xlsx")[2]),
        "standings": [
            {k: v for k, v in row.items() if k != "entry"}
            for row in standings_rows(event).rows
        ],
        "pdf": {},
    }
    for what in ("sheets", "blank-sheets", "seating", "standings"):
        for n in range(1, event.rounds + 1):
            data = make_export(event, "pdf", what, n, base="http://hall")[2]
            out["pdf"][f"{what}-{n}"] = pdf_text(data)
    out["pdf"]["standings-final"] = pdf_text(make_export(event, "pdf", "standings")[2])
    out["pdf"]["cards"] = pdf_text(make_export(event, "pdf", "cards")[2])
    return out


def main(target: str) -> None:
    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    dump = io.StringIO()
    call_command("dumpdata", "tournaments", "rules", "auth.user", stdout=dump)
    with gzip.open(os.path.join(target, "dump.json.gz"), "wt") as f:
        f.write(dump.getvalue())
    expected = {slug: exports(slug) for slug in ("demo", "demo-iwwa")}
    with gzip.open(os.path.join(target, "expected.json.gz"), "wt") as f:
        json.dump(expected, f, ensure_ascii=False, default=str)


if __name__ == "__main__":
    main(sys.argv[1])
