"""The API's numbers are the public pages' numbers: totals, ranks, points
per round, a round's table points and the season ranking's totals, compared
with the row source each page reads and with the rendered pages."""

import re
from html.parser import HTMLParser

import pytest
from django.utils import translation

from publicpages.views import public_standings
from scoring.rowsource import round_rows, standings_rows
from seasons.services import season_standings
from tests.seasons import conftest as seasons
from tournaments.models import Player
from tournaments.people import for_public

season = seasons.season  # the season fixture, shared

NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


class Tables(HTMLParser):
    """Every ``<table>``'s rows, each a list of its cells' text."""

    def __init__(self):
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def tables_of(client, path: str) -> list[list[list[str]]]:
    response = client.get(path)
    assert response.status_code == 200, path
    parser = Tables()
    parser.feed(response.content.decode())
    return parser.tables


def number(text: str):
    found = NUMBER.search(text.replace("\u2212", "-"))
    if not found:
        return None
    value = float(found[0].replace(",", "."))
    return int(value) if value.is_integer() else value


def rowsource_standings(event):
    with translation.override("en"), for_public():
        return standings_rows(event, public=True)


def test_standings_equal_the_row_source(client, small_event):
    api = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()
    rowset = rowsource_standings(small_event)
    assert [c["key"] for c in api["columns"]] == [c.key for c in rowset.columns]
    assert len(api["rows"]) == len(rowset.rows)
    for line, item in zip(api["rows"], rowset.rows, strict=True):
        assert (line["entry"], line["rank"], line["name"]) == (
            item["entry"],
            item["rank"],
            item["name"],
        )
        assert line["points"] == item["points"]
        assert {f"r{r['round']}": r["points"] for r in line["rounds"]} == {
            k: v for k, v in item.items() if re.fullmatch(r"r\d+", k)
        }
        for key, value in line["values"].items():
            assert value == item[key]


def test_standings_equal_the_rendered_page(client, small_event):
    api = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()
    head, *rows = tables_of(client, f"/t/{small_event.slug}/")[0]
    assert head == [c["label"] for c in api["columns"]]
    assert len(rows) == len(api["rows"])
    keys = [c["key"] for c in api["columns"]]
    for cells, line in zip(rows, api["rows"], strict=True):
        shown = dict(zip(keys, cells, strict=False))
        assert shown["name"] == line["name"]
        assert number(shown["rank"]) == line["rank"]
        for r in line["rounds"]:
            assert number(shown[f"r{r['round']}"]) == r["points"]
        assert number(shown["points"]) == line["points"]


def test_a_round_equals_the_row_source_and_the_page(client, small_event):
    for n in (1, 2):
        api = client.get(f"/api/v1/events/{small_event.slug}/rounds/{n}/").json()
        with for_public():
            tables = round_rows(small_event, n)
        assert [
            (t["table"], [(s["entry"], s["points"]) for s in t["seats"]])
            for t in api["tables"]
        ] == [
            (t["table"], [(s["entry"], s["points"]) for s in t["seats"]])
            for t in tables
        ]
        shown = tables_of(client, f"/t/{small_event.slug}/round/{n}/")
        for table, html in zip(api["tables"], shown, strict=True):
            for seat, cells in zip(table["seats"], html[1:], strict=True):
                assert seat["name"] in cells
                assert number(cells[-1]) == seat["points"]


def test_the_season_ranking_equals_the_ranking_source_and_the_page(client, season):
    api = client.get(f"/api/v1/seasons/{season.slug}/").json()
    with for_public():
        standings = season_standings(season, public=True)
    ours = {r.player: r for r in standings.rows}
    ids = dict(Player.objects.filter(pk__in=list(ours)).values_list("public_id", "pk"))
    assert len(api["ranking"]) == len(standings.rows)
    for line in api["ranking"]:
        row = ours[ids[line["player"]]]
        assert (line["rank"], line["total"], line["played"]) == (
            row.rank,
            row.total,
            row.played,
        )
        assert {c["evening"]: c["value"] for c in line["cells"]} == {
            n: c.value for n, c in row.cells.items()
        }
    html = client.get(f"/s/{season.slug}/").content.decode()
    for line in api["ranking"]:
        if line["qualified"]:
            assert f'<td class="num pin-total">{line["total"]:g}</td>' in html


def test_a_players_results_are_the_events_public_standings(client, small_event, season):
    standings = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()
    for line in standings["rows"][:3]:
        api = client.get(f"/api/v1/players/{line['player']}/").json()
        (event,) = [e for e in api["events"] if e["event"] == small_event.slug]
        with translation.override("en"), for_public():
            kept = public_standings(small_event)[line["entry"]]
        assert (event["rank"], event["total"]) == (kept.rank, kept.total)
        assert (event["rank"], event["total"]) == (line["rank"], line["points"])
        assert event["rounds"] == line["rounds"]
        assert event["of"] == kept.of
