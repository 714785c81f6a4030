"""The entry form accepts every deal the import accepts, and the other way round.

Events with tables of 4 and 5 (22 players: three of 4, two of 5) under the
three presets and a house-rule set with a solo limit, exported and imported;
then every deal is shown in the entry form and saved again unchanged through
the form over HTTP: every save accepted, every score the same. Then the event
as the form left it is exported and imported again.
"""

import json
from pathlib import Path

import pytest
from django.urls import reverse

from demo.events import generate_event
from documents.event_backup import export_event, import_event
from rules.models import HouseRuleSet
from scoring.models import Deal
from scoring.services import table_view
from td.forms_deal import initial_from_record
from tests.examples import spread
from tournaments.models import TableRound, TournamentRole

FORMAT1 = Path(__file__).parent.parent / "exports" / "format1"
#: iwwa with a solo limit of 1 that abondance 12 counts towards too.
CLUB_LIMIT = {
    "solo_limit": 1,
    "contracts": {"abondance-12": {"solo_limit": True}},
    "sanctions": {"turn-up-forgotten": 6},
}


def form_data(record: dict, players: list[str], version) -> dict:
    """What a TD's browser posts for ``record``: the form's own initial data."""
    data = {k: str(v) for k, v in initial_from_record(record, players).items() if v}
    data.pop("thrown_in", None)
    if not record.get("plays"):
        data["thrown_in"] = "on"
    data["version"] = str(version)
    return data


def resave_every_deal(client, event) -> int:
    """Show each deal in the form and save it back; assert nothing changes.
    At a desk a fifth of the deals, spread over the tables and rounds
    (``tests.examples.spread``); CI every deal. How many were saved."""
    TableRound.objects.filter(round__tournament=event).update(closed=False)
    saved = 0
    deals = Deal.objects.filter(table__round__tournament=event).order_by(
        "table__round__number", "table__number", "number"
    )
    for deal in spread(deals.select_related("table__round")):
        table = deal.table
        args = [event.slug, table.round.number, table.number, deal.number]
        page = client.get(reverse("td:entry-deal", args=args))
        assert page.status_code == 200
        form = page.context["form"]
        assert form.initial["version"] == deal.version
        players = table_view(table).players_for(deal.number)
        data = form_data(deal.record, players, deal.version)
        response = client.post(reverse("td:entry-deal", args=args), data)
        where = (table.round.number, table.number, deal.number, deal.record)
        assert response.status_code == 302, (where, response.context["form"].errors)
        again = Deal.objects.get(pk=deal.pk)
        assert again.seat_scores == deal.seat_scores, where
        assert again.record["plays"] == deal.record["plays"], where
        assert again.record.get("sanctions") == deal.record.get("sanctions"), where
        saved += 1
    return saved


def login_td(client, make_user, event, name="td"):
    user = make_user(name)
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)


@pytest.mark.parametrize("rules", ["pagat", "nl", "iwwa", "club-limit"])
@pytest.mark.django_db
def test_the_form_saves_every_imported_deal_unchanged(client, make_user, rules):
    HouseRuleSet.objects.create(
        slug="club-limit", name="Club limit", preset="iwwa", overrides=CLUB_LIMIT
    )
    original = generate_event(
        f"gen-{rules}", 22, 2, 10, rules=rules, seed=5, sanction_rate=0.3
    )
    sizes = sorted(t.seats.count() for t in original.round_set.first().tables.all())
    assert sizes == [4, 4, 4, 5, 5]
    event = import_event(json.loads(json.dumps(export_event(original))), "imp")
    login_td(client, make_user, event)
    assert resave_every_deal(client, event) == len(spread(range(2 * 5 * 10)))
    # what the form stored imports again, scores unchanged
    scores = sorted(
        Deal.objects.filter(table__round__tournament=event).values_list(
            "s1", "s2", "s3", "s4", "s5"
        )
    )
    again = import_event(json.loads(json.dumps(export_event(event))), "again")
    assert scores == sorted(
        Deal.objects.filter(table__round__tournament=again).values_list(
            "s1", "s2", "s3", "s4", "s5"
        )
    )


@pytest.mark.parametrize("name", sorted(p.name for p in FORMAT1.glob("*.json")))
@pytest.mark.django_db
def test_the_form_saves_every_deal_of_an_old_backup(client, make_user, name):
    event = import_event((FORMAT1 / name).read_bytes(), "old")
    login_td(client, make_user, event)
    assert resave_every_deal(client, event) > 0
