"""Member lists as club secretaries keep them (tests/exports/member_lists/):
Excel's semicolons in Windows-1252, a BOM, tabs, English headers, an XLSX
with date cells, no header at all, birth dates and namesakes, surnames
first. Each is read, previewed and stored; the mapping the preview reports
and a mapping the importer changes are checked too."""

import datetime
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook

from documents import member_list_columns as columns
from documents import player_import as pi
from tournaments.models import Club, Player

LISTS = Path(__file__).parent / "member_lists"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def sheet(name: str) -> pi.Sheet:
    return pi.Sheet.read((LISTS / name).read_bytes(), name)


def stored(rows) -> dict[str, Player]:
    result = pi.store(rows)
    return {p.name: Player.objects.get(pk=p.pk) for p in result.players}


def used(s: pi.Sheet) -> dict[str, str]:
    return {c["title"] or str(c["index"]): c["field"] for c in s.columns()}


# ---- the header recognition, pure ----------------------------------------------
def test_headers_are_recognised_whatever_their_case_spacing_and_punctuation():
    header = ["VOORNAAM", " Tussenv. ", "Naam", "E-mail adres", "Tel.", "Lid  sinds"]
    assert columns.guess(header) == [
        "first_name",
        "tussenvoegsel",
        "surname",  # beside a first name, "Naam" is the surname
        "email",
        "phone",
        "member_since",
    ]
    assert columns.guess(["Anna", "De Troefaas", "12"]) is None  # no header


@pytest.mark.parametrize(
    ("mapping", "why"),
    [
        (["name", "name"], "more than one column"),
        (["name", "shoe_size"], "Unknown field: shoe_size"),
        (["name", "surname"], "not both"),
        (["club", "email"], "holds the name"),
    ],
)
def test_a_mapping_that_cannot_be_read_is_refused_saying_why(mapping, why):
    assert why in " ".join(columns.check_mapping(mapping))


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("1-3-2004", datetime.date(2004, 3, 1)),
        ("01-03-2004", datetime.date(2004, 3, 1)),
        ("1/3/2004", datetime.date(2004, 3, 1)),
        ("2004-03-01", datetime.date(2004, 3, 1)),
        ("2004", datetime.date(2004, 1, 1)),
        ("31-2-2010", None),
        ("vroeger", None),
    ],
)
def test_dates_are_read_as_excel_writes_them(text, day):
    assert columns.parse_date(text) == day


# ---- the lists -----------------------------------------------------------------
@pytest.mark.django_db
def test_excel_semicolons_in_windows_1252_with_a_trailing_column():
    s = sheet("excel_semicolon_cp1252.csv")
    assert s.header and len(s.table[0]) == 7  # the trailing empty column dropped
    assert used(s)["Lid sinds"] == "member_since" and used(s)["Plaats"] == "place"
    rows = pi.preview(s.rows())
    assert [r.name for r in rows] == [
        "Jan van der Berg",
        "Renée Jansen",
        "Piet Hein de Vries",  # the double space gone
        "Ellen van Dijk",
        "Gérard Müller",
    ]
    assert all(r.ok for r in rows)
    assert "E-mail “renee@example” left out" in rows[1].warnings[0]
    assert "Member since “31-2-2010” left out" in rows[4].warnings[0]
    players = stored(rows)
    jan = players["Jan van der Berg"]
    assert (jan.email, jan.phone, jan.place) == (
        "jan.vdberg@example.nl",
        "06-12345678",
        "Zwolle",
    )
    assert jan.member_since == datetime.date(2004, 3, 1)
    assert players["Renée Jansen"].email == "" and players["Renée Jansen"].place
    assert players["Piet Hein de Vries"].member_since == datetime.date(2004, 1, 1)
    assert players["Ellen van Dijk"].member_since == datetime.date(2004, 3, 1)
    assert players["Gérard Müller"].member_since is None


