"""Text stays text: a name that looks like a formula never becomes a live one,
characters XML cannot hold go, and markup is just characters."""

import pytest

from scoring.models import Deal
from tests.exports.conftest import rename_players
from tests.exports.test_xlsx_values import read
from tournaments.models import Player

NAMES = {
    '=HYPERLINK("http://evil.example","klik")': '=HYPERLINK("http://evil.example","klik")',
    "+1+2": "+1+2",
    "Bad\x01Name\x7f": "BadName",
    # (a name is stored with single spaces since issue 38: core.text.clean_name)
    "Jan <b>&amp;</b>": "Jan <b>&amp;</b>",
}


@pytest.fixture
def renamed(dia_event):
    """Names stored before the checks that refuse them now (an old row)."""
    rename_players(dia_event, list(NAMES))
    assert Player.objects.filter(name="Bad\x01Name\x7f").exists()
    return dia_event


def test_every_name_reads_back_as_the_same_text(renamed):
    book = read(renamed)
    cells = [c for ws in book.worksheets for row in ws.iter_rows() for c in row]
    for stored, shown in NAMES.items():
        found = [c for c in cells if c.value == shown]
        assert found, stored
        assert {c.data_type for c in found} == {"s"}, stored
    assert not [c for c in cells if c.data_type == "f"]
    assert Deal.objects.filter(table__round__tournament=renamed).exists()
