"""A database made before deals were stored by seat migrates without loss.

``pre12/dump.json.gz`` holds every row of the demo (``load_demo``) as the code
of that time stored it: deal records naming players, the deal models still
in ``tournaments``. The test migrates an empty database back to that schema,
loads the rows, migrates forward, and compares what the code exports now with
what the old code exported (``pre12/expected.json.gz``, see ``pre12/make.py``):
the same JSON backup, the same value in every XLSX cell, the same text on
every PDF page, the same standings.
"""

import gzip
import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from openpyxl import load_workbook

from documents.event_backup_schema import upgrade
from tests.pdf_text import pdf_pages as pdf_text

DATA = Path(__file__).parent / "pre12"
BEFORE = [("tournaments", "0002_byes_and_substitutes"), ("scoring", None)]


def migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def load_rows(rows) -> None:
    """Insert dumped rows through the models of the schema they came from."""
    executor = MigrationExecutor(connection)
    apps = executor.loader.project_state([BEFORE[0], ("rules", "0001_initial")]).apps
    first = {"auth.user": 0, "rules.houseruleset": 1}  # what the others refer to
    for row in sorted(rows, key=lambda r: first.get(r["model"], 2)):
        model = apps.get_model(row["model"])
        fields, many = {}, {}
        for name, value in row["fields"].items():
            field = model._meta.get_field(name)
            if field.many_to_many:
                many[name] = value
            elif field.is_relation:
                fields[field.attname] = value
            else:
                fields[name] = value
        model.objects.create(pk=row["pk"], **fields)
        stamped = {  # auto_now(_add) fields ignore what create() is given
            f.name: fields[f.name]
            for f in model._meta.concrete_fields
            if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        }
        if stamped:
            model.objects.filter(pk=row["pk"]).update(**stamped)


def to_ms(data):
    """Times to the millisecond: ``dumpdata`` keeps no more than that."""
    text = json.dumps(data)
    return json.loads(re.sub(r"(T\d\d:\d\d:\d\d\.\d{3})\d{3}", r"\1000", text))


def without_ids(backup: dict) -> dict:
    """A backup without its players' ``public_id`` (issue 38)."""
    for player in backup.get("players", []):
        player.pop("public_id", None)
    return backup


def card_words(pages: list[str]) -> Counter:
    """The cards' words without page furniture (footers, repeated headers,
    continuation titles), which move when page breaks and wrapping move."""
    return Counter(
        word
        for page in pages
        for line in page.split("\n")
        if "Rikscore · pagina" not in line
        and not line.startswith("Ronde Tafel")
        and not line.endswith("(vervolg)")
        for word in line.split()
    )


def numbers(words: Counter) -> Counter:
    return Counter({w: n for w, n in words.items() if re.fullmatch(r"-?\d+", w)})


def with_sums(rows: list[list]) -> list[list]:
    """Old rows with each ``=SUM(B2:F2)`` replaced by the sum it stood for."""
    from openpyxl.utils import column_index_from_string as index

    out = []
    for row in rows:
        row = list(row)
        for i, value in enumerate(row):
            found = isinstance(value, str) and re.match(
                r"=SUM\(([A-Z]+)\d+:([A-Z]+)\d+\)", value
            )
            if found:
                first, last = index(found[1]) - 1, index(found[2])
                row[i] = sum(v or 0 for v in row[first:last])
        out.append(row)
    return out


def without_sat_out(rows: list[list]) -> list[list]:
    """The standings sheet without its column of deals sat out (issue 26)."""
    from django.utils import translation
    from django.utils.translation import gettext as _

    with translation.override("nl"):
        header = _("Deals sat out")
    if not rows or header not in rows[0]:
        return rows
    i = list(rows[0]).index(header)
    return [list(r[:i]) + list(r[i + 1 :]) for r in rows]


def cell_numbers(rows: list[list]) -> Counter:
    return Counter(
        v
        for row in rows
        for v in row
        if isinstance(v, int | float) and not isinstance(v, bool)
    )


def exports(slug: str) -> dict:
    from documents.event_backup import export_event
    from documents.registry import make_export
    from scoring.rowsource import standings_rows
    from tournaments.models import Tournament

    event = Tournament.objects.get(slug=slug)
    book = load_workbook(io.BytesIO(make_export(event, "xlsx")[2]), read_only=True)
    out = {
        "backup": json.loads(json.dumps(export_event(event), default=str)),
        "xlsx": {
            ws.title: [list(r) for r in ws.iter_rows(values_only=True)]
            for ws in book.worksheets
        },
        "standings": json.loads(
            json.dumps(
                [
                    {k: v for k, v in row.items() if k != "entry"}
                    for row in standings_rows(event).rows
                ],
                default=str,
            )
        ),
        "pdf": {},
    }
    for what in ("sheets", "blank-sheets", "seating", "standings"):
        for n in range(1, event.rounds + 1):
            data = make_export(event, "pdf", what, n, base="http://hall")[2]
            out["pdf"][f"{what}-{n}"] = pdf_text(data)
    out["pdf"]["standings-final"] = pdf_text(make_export(event, "pdf", "standings")[2])
    out["pdf"]["cards"] = pdf_text(make_export(event, "pdf", "cards")[2])
    return out


@pytest.mark.django_db(transaction=True)
def test_the_demo_of_before_migrates_forward_unchanged():
    with gzip.open(DATA / "dump.json.gz", "rt") as f:
        rows = json.load(f)
    with gzip.open(DATA / "expected.json.gz", "rt") as f:
        expected = json.load(f)
    migrate(BEFORE)
    try:
        load_rows(rows)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    from django.utils import translation

    from scoring.models import Deal

    assert Deal.objects.count() == sum(
        1 for r in rows if r["model"] == "tournaments.deal"
    )
    assert all(
        isinstance(p, int) for d in Deal.objects.all() for p in d.record["players"]
    )
    for slug, old in expected.items():
        with translation.override("nl"):
            new = exports(slug)
        # Since issue 26 the rows also say who withdrew and how many deals
        # each sat out (a column of their own, at tables of five); since issue
        # 37 whether the total is normalised (the legend under the table); since
        # 38 whether the player is a guest or absent.
        added = ("withdrawn", "sat_out", "normalised", "guest", "absent")
        standings = [
            {k: v for k, v in row.items() if k not in added} for row in new["standings"]
        ]
        assert standings == old["standings"], slug
        # the backup of before, read as today's format reads it (version 3
        # adds who enters the deals: the TD, as before)
        # (since issue 38 a player carries the register's identifier, made
        # for the rows of before by the migration: random, so left out)
        assert without_ids(to_ms(new["backup"])) == without_ids(
            to_ms(upgrade(old["backup"]))
        ), slug
        # The XLSX now holds values where SUM formulas were, words for sanction
        # codes and two schoppen mie columns: every number is still there.
        assert list(new["xlsx"]) == list(old["xlsx"]), slug
        for title, rows_before in old["xlsx"].items():
            assert cell_numbers(without_sat_out(new["xlsx"][title])) == cell_numbers(
                with_sums(rows_before)
            ), (slug, title)
        for what, pages in old["pdf"].items():
            # The cards were drawn anew since and every PDF laid out again to
            # keep text inside its cells (the old ones overprinted long names
            # in their neighbours' cells): every number still reads back.
            # The old sheets overprinted text on text, so a few numbers read
            # back merged into one token: every old number must still be there.
            lost = numbers(card_words(pages)) - numbers(card_words(new["pdf"][what]))
            assert lost == Counter(), (slug, what, lost)