@pytest.mark.django_db
def test_utf8_with_a_bom_and_commas():
    Club.objects.create(name="De Troefaas")
    s = sheet("utf8_bom_comma.csv")
    assert used(s) == {
        "Naam": "name",
        "Vereniging": "club",
        "Bondsnummer": "federation_number",
        "E-mailadres": "email",
        "Mobiel": "phone",
        "Woonplaats": "place",
        "Lidmaatschap begin": "member_since",
    }
    players = stored(pi.preview(s.rows()))
    zoe = players["Zoë van Ĳsselmuiden"]
    assert zoe.club.name == "De Troefaas" and zoe.federation_number == "2001"
    assert zoe.member_since == datetime.date(2019, 9, 15) and zoe.phone == "0612345678"
    assert players["Loïc Müller"].place == "Kampen, Overijssel"


@pytest.mark.django_db
def test_tabs_with_roepnaam_voorletters_and_columns_not_used():
    s = sheet("tab_separated.tsv")
    fields = used(s)
    assert fields["Roepnaam"] == "first_name" and fields["Voornaam"] == ""
    assert fields["Lidnr"] == "federation_number" and fields["Tv"] == "tussenvoegsel"
    assert [c["title"] for c in s.columns() if not c["field"]] == [
        "Voornaam",
        "Adres",
        "Postcode",
    ]
    players = stored(pi.preview(s.rows()))
    assert set(players) == {"Jan Smit", "A. ten Brink"}  # initials without a name
    assert players["Jan Smit"].phone == "038-1234567"
    assert players["A. ten Brink"].place == "Hattem"


@pytest.mark.django_db
def test_english_headers_and_a_changed_mapping():
    s = sheet("english_headers.csv")
    assert used(s)["City"] == "place" and used(s)["Last name"] == "surname"
    s.mapping[s.table[0].index("City")] = ""  # the importer: not the city
    players = stored(pi.preview(s.rows()))
    tom = players["Tom de Boer"]
    assert tom.member_since == datetime.date(2015, 6, 1) and tom.place == ""
    assert players["Mary Smith"].phone == "+31 6 1234 5678"


@pytest.mark.django_db
def test_an_xlsx_with_date_and_number_cells():
    wb = Workbook()
    wb.active.append(["Naam", "Lid sinds", "Bondsnummer", "Geboortejaar"])
    day = datetime.datetime(2011, 9, 1)  # noqa: DTZ001 (an Excel cell is naive)
    wb.active.append(["Fenna Visser", day, 6001.0, 1990])
    buffer = io.BytesIO()
    wb.save(buffer)
    s = pi.Sheet.read(buffer.getvalue(), "leden.xlsx")
    assert s.mapping == ["name", "member_since", "federation_number", "birth"]
    fenna = stored(pi.preview(s.rows()))["Fenna Visser"]
    assert fenna.member_since == datetime.date(2011, 9, 1)
    assert fenna.federation_number == "6001"
    assert fenna.distinction == ""  # no namesake: the birth year is not kept


@pytest.mark.django_db
def test_a_list_without_headers_is_read_in_the_default_order():
    s = sheet("no_headers.csv")
    assert not s.header and s.mapping == list(columns.DEFAULT_ORDER)
    players = stored(pi.preview(s.rows()))
    assert players["Anna de Wit"].federation_number == "5001"
    assert players["Bert Smit"].distinction == "jr."


@pytest.mark.django_db
def test_birth_dates_keep_only_the_year_and_only_for_namesakes():
    Player.objects.create(name="Wim Bos")
    rows = pi.preview(sheet("namesakes_geboortedatum.csv").rows())
    assert [r.distinction for r in rows] == ["1960", "1985", "", ""]
    assert "not a birth year" in rows[3].warnings[0]
    # Wim Bos without a distinction is in the register: the same person, likely
    assert "in the register already" in rows[2].errors[0]
    assert {p.label for p in pi.store(rows).players} == {
        "Kees Jansen (1960)",
        "Kees Jansen (1985)",
        "Ria Bos",
    }
    assert Player.objects.get(distinction="1985").email == "kees85@example.nl"


@pytest.mark.django_db
def test_surname_first_names_are_turned_around():
    rows = pi.preview(sheet("surname_first.csv").rows())
    assert [r.name for r in rows] == [
        "Jan van der Berg",
        "Piet de Vries",
        "A. Bakker",
        "Anneke Smulders",
    ]


