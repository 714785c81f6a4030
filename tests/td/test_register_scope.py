"""What of the register a TD is offered for their event (issue 36, finding
10): the players of the clubs they organise, players without a club, and
players of the events they direct (this one included); never another club's
members, not in the page and not by posting their id. Staff see everyone.

The register is built once for the module (rolled back at its end); each
test logs in and reads or posts within its own savepoint."""

import datetime

import pytest

from td.forms import RegisterForm, WithdrawForm
from tournaments.models import Club, ClubRole, Entry, Player, TournamentRole
from tournaments.services import create_tournament

#: Who is in the register, by the role each plays in these tests.
NAMES = {
    "own_member": "Alida Eigenclub",
    "other_member": "Berend Anderclub",
    "hidden_member": "Gijsbertus Onzichtbaarman",
    "clubless": "Corrie Zonderclub",
    "entered": "Bertha Ingeschreven",
    "earlier": "Dirk Vorigkeer",
}


def _event(slug: str):
    return create_tournament(
        slug=slug,
        name=slug.title(),
        date=datetime.date(2026, 11, 21),
        rules="nl",
        rounds=2,
        deals_per_round=4,
    )


def _build(django_user_model) -> dict:
    own, other = Club.objects.create(name="Eigen"), Club.objects.create(name="Ander")
    clubs = {
        "own_member": own,
        "other_member": other,
        "hidden_member": other,
        "clubless": None,
        "entered": other,
        "earlier": other,
    }
    players = {
        key: Player.objects.create(name=NAMES[key], club=clubs[key]) for key in NAMES
    }
    players["hidden_member"].public_name = Player.PublicName.HIDDEN
    players["hidden_member"].save()
    event, earlier = _event("open"), _event("voorjaar")
    Entry.objects.create(tournament=event, player=players["entered"])
    Entry.objects.create(tournament=earlier, player=players["earlier"])
    users = {
        "no_club": django_user_model.objects.create_user("td-no-club"),
        "club_td": django_user_model.objects.create_user("td-eigen"),
        "staff": django_user_model.objects.create_user("staff", is_staff=True),
    }
    ClubRole.objects.create(club=own, user=users["club_td"])
    for user in (users["no_club"], users["club_td"]):
        TournamentRole.objects.create(tournament=event, user=user, role="td")
    TournamentRole.objects.create(tournament=earlier, user=users["no_club"], role="td")
    return {"players": players, "users": users, "event": event}


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    from django.contrib.auth import get_user_model
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield _build(get_user_model())
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


#: Whom each kind of TD is offered to add (the entered player is in the
#: entries table already, so no list offers them again).
OFFERED = {
    "no_club": {"clubless", "earlier"},
    "club_td": {"own_member", "clubless"},
    "staff": {"own_member", "other_member", "hidden_member", "clubless", "earlier"},
}


def _offered(html: str) -> set[str]:
    return {key for key, name in NAMES.items() if name in html and key != "entered"}


@pytest.mark.django_db
@pytest.mark.parametrize("who", sorted(OFFERED))
def test_the_entries_page_offers_only_the_tds_own_part_of_the_register(
    client, site, who
):
    client.force_login(site["users"][who])
    page = client.get("/manage/open/entries/").content.decode()
    assert _offered(page) == OFFERED[who]
    assert NAMES["entered"] in page  # in the entries table


@pytest.mark.django_db
def test_searching_the_register_finds_no_other_clubs_member(client, site):
    client.force_login(site["users"]["club_td"])
    for key in ("other_member", "hidden_member", "earlier"):
        surname = NAMES[key].split()[-1]
        page = client.get(f"/manage/open/entries/?q={surname}").content.decode()
        assert NAMES[key] not in page


@pytest.mark.django_db
def test_a_td_of_no_club_cannot_register_another_clubs_member_by_its_id(client, site):
    client.force_login(site["users"]["no_club"])
    for key in ("other_member", "hidden_member", "own_member"):
        player = site["players"][key]
        response = client.post("/manage/open/entries/", {"players": [player.pk]})
        assert response.status_code == 400
        assert NAMES[key] not in response.content.decode()
        assert not site["event"].entries.filter(player=player).exists()


@pytest.mark.django_db
def test_a_td_of_no_club_registers_a_clubless_player_and_types_a_new_one(client, site):
    client.force_login(site["users"]["no_club"])
    clubless = site["players"]["clubless"]
    response = client.post("/manage/open/entries/", {"players": [clubless.pk]})
    assert response.status_code == 302
    response = client.post("/manage/open/entries/quick/", {"name": "Nieuwe Naam"})
    assert response.status_code == 302
    added = set(site["event"].entries.values_list("player__name", flat=True))
    assert {NAMES["clubless"], "Nieuwe Naam"} <= added


@pytest.mark.django_db
def test_the_withdraw_page_offers_substitutes_from_the_tds_part_only(client, site):
    client.force_login(site["users"]["no_club"])
    entry = site["event"].entries.get()
    page = client.get(f"/manage/open/entries/{entry.pk}/withdraw/").content.decode()
    assert NAMES["clubless"] in page
    assert NAMES["other_member"] not in page
    assert NAMES["hidden_member"] not in page


@pytest.mark.django_db
def test_a_substitute_of_another_club_is_refused_by_its_id(site):
    event, user = site["event"], site["users"]["no_club"]
    for key, valid in (("other_member", False), ("clubless", True)):
        data = {"choice": "substitute", "substitute": site["players"][key].pk}
        form = WithdrawForm(event, {"substitute"}, data, user=user)
        assert form.is_valid() is valid, key


@pytest.mark.django_db
def test_the_register_form_asks_who_is_looking(site):
    """No form offers the register without knowing whose eyes it is for."""
    with pytest.raises(TypeError):
        RegisterForm(site["event"])
