"""The clone-and-edit page for house-rule sets."""

import pytest

from rules.editor import overrides_from_form
from rules.models import HouseRuleSet
from rules.presets import get_preset
from rules.resolver import resolve_schedule


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
    data = form_for(get_preset("nl"), **{"rik__base": "20", "slug": "club",
                                         "name": "Club", "mode": "clone"})  # fmt: skip
    response = client.post("/rules/nl/edit/", data)
    assert response.status_code == 302
    assert resolve_schedule("club").contract("rik").base == 20


@pytest.mark.django_db
def test_it_names_the_bad_value_and_stores_nothing(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    data = form_for(get_preset("nl"), **{"rik__base": "-5", "slug": "club",
                                         "name": "Club", "mode": "clone"})  # fmt: skip
    response = client.post("/rules/nl/edit/", data)
    assert response.status_code == 200
    assert "contracts.rik.base" in response.content.decode()
    assert not HouseRuleSet.objects.exists()


@pytest.mark.django_db
def test_the_public_cannot_edit_rules(client):
    assert client.get("/rules/nl/edit/").status_code == 403
    assert client.post("/rules/nl/edit/", {"slug": "x"}).status_code == 403
