"""A person as shown is one model (``tournaments.people``), read by every
page, document, API answer and mail (issue 37).

One event, built once for the module: two members "Jan de Vries" of one
club, told apart by the register (1956, 1971), a player who hides the name
and one who shows it short, at a table of five (round 1) and a table of
four (round 2, running: its first table entered on the phones). Every
reader names the namesakes the same way, "Jan de Vries (1956)" and "Jan de
Vries (1971)" for staff, never a bare "Jan de Vries" or the table's
internal label "Jan de Vries (2)"; the staff's readers show the full names
and the register's marks, the public's the players' choices and never a
birth year (issue 38: ``Player.distinction_public`` is off), the namesakes
told apart by club and register number: "Jan de Vries (De Troef, no. 11)".
"""

import io
import json
import re

import pytest
from django.urls import reverse

from tests.pdf_text import pdf_text

EVENT = "naamgenoten"
JAN, HIDDEN, SHORT = "Jan de Vries", "Zwaantje Verborgen", "Anna Brouwer"
NAMESAKES = ("Jan de Vries (1956)", "Jan de Vries (1971)")
#: "Jan de Vries" not followed by its mark, allowing for a line a PDF broke.
BARE = re.compile(r"Jan\s+de\s+Vries(?!\s*\((?:1956|1971)\))")
#: In a PDF's table a cell's second line comes after the row's other cells:
#: there each "Jan de Vries" is counted against a mark.
JANS, MARKS = re.compile(r"Jan\s+de\s+Vries"), re.compile(r"\((?:1956|1971)\)")
OTHERS = [f"Speler {n}" for n in range(1, 6)]
#: The public's mark of a namesake: the club, then the register number.
PUBLIC_JAN = re.compile(r"Jan\s+de\s+Vries\s*\(De\s+Troef,\s+n[or]\.\s+(\d+)\)")
PUBLIC_BARE = re.compile(r"Jan\s+de\s+Vries(?!\s*\(De\s+Troef,)")


def seat(round_, entries, rng):
    """Round 1: the namesakes, the hidden and the short player at the table
    of five; round 2 the namesakes and the short player at a table of four."""
    by_name = {e.player.name + e.player.distinction: e for e in entries}
    first, second = by_name[JAN + "1956"], by_name[JAN + "1971"]
    hidden, short = by_name[HIDDEN], by_name[SHORT]
    rest = [by_name[name] for name in OTHERS]
    if round_.number == 1:
        return [[first, hidden, second, short, rest[0]], rest[1:]]
    return [[second, short, first, rest[0]], [hidden, *rest[1:]]]


def build(user_model) -> dict:
    import datetime

    from demo.events import generate_event
    from scoring.models import Deal
    from tournaments.models import (
        Club,
        Player,
        Round,
        TableRound,
        Tournament,
        TournamentRole,
    )

    club = Club.objects.create(name="De Troef")
    players = [
        Player.objects.create(name=JAN, distinction="1956", club=club),
        Player.objects.create(name=JAN, distinction="1971", club=club),
        Player.objects.create(name=HIDDEN, public_name="hidden", club=club),
        Player.objects.create(
            name=SHORT,
            public_name="short",
            club=club,
            email="anna@example.org",
            mail_consent_at=datetime.date(2026, 1, 1),
            mail_seating=True,
            mail_results=True,
        ),
        *(Player.objects.create(name=name, club=club) for name in OTHERS),
    ]
    event = generate_event(EVENT, 0, 2, 5, players=players, seater=seat, seed=3)
    Tournament.objects.filter(pk=event.pk).update(entry_mode="confirm")
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    running = TableRound.objects.get(round__tournament=event, round__number=2, number=1)
    Deal.objects.filter(table=running).delete()
    TableRound.objects.filter(pk=running.pk).update(closed=False)
    user = user_model.objects.create_user("naam-td", password="pw")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    event.refresh_from_db()
    jans = (str(players[0].pk), str(players[1].pk))
    return {
        "event": event,
        "td": user,
        "hidden": players[2],
        "running": running,
        "jans": jans,
    }


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module in a transaction rolled back at its end."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield build(get_user_model())
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def td(client, world):
    client.force_login(world["td"])
    return client


def hidden_forms(world) -> tuple[str, str]:
    number = world["hidden"].pk
    return (f"Player {number}", f"Speler {number}")


