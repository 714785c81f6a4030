import io
import json

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook
from pypdf import PdfReader

from tournaments.models import Tournament


@pytest.mark.django_db
@pytest.mark.parametrize(
    "what", ["sheets", "blank-sheets", "seating", "standings", "cards"]
)
def test_it_exports_every_pdf(small_event, tmp_path, what):
    out = tmp_path / "x.pdf"
    call_command(
        "export_tournament",
        "small",
        "--format",
        "pdf",
        "--what",
        what,
        "--round",
        "1",
        "-o",
        str(out),
        stdout=io.StringIO(),
    )
    assert len(PdfReader(str(out)).pages) >= 1


@pytest.mark.django_db
def test_it_exports_xlsx_and_json_and_imports_the_json(small_event, tmp_path):
    call_command(
        "export_tournament",
        "small",
        "--format",
        "xlsx",
        "-o",
        str(tmp_path / "e.xlsx"),
        stdout=io.StringIO(),
    )
    assert load_workbook(tmp_path / "e.xlsx").sheetnames
    path = tmp_path / "e.json"
    call_command(
        "export_tournament",
        "small",
        "--format",
        "json",
        "-o",
        str(path),
        stdout=io.StringIO(),
    )
    assert json.loads(path.read_text())["tournament"]["slug"] == "small"
    with pytest.raises(CommandError, match=r"tournament\.slug"):
        call_command("import_tournament", str(path), stdout=io.StringIO())
    call_command(
        "import_tournament", str(path), "--slug", "small-2", stdout=io.StringIO()
    )
    assert Tournament.objects.filter(slug="small-2").exists()


@pytest.mark.django_db
def test_it_fails_cleanly(small_event, tmp_path):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_tournament", "nope", "-o", str(tmp_path / "x"))
    with pytest.raises(CommandError, match="no round 9"):
        call_command(
            "export_tournament", "small", "--round", "9", "-o", str(tmp_path / "x")
        )
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rikscore.event"}')
    with pytest.raises(CommandError, match="Refused at version"):
        call_command("import_tournament", str(bad))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
