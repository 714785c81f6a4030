import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from documents import player_import as pi
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
    assert by_line[4].errors[0].startswith("Club: unknown club “Onbekende Club”")
    assert "also on line 2" in by_line[5].errors[0]
    assert by_line[6].ok and by_line[6].player_id  # found: completed, not added
    assert by_line[6].notes == ["In the register already."]


def test_it_creates_missing_clubs_only_when_asked(register):
    rows = pi.preview(pi.parse(CSV, "spelers.csv"), create_clubs=True)
    assert [r.line for r in rows if r.ok] == [2, 4, 6]  # 6: Anna Bakker, found
    stored = pi.store(rows, create_clubs=True)
    assert {p.name for p in stored.players} == {"Zoë van Ĳsselmuiden", "Noël Brontë"}
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
    url = reverse("documents:import-players")
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
    assert "unknown club" not in response.content.decode()
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
    assert client.get(reverse("documents:import-players")).status_code == 403


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


# ---- a club list for an event (issue 26) ---------------------------------------
#: A real club list: 22 players, clubs new to the register, one blank club.
CLUB_LIST = "Naam;Club;Bondsnummer\n" + "".join(
    f"Speler {i:02};{club};{5000 + i}\n"
    for i, club in enumerate(
        ["De Klaverboer"] * 6
        + ["Rikclub Zwolle"] * 6
        + ["Harten Vrouw"] * 5
        + ["Troef '73"] * 4
        + [""],
        start=1,
    )
)


def upload(client, url, content, **extra):
    file = SimpleUploadedFile("clublijst.csv", content.encode(), "text/csv")
    return client.post(url, {"file": file, **extra})


@pytest.fixture
def event_td(make_user, small_event, client):
    """A TD of ``small_event`` who organises no club and may create none."""
    from tournaments.models import TournamentRole

    user = make_user("kees")
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return user


def test_an_organiser_imports_a_club_list_whose_clubs_are_new(
    client, make_user, small_event
):
    from tournaments.models import ClubRole, TournamentRole

    user = make_user("org", organiser=True)  # in no club yet
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    url = reverse("documents:import-event-players", args=[small_event.slug])
    entries = reverse("td:entries", args=[small_event.slug])
    assert url.encode() in client.get(entries).content  # linked from the entries
    before = small_event.entries.count()
    page = upload(client, url, CLUB_LIST, create_clubs="on").content.decode()
    assert "22 rows can be stored" in page
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302 and response["Location"] == entries
    assert small_event.entries.count() == before + 22
    made = Club.objects.filter(name__in=["De Klaverboer", "Troef '73"])
    assert made.count() == 2
    assert ClubRole.objects.filter(user=user, club__in=made).count() == 2
    assert Player.objects.get(name="Speler 01").club.name == "De Klaverboer"
    assert Player.objects.get(name="Speler 22").club is None  # blank club


def test_a_td_without_a_club_enters_the_players_with_their_club_as_text(
    client, event_td, small_event
):
    url = reverse("documents:import-event-players", args=[small_event.slug])
    page = client.get(url).content.decode()
    assert "Create missing clubs" not in page  # not theirs to tick
    assert "kept as text" in page
    page = upload(client, url, CLUB_LIST, create_clubs="on").content.decode()
    assert "22 rows can be stored" in page and "entered with the club as text" in page
    client.post(url, {"confirm": "1"})
    assert not Club.objects.filter(name="De Klaverboer").exists()
    entry = small_event.entries.get(player__name="Speler 07")
    assert entry.player.club is None and entry.club_name == "Rikclub Zwolle"
    assert entry.club_label == "Rikclub Zwolle"
    assert small_event.entries.get(player__name="Speler 22").club_label == ""
    # the entries page shows the club as text beside the name (the standings
    # would too, once they are seated: entered now, they have not played)
    entries = client.get(reverse("td:entries", args=[small_event.slug]))
    row = re.search(r"Speler 07.*?</tr>", entries.content.decode(), re.S).group(0)
    assert "Rikclub Zwolle" in row


def test_a_club_the_importer_does_not_organise_is_not_written_to(
    client, make_user, small_event
):
    from tournaments.models import TournamentRole

    staff_club = Club.objects.create(name="Staff Club")
    own = Club.objects.create(name="Eigen Club")
    user = make_user("org2", organiser=True, clubs=[own])
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    csv = "Naam;Club\nAnna Eigen;Eigen Club\nBert Staf;Staff Club\n"
    url = reverse("documents:import-event-players", args=[small_event.slug])
    page = upload(client, url, csv, create_clubs="on").content.decode()
    assert "You do not organise “Staff Club”" in page
    client.post(url, {"confirm": "1"})
    assert Player.objects.get(name="Anna Eigen").club == own
    bert = small_event.entries.get(player__name="Bert Staf")
    assert bert.player.club is None and bert.club_name == "Staff Club"
    assert not staff_club.player_set.exists()
    assert not staff_club.roles.exists()


def test_a_player_in_the_register_is_found_and_entered_not_added(
    client, event_td, small_event, register
):
    csv = "Naam;Club;Bondsnummer\nAnna Bakker;De Troefaas;77\n"
    url = reverse("documents:import-event-players", args=[small_event.slug])
    page = upload(client, url, csv, check_in="on").content.decode()
    assert "In the register already: entered." in page
    before = Player.objects.count()
    client.post(url, {"confirm": "1"})
    assert Player.objects.count() == before
    entry = small_event.entries.get(player__federation_number="77")
    assert entry.status == Entry.Status.PRESENT  # checked in at once, as asked