def assert_namesakes_apart(text: str, where: str, table=False) -> None:
    """Both namesakes by name and mark, neither bare nor by a table's label
    (``table``: a PDF's table, whose cells wrap after the row)."""
    for name in NAMESAKES:
        assert name in text, f"{where}: {name} missing"
    if table:
        # every whole name has its mark; a name a narrow column cuts keeps
        # its mark too ("1 Jan d… (1956)", documents.pdf_base.fit_name), so
        # marks may outnumber whole names, never the other way round
        jans, marks = len(JANS.findall(text)), len(MARKS.findall(text))
        assert 0 < jans <= marks, f"{where}: {jans} names, {marks} marks"
    else:
        assert not BARE.search(text), f"{where}: a bare {JAN}"
    assert "Jan de Vries (2)" not in text, f"{where}: a table's label shown"


def assert_staff(text: str, where: str, table=False) -> None:
    assert_namesakes_apart(text, where, table)
    assert HIDDEN in text or SHORT in text, f"{where}: no full name"


def assert_public(text: str, world, where: str, hidden=True) -> None:
    """Namesakes apart by club and number, never by a birth year."""
    assert set(PUBLIC_JAN.findall(text)) == set(world["jans"]), f"{where}: namesakes"
    assert not PUBLIC_BARE.search(text), f"{where}: a bare {JAN}"
    assert "Jan de Vries (2)" not in text, f"{where}: a table's label shown"
    for year in ("1956", "1971"):
        assert year not in text, f"{where}: shows the birth year {year}"
    for secret in ("Zwaantje", "Verborgen", "Brouwer"):
        assert secret not in text, f"{where}: shows {secret}"
    if hidden:
        assert any(f in text for f in hidden_forms(world)), f"{where}: no number"


#: What a form posts, not what it shows: a select's values are the table's
#: labels, the keys the deal record names players by.
POSTED = re.compile(r'\svalue="[^"]*"')


def page(client, path: str) -> str:
    """The page's text as shown (the values its forms post left out)."""
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, path
    return POSTED.sub("", response.content.decode())


# -- the TD's pages -----------------------------------------------------------
@pytest.mark.django_db
def test_the_round_page_names_the_namesakes_apart(td, world):
    html = page(td, reverse("td:round", args=[EVENT, 1]))
    assert_staff(html, "round page")


@pytest.mark.django_db
def test_the_swap_and_move_selects_name_the_namesakes_apart(td, world):
    from td.forms import MoveForm, SwapForm

    round_ = world["event"].round_set.get(number=2)
    for form in (SwapForm(round_), MoveForm(round_)):
        html = POSTED.sub("", str(form))
        assert_staff(html, type(form).__name__)


@pytest.mark.django_db
def test_the_deal_entry_page_and_its_form_name_the_namesakes_apart(td, world):
    """Round 1: a closed table of five, its deals in words; round 2: the
    running table of four, its deal form."""
    for number in (1, 2):
        html = page(td, reverse("td:entry-deal", args=[EVENT, number, 1, 1]))
        assert_staff(html, f"entry page, round {number}")
    form = html.split('id="deal-form"', 1)[1]
    assert_namesakes_apart(form, "deal form")


@pytest.mark.django_db
def test_the_entries_page_names_the_namesakes_apart(td, world):
    assert_staff(page(td, reverse("td:entries", args=[EVENT])), "entries")


@pytest.mark.django_db
def test_the_totals_card_names_the_namesakes_apart(td, world):
    html = page(td, reverse("td:totals", args=[EVENT, 2]))
    assert_namesakes_apart(html, "totals card")


@pytest.mark.django_db
def test_the_hall_and_the_jury_pages_name_the_namesakes_apart(td, world):
    html = page(td, reverse("td:disputes", args=[EVENT, 2, 1]))
    assert_namesakes_apart(html, "disputes")
    assert_staff(page(td, reverse("td:jury", args=[EVENT])), "jury")


@pytest.mark.django_db
def test_the_td_standings_name_the_namesakes_apart(td, world):
    assert_staff(page(td, reverse("td:standings", args=[EVENT])), "td standings")


