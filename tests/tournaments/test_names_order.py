"""Names stored one way at every way in, and shown in the Dutch order
(issue 38): "Anna van den Berg" first, "Ëlla van Dĳk" before "Wim de Kort"
(by surname without its tussenvoegsel, diacritics folded), on the
register page, the check-in and the seating list posted in the hall; the
register's search finds a name however it was typed."""

import unicodedata

import pytest
from django.urls import reverse

from tests.pdf_text import pdf_text
from tournaments.models import Club, Player

pytestmark = pytest.mark.django_db

DUTCH_ORDER = ["Anna van den Berg", "Ëlla van Dĳk", "Wim de Kort"]
#: How people type a name: two spaces, a non-breaking space, "é" as an "e"
#: and a combining accent.
MESSY = "Anneke  Smulders\u00a0", "Anneke Smulders"
DECOMPOSED = unicodedata.normalize("NFD", "Émile  Brouwer")
CLEAN = "Émile Brouwer"


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def club():
    club = Club.objects.create(name="De Troef")
    for name in reversed(DUTCH_ORDER):
        Player.objects.create(name=name, club=club)
    return club


def in_order(text: str, names=DUTCH_ORDER) -> bool:
    at = [text.index(name) for name in names]
    return at == sorted(at)


def test_the_register_lists_and_finds_in_the_dutch_way(client, make_user, club):
    Player.objects.create(name=MESSY[0], club=club)
    Player.objects.create(name=DECOMPOSED, club=club)
    client.force_login(make_user("secretaris", clubs=[club]))
    rows = client.get(reverse("td:players")).context["table"].data.data
    names = [p.name for p in rows]
    assert names[:4] == [DUTCH_ORDER[0], CLEAN, DUTCH_ORDER[1], DUTCH_ORDER[2]]
    for typed, found in (
        ("anneke   smulders", MESSY[1]),
        ("ANNEKE\u00a0Smulders", MESSY[1]),
        ("emile", CLEAN),
        (unicodedata.normalize("NFD", "émile"), CLEAN),
        ("dijk", "Ëlla van Dĳk"),
    ):
        response = client.get(reverse("td:players"), {"q": typed})
        assert [p.name for p in response.context["table"].data.data] == [found]


def test_the_register_form_stores_the_clean_name(client, make_user, club):
    client.force_login(make_user("secretaris", clubs=[club]))
    response = client.post(
        reverse("td:players"),
        {"name": DECOMPOSED, "distinction": " 1956 ", "club": club.pk},
    )
    assert response.status_code == 302
    assert Player.objects.filter(name=CLEAN, distinction="1956").exists()
    again = {"name": MESSY[1].upper(), "distinction": "1956", "club": club.pk}
    assert client.post(reverse("td:players"), again).status_code == 302
    same = {"name": "émile   brouwer", "distinction": "1956", "club": club.pk}
    response = client.post(reverse("td:players"), same)
    assert response.status_code == 200  # refused: the same member, typed otherwise
    assert Player.objects.filter(name=CLEAN).count() == 1


def test_the_ways_in_that_skip_the_form_store_the_clean_name(club, small_event):
    from seasons.check_in import register_newcomer
    from seasons.models import Competition
    from tournaments.roster import quick_add

    season = Competition.objects.create(club=club, slug="s", name="S", rules="nl")
    assert register_newcomer(season, MESSY[0]).name == MESSY[1]
    assert quick_add(small_event, DECOMPOSED).player.name == CLEAN
    club_name = Club.objects.create(name="De  Buren\u00a0").name
    assert club_name == "De Buren"


def test_the_check_in_lists_in_the_dutch_order(club):
    from seasons.check_in import check_in_rows
    from seasons.models import Competition

    season = Competition.objects.create(club=club, slug="s", name="S", rules="nl")
    players = Player.objects.filter(club=club).select_related("club")
    rows = check_in_rows(season, players.order_by("name"), set(), set())
    assert [r.label for r in rows] == DUTCH_ORDER


def test_the_seating_list_is_in_the_dutch_order(club):

    from demo.events import generate_event
    from documents.registry import make_export

    others = [Player.objects.create(name=f"Lid {n}", club=club) for n in range(5)]
    players = [*Player.objects.filter(name__in=DUTCH_ORDER), *others]
    event = generate_event("volgorde", 0, 1, 4, players=players, seed=2)
    _name, _kind, data = make_export(event, "pdf", "seating", round_number=1)
    text = pdf_text(data)
    by_name = text[text.index("op naam") :]  # the event's language: Dutch
    assert in_order(by_name, [*DUTCH_ORDER, "Lid 0"])