def test_a_refused_row_names_its_line_column_and_why(client, event_td, small_event):
    csv = "Naam;Club;Bondsnummer\nAnna;A;1\n;B;2\nCor;C;1\nDirk;D;\n"
    url = reverse("documents:import-event-players", args=[small_event.slug])
    page = upload(client, url, csv).content.decode()
    assert "2 rows can be stored" in page
    assert "Line 3: Name: the name is missing." in page
    assert "Line 4: Federation number: 1 is also on line 2." in page


def test_one_player_the_event_cannot_tell_apart_stores_nothing(
    client, event_td, small_event
):
    """All or nothing: a name clash at confirmation rolls every row back."""
    name = small_event.entries.first().player.name
    csv = f"Naam;Club\nNieuwe Speler;Club X\n{name};Club Y\n"
    url = reverse("documents:import-event-players", args=[small_event.slug])
    upload(client, url, csv)
    before = (Player.objects.count(), small_event.entries.count())
    response = client.post(url, {"confirm": "1"}, follow=True)
    assert "Nothing stored" in response.content.decode()
    assert (Player.objects.count(), small_event.entries.count()) == before


def test_the_event_import_is_for_its_tds_only(client, make_user, small_event):
    client.force_login(make_user("stranger", organiser=True))
    url = reverse("documents:import-event-players", args=[small_event.slug])
    assert client.get(url).status_code == 403
    file = SimpleUploadedFile("p.csv", b"Naam\nX\n", "text/csv")
    assert client.post(url, {"file": file}).status_code == 403
    assert client.post(url, {"confirm": "1"}).status_code == 403


def test_a_confirmation_is_for_the_event_it_was_previewed_for(
    client, make_user, small_event
):
    from demo.events import generate_event
    from tournaments.models import TournamentRole

    other = generate_event("other", 8, 1, 1, seed=2)
    user = make_user("both")
    for event in (small_event, other):
        TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    upload(
        client, reverse("documents:import-event-players", args=["other"]), "Naam\nX\n"
    )
    url = reverse("documents:import-event-players", args=[small_event.slug])
    client.post(url, {"confirm": "1"})
    assert not Player.objects.filter(name="X").exists()


# ---- organisers' clubs ------------------------------------------------------------
def test_an_organiser_creates_and_renames_a_club_they_then_organise(client, make_user):
    from tournaments.models import ClubRole

    user = make_user("org", organiser=True)
    client.force_login(user)
    url = reverse("td:clubs")
    assert client.get(url).status_code == 200
    client.post(url, {"name": "De Klaverboer", "city": "Zwolle"})
    club = Club.objects.get(name="De Klaverboer")
    assert ClubRole.objects.filter(user=user, club=club).exists()
    edit = reverse("td:club-edit", args=[club.pk])
    client.post(edit, {"name": "RC De Klaverboer", "city": "Zwolle"})
    club.refresh_from_db()
    assert club.name == "RC De Klaverboer"
    page = client.get(url).content.decode()
    assert "RC De Klaverboer" in page


def test_only_organisers_create_clubs_and_only_their_own_are_edited(
    client, make_user, event_td
):
    other = Club.objects.create(name="Staff Club")
    client.force_login(event_td)  # a TD, no organiser
    assert client.get(reverse("td:clubs")).status_code == 403
    client.post(reverse("td:clubs"), {"name": "Sneaky"})
    assert not Club.objects.filter(name="Sneaky").exists()
    client.force_login(make_user("org", organiser=True))
    page = client.get(reverse("td:clubs")).content.decode()
    assert "Staff Club" not in page  # the clubs they organise only
    edit = reverse("td:club-edit", args=[other.pk])
    assert client.post(edit, {"name": "Taken over"}).status_code == 403
    other.refresh_from_db()
    assert other.name == "Staff Club"


def test_the_refusals_read_in_dutch(client, event_td, small_event):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "nl"
    csv = "Naam;Club;Bondsnummer\n;B;2\nCor;Onbekend;3\n"
    url = reverse("documents:import-event-players", args=[small_event.slug])
    page = upload(client, url, csv).content.decode()
    assert "Regel 2: Naam: de naam ontbreekt." in page
    assert "“Onbekend” is hier geen club: ingeschreven met de club als tekst." in page


def test_a_club_is_matched_whatever_its_case_and_spacing(register):
    csv = b"Naam;Club\nAnna;de  troefaas\nBert;Nieuwe club\nCor;NIEUWE CLUB\n"
    rows = pi.preview(pi.parse(csv, "x.csv"), create_clubs=True)
    assert [r.club for r in rows] == ["De Troefaas", "Nieuwe club", "Nieuwe club"]
    pi.store(rows, create_clubs=True)
    assert Club.objects.filter(name__iexact="nieuwe club").count() == 1


def test_a_club_organiser_creates_missing_clubs_at_the_registers_door(
    client, make_user, register
):
    """Ticked, "Create missing clubs" works for an organiser, not only staff."""
    from tournaments.models import ClubRole

    user = make_user("secretaris", clubs=[register])
    client.force_login(user)
    url = reverse("documents:import-players")
    page = upload(client, url, CLUB_LIST, create_clubs="on").content.decode()
    assert "22 rows can be stored" in page
    client.post(url, {"confirm": "1"})
    club = Club.objects.get(name="Harten Vrouw")
    assert ClubRole.objects.filter(user=user, club=club).exists()
    assert club.player_set.count() == 5