# -- the phones at the table --------------------------------------------------
@pytest.mark.django_db
def test_the_phone_names_the_namesakes_apart_on_its_buttons_and_grid(client, world):
    from scoring.tableside import services

    key = services.key_for(world["running"])
    url = reverse("tableside:table", args=[key.slot, key.secret])
    html = page(client, url)
    buttons = html.split('class="seat-choice"', 1)[1].split("</div>", 1)[0]
    assert_namesakes_apart(buttons, "seat buttons")
    grid = html.split('class="entry-grid"', 1)[1].split("</thead>", 1)[0]
    assert_namesakes_apart(grid, "grid headers")


# -- the public ----------------------------------------------------------------
@pytest.mark.django_db
def test_the_public_pages_name_the_namesakes_apart_as_the_public_sees_them(
    client, world
):
    for name, args, hidden in (
        ("public:round", [EVENT, 1], True),
        ("public:standings", [EVENT], True),
        ("public:table", [EVENT, 1, 1], True),
        ("public:screen-round", [EVENT], False),  # round 2: the hidden one elsewhere
    ):
        html = page(client, reverse(name, args=args))
        assert_public(html, world, name, hidden)
        if name == "public:screen-round":
            assert any(f in html for f in hidden_forms(world))


@pytest.mark.django_db
def test_the_player_page_is_titled_with_the_name_the_event_shows(client, world):
    event = world["event"]
    entry = event.entries.get(player__name=JAN, player__distinction="1971")
    html = page(client, reverse("public:player", args=[EVENT, entry.pk]))
    shown = f"Jan de Vries (De Troef, no. {entry.player_id})"
    assert f"<h1>{shown}</h1>" in html
    assert f"<title>{shown} ·" in html
    assert "1971" not in html


# -- documents -------------------------------------------------------------------
@pytest.mark.django_db
def test_the_staffs_documents_name_the_namesakes_apart(world):
    from openpyxl import load_workbook

    from documents.registry import make_export

    event = world["event"]
    for what in ("sheets", "cards"):
        _name, _kind, data = make_export(event, "pdf", what, round_number=1)
        assert_staff(pdf_text(data), what, table=True)
    _name, _kind, data = make_export(event, "xlsx")
    cells = "\n".join(
        str(cell)
        for sheet in load_workbook(io.BytesIO(data)).worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if cell is not None
    )
    assert_staff(cells, "workbook")


@pytest.mark.django_db
def test_the_lists_posted_in_the_hall_name_them_as_the_public_sees_them(world):
    from documents.registry import make_export

    for what in ("seating", "standings"):
        _name, _kind, data = make_export(world["event"], "pdf", what, round_number=1)
        assert_public(pdf_text(data), world, what)


# -- the API ----------------------------------------------------------------------
@pytest.mark.django_db
def test_the_api_names_the_namesakes_apart(client, world):
    for path in (
        f"/api/v1/events/{EVENT}/standings/",
        f"/api/v1/events/{EVENT}/rounds/1/",
    ):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, path
        text = json.dumps(response.json(), ensure_ascii=False)
        assert_public(text, world, path)


@pytest.mark.django_db
def test_the_apps_table_keeps_its_labels_and_says_the_names_shown(world):
    """The deal records name players by the table's labels (what the app
    sends back); beside each, the name the TD's pages show."""
    from django.test import Client

    from api.tokens import create_token

    _token, secret = create_token(world["event"], "app", world["td"])
    response = Client().get(
        f"/api/v1/events/{EVENT}/deals/tables/2/1/",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 200
    seats = response.json()["seats"]
    assert sorted(s["name"] for s in seats if "Jan" in s["name"]) == [
        "Jan de Vries",
        "Jan de Vries (2)",
    ]
    assert sorted(s["shown"] for s in seats if "Jan" in s["name"]) == list(NAMESAKES)


# -- mail ----------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_mails_name_the_namesakes_apart_as_the_public_sees_them(world):
    from mailings.models import Mail
    from mailings.results_mail import write_results
    from mailings.seating_mail import write_seating

    event = world["event"]
    assert write_seating(event, 1) == 1
    assert write_results(event, [1]) == 1
    for mail in Mail.objects.filter(tournament=event):
        _dear, text = mail.text.split("\n", 1)  # the greeting names the addressee
        assert_public(text, world, mail.kind, hidden=mail.kind == "seating")
