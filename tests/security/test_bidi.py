"""A bidi override or isolate in a name: "Eve\u202egnp.exe"
reads "Eveexe.png". Refused where names enter, like control characters:
the late-arrival form, the register, the player import and backups."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments.models import Player, TournamentRole

pytestmark = pytest.mark.django_db
NAMES = ["Eve\u202egnp.exe", "A\u2066B\u2069", "\u202aAnna"]


@pytest.fixture
def td(client, make_user, small_event):
    user = make_user("bidi-td", is_staff=True)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.mark.parametrize("name", NAMES)
def test_a_name_that_reads_backwards_is_refused_by_every_form(td, small_event, name):
    before = Player.objects.count()
    quick = td.post(f"/manage/{small_event.slug}/entries/quick/", {"name": name})
    assert quick.status_code == 400 and "control character" in quick.content.decode()
    td.post("/players/", {"name": name})
    assert Player.objects.count() == before


@pytest.mark.parametrize("name", NAMES)
def test_a_name_that_reads_backwards_is_refused_by_the_player_import(td, name):
    csv = f"Naam;Club\n{name};\n".encode()
    td.post("/import/players/", {"file": SimpleUploadedFile("p.csv", csv)})
    td.post("/import/players/", {"confirm": "1"})
    assert not Player.objects.filter(name=name).exists()
