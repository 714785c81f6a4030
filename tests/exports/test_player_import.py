import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from scoring.exports import player_import as pi
from tournaments.models import Club, Entry, Player

CSV = (
    "naam;vereniging;bondsnummer\n"
    "Zoë van Ĳsselmuiden;De Troefaas;1001\n"
    ";De Troefaas;1002\n"
    "Noël Brontë;Onbekende Club;1003\n"
    "Loïc Müller;De Troefaas;1001\n"
    "Anna Bakker;De Troefaas;77\n"
).encode()


@pytest.fixture
def register(db):
    club = Club.objects.get_or_create(name="De Troefaas")[0]
    Player.objects.create(name="Anna Bakker", club=club, federation_number="77")
    return club


def test_it_reads_csv_with_a_dutch_header(register):
    rows = pi.preview(pi.parse(CSV, "spelers.csv"))
    by_line = {r.line: r for r in rows}
    assert by_line[2].ok and by_line[2].name == "Zoë van Ĳsselmuiden"
    assert "name is missing" in by_line[3].errors[0]
    assert "Unknown club" in by_line[4].errors[0]
    assert "also on line 2" in by_line[5].errors[0]
    assert "in the register already" in by_line[6].errors[0]


def test_it_creates_missing_clubs_only_when_asked(register):
    rows = pi.preview(pi.parse(CSV, "spelers.csv"), create_clubs=True)
    assert [r.line for r in rows if r.ok] == [2, 4]
    stored = pi.store(rows, create_clubs=True)
    assert {p.name for p in stored} == {"Zoë van Ĳsselmuiden", "Noël Brontë"}
    assert Club.objects.filter(name="Onbekende Club").exists()


def test_it_reads_xlsx_without_a_header(register):
    wb = Workbook()
    wb.active.append(["Loïc Müller", "De Troefaas", 5005])
    wb.active.append(["Bert", None, None])
    buffer = io.BytesIO()
    wb.save(buffer)
    rows = pi.preview(pi.parse(buffer.getvalue(), "p.xlsx"))
    assert [(r.name, r.club, r.federation_number, r.ok) for r in rows] == [
        ("Loïc Müller", "De Troefaas", "5005", True),
        ("Bert", "", "", True),
    ]


def test_it_refuses_an_unreadable_xlsx(db):
    with pytest.raises(pi.PlayerFileError):
        pi.parse(b"not a zip", "p.xlsx")


def test_it_stores_nothing_before_the_td_confirms_and_rechecks(td_client, register):
    td_client.user.is_staff = True  # creating clubs is staff's (docs/roles.md)
    td_client.user.save()
    url = reverse("scoring:import-players")
    upload = SimpleUploadedFile("spelers.csv", CSV, content_type="text/csv")
    before = Player.objects.count()
    response = td_client.post(
        url,
        {
            "file": upload,
            "create_clubs": "on",
            "tournament": td_client.user.tournamentrole_set.first().tournament_id,
        },
    )
    assert response.status_code == 200
    assert "Unknown club" not in response.content.decode()
    assert "also on line 2" in response.content.decode()
    assert Player.objects.count() == before
    # someone takes federation number 1003 between preview and confirm
    Player.objects.create(name="Noël Brontë", federation_number="1003")
    response = td_client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert Player.objects.count() == before + 2
    assert Entry.objects.filter(player__name="Zoë van Ĳsselmuiden").exists()
    assert td_client.post(url, {"confirm": "1"}).status_code == 302  # nothing left


def test_it_keeps_others_out_of_the_player_import(client, make_user):
    client.force_login(make_user("someone"))
    assert client.get(reverse("scoring:import-players")).status_code == 403


# ---- hostile files -------------------------------------------------------------
def test_it_refuses_a_file_beyond_the_size_limit_before_reading_it():
    big = b"naam\n" + b"Anna Bakker\n" * (pi.MAX_FILE_BYTES // 12 + 10)
    with pytest.raises(pi.PlayerFileError, match="larger than"):
        pi.parse(big, "big.csv")


def test_it_stops_reading_at_the_row_limit():
    rows = b"naam\n" + b"".join(b"P%d\n" % i for i in range(pi.MAX_ROWS + 50))
    with pytest.raises(pi.PlayerFileError, match="At most"):
        pi.parse(rows, "many.csv")


def test_it_refuses_a_zip_bomb_xlsx_without_unpacking_it():
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<a>" + b" " * (40 * 2**20))
    data = buffer.getvalue()
    assert len(data) < 200_000
    with pytest.raises(pi.PlayerFileError, match="unpacks"):
        pi.parse(data, "bomb.xlsx")


@pytest.mark.parametrize(
    "content",
    [
        b'naam\n"unclosed quote\nrest',
        b"naam\x00;club\nA\x00B;C\n",
        b"\xff\xfe\x00",
        b'"' * 5000 + b"\n",
        b"a," * 100000,
    ],
    ids=["quote", "nul", "bom-junk", "quotes", "wide"],
)
def test_a_malformed_csv_gets_a_message_not_a_500(content):
    try:
        rows = pi.parse(content, "bad.csv")
    except pi.PlayerFileError as exc:
        assert str(exc)
    else:
        assert isinstance(rows, list)


@pytest.mark.django_db
def test_control_characters_are_refused_per_row():
    rows = pi.preview(pi.parse(b"naam\nAnna\tBakker\nBert\n", "x.csv"))
    assert [bool(r.errors) for r in rows] == [True, False]
    assert "control character" in rows[0].errors[0]
