"""The export registry is one table: every export in it builds, and the
views and the command offer exactly what it holds."""

import pytest

from documents import JSON, PDF, XLSX, ExportError
from documents.registry import (
    EVENT_EXPORTS,
    FORMATS,
    PDF_KINDS,
    find_export,
    make_export,
)

CONTENT_TYPES = {"pdf": PDF, "xlsx": XLSX, "json": JSON}


@pytest.mark.django_db
@pytest.mark.parametrize("export", EVENT_EXPORTS, ids=lambda e: f"{e.fmt}-{e.name}")
def test_every_registered_export_builds(small_event, export):
    name, content_type, data = make_export(small_event, export.fmt, export.name)
    assert name.startswith(small_event.slug)
    assert name.endswith("." + export.fmt)
    assert content_type == CONTENT_TYPES[export.fmt]
    assert data
    assert str(export.label)


def test_the_formats_and_kinds_are_the_tables():
    assert PDF_KINDS == ("sheets", "blank-sheets", "seating", "standings", "cards")
    assert FORMATS == ("pdf", "xlsx", "json")
    names = [(e.fmt, e.name) for e in EVENT_EXPORTS]
    assert len(names) == len(set(names))


def test_a_format_with_one_export_needs_no_name():
    assert find_export(EVENT_EXPORTS, "xlsx", None).name == "workbook"
    assert find_export(EVENT_EXPORTS, "json", "sheets").name == "backup"
    with pytest.raises(ExportError):
        find_export(EVENT_EXPORTS, "pdf", None)
    with pytest.raises(ExportError):
        find_export(EVENT_EXPORTS, "docx", None)


def test_the_command_offers_what_the_table_holds():
    from documents.management.commands.export_tournament import Command

    parser = Command().create_parser("manage.py", "export_tournament")
    choices = {a.dest: a.choices for a in parser._actions if a.choices}
    assert tuple(choices["format"]) == FORMATS
    assert tuple(choices["what"]) == PDF_KINDS


@pytest.mark.django_db
def test_a_round_asked_for_is_checked_and_the_current_one_is_the_default(
    small_event,
):
    with pytest.raises(ExportError, match="no round 9"):
        make_export(small_event, "pdf", "seating", 9)
    name = make_export(small_event, "pdf", "seating")[0]
    assert name == f"{small_event.slug}-seating-r2.pdf"
