"""A season's exports read back: the PDF (pdfplumber), the workbook
(openpyxl), the JSON backup (round trip), the downloads' permissions."""

import io
import json

import openpyxl
import pytest
from django.core.management import call_command
from django.urls import reverse

from documents import ExportError
from documents.season_backup import BackupError, export_competition, import_competition
from documents.season_exports import make_season_export
from documents.season_pdf import Layout, plan
from documents.season_table import EveningInfo, Line, SeasonTable
from seasons.models import Competition, Team
from seasons.ranking import Cell
from seasons.services import evening_results, season_standings
from tests.exports.pdf_boxes import tables, text_faults, unwrap
from tests.pdf_text import pdf_text
from tournaments.models import Player, Tournament


@pytest.fixture
def english(season):
    """The season's evenings in English: the exports take their language."""
    Tournament.objects.filter(evening__competition=season).update(language="en")
    return season


# -- PDF ------------------------------------------------------------------------
def test_the_pdf_prints_names_totals_and_prizes(english):
    english.prizes = {"top": 3, "newcomer": False, "booby": True}
    english.save()
    name, content_type, data = make_season_export(english, "pdf")
    assert (name, content_type) == (f"{english.slug}-standings.pdf", "application/pdf")
    text = pdf_text(data)
    standings = season_standings(english)
    assert english.name in text and "Season standings" in text
    found = [row for t in tables(data) for row in t]
    by_name = {unwrap(row[1]): row for row in found if len(row) > 5}
    for row in standings.rows:
        line = by_name[standings.names[row.player]]
        assert line[-2] == f"{row.total:g}"
        assert line[0] == (str(row.rank) if row.rank else "–")
    assert "prize 1" in text and "prize 3" in text and "booby prize" in text
    assert "Places 1 to 3 win a prize." in text
    assert "E1" in text and "E4" in text
    assert text_faults(data) == []


def test_the_pdf_strikes_dropped_evenings_and_lists_the_unranked(english):
    english.best_of = 2
    english.min_evenings = 4
    english.save()
    data = make_season_export(english, "pdf")[2]
    text = pdf_text(data)
    assert "struck through: does not count" in text
    assert "Not ranked yet" in text
    assert "the best 2 evenings count" in text
    assert text_faults(data) == []


def test_the_pdf_is_in_the_seasons_language(season):
    text = pdf_text(make_season_export(season, "pdf")[2])
    assert "Totaal" in text and "Speler" in text


def _table(evenings: int, players: int = 20) -> SeasonTable:
    infos = [EveningInfo(n, None, f"Avond {n}", False) for n in range(1, evenings + 1)]
    cells = [Cell(-1250, -1250, 20) for _n in range(evenings)]
    lines = [
        Line(i, f"Speler nummer {i}", "", cells, evenings, -9999, "", True)
        for i in range(1, players + 1)
    ]
    return SeasonTable(infos, lines)


HEADS = {
    "rank": "Rank",
    "name": "Player",
    "evening": "E%(n)s",
    "played": "Played",
    "total": "Total",
    "prize": "Prize",
}


def test_many_evenings_turn_the_page_then_shrink_then_group():
    from documents.season_pdf import styles

    styles()
    few: Layout = plan(HEADS, _table(4))
    assert (few.landscape, few.size, few.groups) == (False, 8, [[0, 1, 2, 3]])
    assert plan(HEADS, _table(14)).landscape
    many = plan(HEADS, _table(40))
    assert many.landscape and len(many.groups) > 1
    assert sum(len(g) for g in many.groups) == 40


def test_a_long_season_prints_landscape(db):
    from demo.season import generate_season

    long = generate_season(
        "long", players=8, evenings=14, deals=2, seed=2, attendance=(8, 8)
    )
    data = make_season_export(long, "pdf")[2]
    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        assert page.width > page.height
    assert text_faults(data) == []


