"""Players by identity, never by name: rename every player of the
demo event after play; the standings, the scores in every export and the
backup round trip stay the same apart from the names."""

import io
import json
import re
from collections import Counter

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from documents.event_backup import export_event, import_event
from documents.registry import make_export
from scoring.rowsource import standings_rows
from scoring.services import recompute_table
from tests.pdf_text import pdf_text
from tournaments.models import Player, TableRound, Tournament


def reverse_names(players) -> dict[str, str]:
    """Each name written backwards: the same letters, so every PDF cell keeps
    its width and nothing wraps differently."""
    return {p.name: p.name[::-1] for p in players}


def renamed(value, mapping: dict[str, str]):
    """``value`` (JSON-like) with every old name replaced, longest first."""
    text = json.dumps(value, ensure_ascii=False)
    tokens = {}
    for i, old in enumerate(sorted(mapping, key=len, reverse=True)):
        token = f"\x00{i}\x00"
        tokens[token] = mapping[old]
        text = text.replace(json.dumps(old, ensure_ascii=False)[1:-1], token)
    for token, new in tokens.items():
        text = text.replace(token, json.dumps(new, ensure_ascii=False)[1:-1])
    return json.loads(text)


def snapshot(event) -> dict:
    book = load_workbook(io.BytesIO(make_export(event, "xlsx")[2]), read_only=True)
    pdfs = {}
    for what in ("sheets", "seating", "standings"):
        for n in range(1, event.rounds + 1):
            data = make_export(event, "pdf", what, n, base="http://hall")[2]
            text = pdf_text(data)
            pdfs[f"{what}-{n}"] = text.splitlines()
    backup = export_event(event)
    return {
        "standings": [
            [r["entry"], r["rank"], r["points"], r["name"]]
            for r in standings_rows(event).rows
        ],
        "xlsx": {
            ws.title: [list(row) for row in ws.iter_rows(values_only=True)]
            for ws in book.worksheets
        },
        "pdf": pdfs,
        "seat_scores": sorted(
            [r["number"], t["number"], d["number"], d["seat_scores"]]
            for r in backup["rounds"]
            for t in r["tables"]
            for d in t["deals"]
        ),
    }


def numbers(lines: list[str]) -> list[str]:
    """Every number on the pages, in order: scores, totals, seats, deals;
    not the birth year that tells two namesakes apart ("Jan (1961)",
    ``tournaments.people``), which a narrow column may cut anywhere."""
    return re.findall(r"(?<![(\d])-?\d+", "\n".join(lines))


def same_lines(a: list, b: list) -> bool:
    """Equal as multisets: lists sorted by name may come in another order."""
    return Counter(json.dumps(x) for x in a) == Counter(json.dumps(x) for x in b)


@pytest.mark.django_db
def test_renaming_every_player_changes_nothing_but_the_names():
    call_command("load_demo", "--without-season", verbosity=0)  # the event is all
    event = Tournament.objects.get(slug="demo")
    before = snapshot(event)
    players = list(Player.objects.filter(entries__tournament=event))
    mapping = reverse_names(players)
    for player in players:
        player.name = mapping[player.name]
        player.save(update_fields=["name"])
    for table in TableRound.objects.filter(round__tournament=event):
        recompute_table(table)  # what any correction does: totals stay
    after = snapshot(event)
    assert after["seat_scores"] == before["seat_scores"]
    assert same_lines(after["standings"], renamed(before["standings"], mapping))
    for title, rows in before["xlsx"].items():
        assert same_lines(after["xlsx"][title], renamed(rows, mapping)), title
    for what, lines in before["pdf"].items():
        if what.startswith("sheets"):  # sheets also show first names alone
            assert numbers(after["pdf"][what]) == numbers(lines), what
        else:
            assert same_lines(after["pdf"][what], renamed(lines, mapping)), what
    # the backup round trip still imports and scores the same
    again = import_event(json.loads(json.dumps(export_event(event))), "renamed")
    assert snapshot(again)["seat_scores"] == before["seat_scores"]