# ---- a member already in the register ------------------------------------------
@pytest.mark.django_db
def test_a_member_found_gets_only_the_empty_fields_and_the_preview_says_so():
    club = Club.objects.create(name="De Troefaas")
    Player.objects.create(
        name="Zoë van Ĳsselmuiden", club=club, federation_number="2001", phone="1"
    )
    rows = pi.preview(sheet("utf8_bom_comma.csv").rows(), allowed={"De Troefaas"})
    assert rows[0].notes == [
        "In the register already.",
        "E-mail added.",
        "Phone differs from the register's: not changed.",
        "Place added.",
        "Member since added.",
    ]
    result = pi.store(rows, allowed={"De Troefaas"})
    assert result.completed == 1 and [p.name for p in result.players] == ["Loïc Müller"]
    zoe = Player.objects.get(federation_number="2001")
    assert (zoe.email, zoe.phone, zoe.place) == ("zoe@example.nl", "1", "Zwolle")


@pytest.mark.django_db
def test_another_clubs_member_is_not_completed():
    other = Club.objects.create(name="De Troefaas")
    Player.objects.create(
        name="Zoë van Ĳsselmuiden", club=other, federation_number="2001"
    )
    rows = pi.preview(sheet("utf8_bom_comma.csv").rows(), allowed=set())
    assert "in the register already" in rows[0].errors[0]  # the register's door
    rows = pi.preview(sheet("utf8_bom_comma.csv").rows(), allowed=set(), event=True)
    assert "Not a member of your club" in rows[0].notes[-1]


# ---- the page ------------------------------------------------------------------
def test_the_page_shows_the_mapping_takes_a_change_and_stores(client, make_user):
    club = Club.objects.create(name="Rikclub Zwolle")
    client.force_login(make_user("secretaris", clubs=[club]))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = reverse("documents:import-players")
    name = "excel_semicolon_cp1252.csv"
    file = SimpleUploadedFile(name, (LISTS / name).read_bytes(), "text/csv")
    page = client.post(url, {"file": file}).content.decode()
    assert "5 rows can be stored" in page
    assert 'name="col-5"' in page and "Which column goes where" in page
    assert "Line 3: E-mail “renee@example” left out" in page
    mapping = {
        f"col-{i}": f
        for i, f in enumerate(
            columns.guess(
                [
                    "Voornaam",
                    "Tussenvoegsel",
                    "Achternaam",
                    "E-mail",
                    "Telefoon",
                    "Plaats",
                    "Lid sinds",
                ]
            )
        )
    }
    bad = client.post(url, {**mapping, "col-4": "email", "remap": "1", "header": "1"})
    assert "“E-mail” is chosen for more than one column" in bad.content.decode()
    page = client.post(url, {**mapping, "col-5": "", "remap": "1", "header": "1"})
    assert "Not used: Plaats" in page.content.decode()
    assert not Player.objects.filter(name="Jan van der Berg").exists()
    client.post(url, {"confirm": "1"})
    jan = Player.objects.get(name="Jan van der Berg")
    assert jan.email == "jan.vdberg@example.nl" and jan.place == ""  # as changed
    assert Player.objects.filter(name="Renée Jansen", email="").exists()


def test_a_list_without_a_club_column_joins_the_club_chosen(client, make_user):
    """A club's own member list names no club: the secretary's club, chosen
    (and offered first) on the page, is every row's; another's is refused."""
    club = Club.objects.create(name="Rikclub Zwolle")
    other = Club.objects.create(name="De Klaverboer")
    client.force_login(make_user("secretaris", clubs=[club]))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    url = reverse("documents:import-players")
    assert f'<option value="{club.pk}" selected>' in client.get(url).content.decode()
    name = "excel_semicolon_cp1252.csv"

    def post(chosen):
        file = SimpleUploadedFile(name, (LISTS / name).read_bytes(), "text/csv")
        return client.post(url, {"file": file, "club": chosen.pk})

    assert "Select a valid choice" in post(other).content.decode()
    assert "5 rows can be stored" in post(club).content.decode()
    client.post(url, {"confirm": "1"})
    assert Player.objects.get(name="Jan van der Berg").club == club
    assert not Player.objects.filter(club=other).exists()
