"""LibreOffice opens the workbook (headless) and sees what openpyxl sees:
the same values in every sheet, totals that add up, and each sheet's filter
and column widths. Skipped where LibreOffice is not installed."""

import csv
import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from documents.xlsx_event import workbook
from tests.exports.test_xlsx_values import five_event, read

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
#: CSV of every sheet (last field -1), UTF-8, raw values rather than as shown.
ALL_SHEETS_CSV = (
    "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
)

pytestmark = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice not installed")


def convert(source: Path, target: str, tmp_path: Path) -> Path:
    """``source`` converted by LibreOffice into ``tmp_path/out``, with a
    profile of its own (another LibreOffice running does not interfere)."""
    out = tmp_path / "out"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            target,
            "--outdir",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return out


@pytest.fixture
def event(db):
    return five_event("vijf", "nl")


@pytest.fixture
def source(event, tmp_path) -> Path:
    path = tmp_path / "vijf.xlsx"
    path.write_bytes(workbook(event)[2])
    return path


def as_csv(value) -> str:
    return "" if value is None else str(value)


def test_libreoffice_reads_the_values_openpyxl_reads(event, source, tmp_path):
    out = convert(source, ALL_SHEETS_CSV, tmp_path)
    book = read(event)
    for ws in book.worksheets:
        with open(out / f"vijf-{ws.title}.csv", encoding="utf-8", newline="") as f:
            seen = list(csv.reader(f))
        expected = [[as_csv(v) for v in row] for row in ws.iter_rows(values_only=True)]
        assert seen == expected, ws.title
    standings = [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
    total = standings[0].index("Totaal punten")
    assert all(r[3] + r[4] == r[total] for r in standings[1:])  # R1 + R2
    for ws in book.worksheets[2:]:
        for _table, _seat, _name, *deals, points in ws.iter_rows(
            min_row=2, values_only=True
        ):
            assert sum(d or 0 for d in deals) == points


def test_libreoffice_keeps_each_filter_and_column_width(source, tmp_path):
    ours = load_workbook(source)
    again = load_workbook(convert(source, "xlsx", tmp_path) / "vijf.xlsx")
    assert again.sheetnames == ours.sheetnames
    for mine, theirs in zip(ours.worksheets, again.worksheets, strict=True):
        assert theirs.auto_filter.ref == mine.auto_filter.ref, mine.title
        assert theirs.print_title_rows == "$1:$1", mine.title
        assert widths(theirs) == pytest.approx(widths(mine), abs=0.5), mine.title


def widths(ws) -> list[float]:
    """Each column's width (a ``<col>`` may span several columns)."""
    out = {}
    for dims in ws.column_dimensions.values():
        for n in range(dims.min, dims.max + 1):
            out[n] = dims.width
    return [out[n] for n in range(1, ws.max_column + 1)]