# -- XLSX -----------------------------------------------------------------------
def test_the_workbook_has_the_season_then_a_sheet_per_evening(english):
    name, content_type, data = make_season_export(english, "xlsx")
    assert name == f"{english.slug}.xlsx" and content_type.endswith(".sheet")
    book = openpyxl.load_workbook(io.BytesIO(data))
    assert book.sheetnames == ["Season", *(f"Evening {n}" for n in range(1, 5))]
    season_sheet = book["Season"]
    assert season_sheet.freeze_panes == "A2"
    assert season_sheet.auto_filter.ref
    header = [c.value for c in season_sheet[1]]
    assert header[:4] == ["Rank", "Player", "Club", "Evening 1"]
    standings = season_standings(english)
    rows = list(season_sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(standings.rows)
    total = header.index("Total")
    for values, row in zip(rows, standings.rows, strict=True):
        assert values[0] == row.rank
        assert values[1] == standings.names[row.player]
        assert values[total] == row.total
        assert values[3] == (row.cells[1].value if 1 in row.cells else None)
    _played, results, _slugs = evening_results(english)
    for number in range(1, 5):
        sheet = book[f"Evening {number}"]
        assert [c.value for c in sheet[1]] == [
            "Rank",
            "Player",
            "Club",
            "Points",
            "Deals played",
        ]
        got = {(r[1], r[3], r[4]) for r in sheet.iter_rows(min_row=2, values_only=True)}
        expected = {
            (standings.names[p], res[number].points, res[number].deals)
            for p, res in results.items()
            if number in res
        }
        assert got == expected
        ranks = [r[0] for r in sheet.iter_rows(min_row=2, values_only=True)]
        assert ranks == sorted(ranks) and ranks[0] == 1


def test_the_workbook_notes_dropped_and_filled_evenings(english):
    english.best_of = 2
    english.absent = "zero"
    english.save()
    book = openpyxl.load_workbook(io.BytesIO(make_season_export(english, "xlsx")[2]))
    sheet = book["Season"]
    header = [c.value for c in sheet[1]]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    dropped = header.index("Does not count")
    filled = header.index("Missed, filled in")
    # four evenings, best two: up to two dropped (fewer for a player who
    # joined later: nothing is filled before a player's first evening)
    counts = [len(r[dropped].split(", ")) if r[dropped] else 0 for r in rows]
    assert max(counts) == 2 and all(n <= 2 for n in counts)
    assert any(r[filled] for r in rows)


# -- JSON backup ------------------------------------------------------------------
def normalised(document: dict) -> dict:
    """A backup without what an import changes: codes and import lines."""
    document = json.loads(json.dumps(document))
    document["competition"].pop("slug")
    for evening in document["evenings"]:
        event = evening["event"]
        event["tournament"].pop("slug")
        event["audit"] = [
            a for a in event["audit"] if a["action"] != "tournament.import"
        ]
    return document


def ranking(competition) -> list[tuple]:
    standings = season_standings(competition)
    return [
        (
            r.rank,
            standings.names[r.player],
            r.total,
            r.played,
            standings.prizes.get(r.player),
        )
        for r in standings.rows
    ]


def test_the_backup_round_trips_under_a_new_code(season):
    season.prizes = {"top": 2, "newcomer": True, "booby": True}
    season.save()
    evening = season.evenings.select_related("tournament").get(number=3)
    team = Team.objects.create(name="Avondploeg", tournament=evening.tournament)
    team.members.set(evening.tournament.entries.values_list("player", flat=True)[:2])
    name, content_type, data = make_season_export(season, "json")
    assert (name, content_type) == (f"{season.slug}.json", "application/json")
    first = json.loads(data)
    assert first["format"] == "rikscore.competition" and first["version"] == 5
    assert [e["number"] for e in first["evenings"]] == [1, 2, 3, 4]
    copy = import_competition(data)
    assert copy.slug == f"{season.slug}-2"
    assert copy.evenings.count() == 4
    assert set(copy.evenings.values_list("tournament__slug", flat=True)) == {
        f"{copy.slug}-{n}" for n in range(1, 5)
    }
    assert normalised(export_competition(copy)) == normalised(first)
    assert ranking(copy) == ranking(season)


def test_the_backup_restores_into_an_empty_database(season):
    data = export_competition(season)
    before = ranking(season)
    Tournament.objects.filter(evening__competition=season).delete()
    season.delete()
    Player.objects.all().delete()
    restored = import_competition(json.dumps(data))
    assert restored.slug == data["competition"]["slug"]
    again = export_competition(restored)
    assert normalised(again) == normalised(data)
    assert again["competition"] == data["competition"]
    assert ranking(restored) == before
    assert Team.objects.filter(competition=restored).count() == 2


def refused(data, path: str) -> BackupError:
    competitions = Competition.objects.count()
    events = Tournament.objects.count()
    with pytest.raises(BackupError) as caught:
        import_competition(data)
    assert caught.value.path == path, caught.value
    assert Competition.objects.count() == competitions
    assert Tournament.objects.count() == events
    return caught.value


def test_a_bad_file_is_refused_whole_with_its_place(season):
    data = export_competition(season)
    bad = json.loads(json.dumps(data))
    bad["competition"]["method"] = "best"
    refused(bad, "competition.method")
    bad = json.loads(json.dumps(data))
    bad["evenings"][1]["number"] = 1
    refused(bad, "evenings[1].number")
    bad = json.loads(json.dumps(data))
    bad["teams"][0]["evening"] = 9
    refused(bad, "teams[0].evening")
    bad = json.loads(json.dumps(data))
    del bad["evenings"][2]["event"]["players"][0]["status"]
    refused(bad, "evenings[2].event.players[0].status")
    assert refused(data["evenings"][0]["event"], "format").message
    refused(b"{not json", "")


def test_a_tampered_deal_late_in_the_file_stores_nothing(season):
    data = json.loads(json.dumps(export_competition(season)))
    deal = data["evenings"][3]["event"]["rounds"][1]["tables"][0]["deals"][0]
    deal["seat_scores"] = [s + 1 for s in deal["seat_scores"]]
    error = refused(data, "evenings[3].event.rounds[1].tables[0].deals[0].seat_scores")
    assert error.message


def test_an_import_under_a_taken_code_is_refused(season):
    data = export_competition(season)
    with pytest.raises(BackupError) as caught:
        import_competition(data, slug=season.slug)
    assert caught.value.path == "slug"
    copy = import_competition(data, slug="najaar")
    assert copy.slug == "najaar"


def test_the_commands_export_and_import(season, tmp_path):
    target = tmp_path / "season.json"
    call_command("export_competition", season.slug, "-o", str(target))
    call_command("import_competition", str(target), "--slug", "kopie")
    copy = Competition.objects.get(slug="kopie")
    assert ranking(copy) == ranking(season)
    pdf = tmp_path / "season.pdf"
    call_command("export_competition", season.slug, "--format", "pdf", "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")


# -- registry and downloads ---------------------------------------------------------
def test_the_season_exports_are_a_table_like_an_event_s(season):
    assert make_season_export(season, "xlsx")[0] == f"{season.slug}.xlsx"
    with pytest.raises(ExportError):
        make_season_export(season, "docx")


@pytest.mark.parametrize("fmt", ["pdf", "xlsx", "json"])
def test_only_the_clubs_organisers_and_staff_download(client, make_user, season, fmt):
    url = reverse(f"documents:season-{fmt}", args=[season.slug])
    response = client.get(url)
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(make_user("stranger", organiser=True))
    assert client.get(url).status_code == 403
    client.force_login(make_user("secretary", clubs=[season.club]))
    response = client.get(url)
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    client.force_login(make_user("staff", is_staff=True))
    assert client.get(url).status_code == 200


def test_an_unknown_season_download_is_404(client, make_user, db):
    client.force_login(make_user("staff", is_staff=True))
    url = reverse("documents:season-pdf", args=["nope"])
    assert client.get(url).status_code == 404


def test_the_workbook_carries_penalty_points_when_the_rules_show_them(english):
    """Issue 29: a season whose rule set shows penalty points gets the column
    after the total (the leader's total less each ranked player's)."""
    from tests.scoring.penalty_display import season_switch_on

    plain = openpyxl.load_workbook(
        io.BytesIO(make_season_export(english, "xlsx")[2]), data_only=True
    )
    assert "Penalty points" not in [c.value for c in plain["Season"][1]]
    season_switch_on(english)
    book = openpyxl.load_workbook(
        io.BytesIO(make_season_export(english, "xlsx")[2]), data_only=True
    )
    header = [c.value for c in book["Season"][1]]
    total, penalty = header.index("Total"), header.index("Penalty points")
    assert penalty == total + 1
    rows = list(book["Season"].iter_rows(min_row=2, values_only=True))
    ranked = [r for r in rows if r[header.index("Ranked")] == "yes"]
    leader = ranked[0][total]
    assert ranked[0][penalty] == 0
    assert all(r[penalty] == pytest.approx(leader - r[total]) for r in ranked)


def test_the_pdf_carries_penalty_points_when_the_rules_show_them(english):
    """Issue 29: the penalty-point column after the total, the leader at 0,
    explained in the legend; the zero-sum totals stay."""
    from tests.scoring.penalty_display import season_switch_on

    assert "Penalty points" not in pdf_text(make_season_export(english, "pdf")[2])
    season_switch_on(english)
    data = make_season_export(english, "pdf")[2]
    text = pdf_text(data)
    assert "Penalty points" in text and "the lowest leads" in text
    standings = season_standings(english)
    ranked = [r for r in standings.rows if r.penalty is not None]
    found = [row for t in tables(data) for row in t]
    by_name = {unwrap(row[1]): row for row in found if len(row) > 6}
    for row in ranked:
        line = by_name[standings.names[row.player]]
        assert line[-3] == f"{row.total:g}"
        assert line[-2] == f"{row.penalty:g}"
    assert by_name[standings.names[ranked[0].player]][-2] == "0"
    assert text_faults(data) == []


@pytest.mark.parametrize("version", [{}, [], 2.0, True, "2", None, 99])
def test_a_version_of_any_kind_is_refused_by_name(version):
    """A tampered "version" (a list, a dict: unhashable) is a named refusal,
    never a 500 (found by tests/security/test_fuzz.py)."""
    from documents.season_backup import check_document

    with pytest.raises(BackupError, match="version"):
        check_document({"format": "rikscore.competition", "version": version})
