"""The clone-and-edit page for house-rule sets."""

import pytest

from rules.engine.presets import get_preset
from rules.models import HouseRuleSet
from rules.resolver import resolve_schedule
from td.rules_editor import overrides_from_form


def form_for(schedule, **changes):
    data = {}
    for code, c in schedule.contracts.items():
        for key in ("base", "step", "bonus13", "value", "unit", "loss_mode"):
            if hasattr(c, key):
                data[f"{code}__{key}"] = str(
                    getattr(getattr(c, key), "value", getattr(c, key))
                )
        for key in ("enabled", "jury", "solo_limit"):
            if getattr(c, key):
                data[f"{code}__{key}"] = "on"
    data.update(changes)
    return data


def test_it_stores_only_what_differs_from_the_preset():
    nl = get_preset("nl")
    data = form_for(nl, **{"rik__loss_mode": "both", "piek__value": "25"})
    assert overrides_from_form(nl, data) == {
        "contracts": {"rik": {"loss_mode": "both"}, "piek": {"value": 25}}
    }


def test_an_unticked_contract_is_disabled():
    nl = get_preset("nl")
    data = form_for(nl)
    del data["troela__enabled"]
    assert overrides_from_form(nl, data) == {
        "contracts": {"troela": {"enabled": False}}
    }


@pytest.mark.django_db
def test_it_clones_nl_with_a_changed_value_and_scores_with_it(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    data = form_for(
        get_preset("nl"),
        **{"rik__base": "20", "slug": "club", "name": "Club", "mode": "clone"},
    )
    response = client.post("/rules/nl/edit/", data)
    assert response.status_code == 302
    assert resolve_schedule("club").contract("rik").base == 20


@pytest.mark.django_db
def test_it_names_the_bad_value_and_stores_nothing(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    data = form_for(
        get_preset("nl"),
        **{"rik__base": "-5", "slug": "club", "name": "Club", "mode": "clone"},
    )
    response = client.post("/rules/nl/edit/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Rik · Base: Must be a whole number" in response.content.decode()
    assert "contracts.rik.base" not in response.content.decode()  # plain words
    assert not HouseRuleSet.objects.exists()


@pytest.mark.django_db
def test_the_public_cannot_edit_rules(client):
    """An anonymous visitor is sent to the login page, not in."""
    for response in (
        client.get("/rules/nl/edit/"),
        client.post("/rules/nl/edit/", {"slug": "x"}),
    ):
        assert response.status_code == 302
        assert response["Location"] == "/accounts/login/?next=/rules/nl/edit/"
    assert not HouseRuleSet.objects.exists()


# ---- a set is its maker's; a set a started event plays by is read-only
@pytest.fixture
def club_set(db, make_user):
    maker = make_user("maker", organiser=True)
    rule_set = HouseRuleSet.objects.create(
        slug="club",
        name="Club",
        preset="nl",
        owner=maker,
        overrides={"contracts": {"rik": {"base": 20}}},
    )
    return maker, rule_set


def save(client, rule_set, **changes):
    fields = {"slug": rule_set.slug, "name": rule_set.name, "mode": "save", **changes}
    data = form_for(rule_set.schedule(), **fields)
    return client.post(f"/rules/{rule_set.slug}/edit/", data, HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.django_db
def test_only_its_maker_changes_a_set(client, club_set, make_user):
    maker, rule_set = club_set
    client.force_login(make_user("other", organiser=True))
    response = save(client, rule_set, rik__base="99")
    assert "read-only" in response.content.decode()
    rule_set.refresh_from_db()
    assert rule_set.overrides["contracts"]["rik"]["base"] == 20
    client.force_login(maker)
    assert save(client, rule_set, rik__base="30").status_code == 302
    rule_set.refresh_from_db()
    assert rule_set.overrides["contracts"]["rik"]["base"] == 30


@pytest.mark.django_db
def test_a_set_an_event_plays_by_is_read_only_and_keeps_its_code(client, club_set):
    from demo.events import generate_event

    maker, rule_set = club_set
    event = generate_event("uses-club", 8, 1, 2, rules="club")
    client.force_login(maker)
    response = save(client, rule_set, rik__base="99")
    assert "read-only" in response.content.decode()
    event.rules_snapshot = None  # not started yet: changes allowed, the code not
    event.save()
    response = save(client, rule_set, slug="renamed")
    assert "the code stays" in response.content.decode()
    assert HouseRuleSet.objects.filter(slug="club").exists()
    page = client.get(f"/manage/{event.slug}/")  # no 500 for the other event
    assert page.status_code in (302, 403)
