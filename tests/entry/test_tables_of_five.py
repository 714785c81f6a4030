"""Deal entry at tables of five under iwwa: the deal's four players, the
dealer who sits out, the solo limit and sanctions aimed at the right people
(003 and deal-record.md "Who pays whom")."""

import pytest

from demo.events import generate_event
from scoring.models import Deal, JuryCall
from scoring.services import recompute_table, table_view
from tests.entry.conftest import url
from tournaments.models import Seat, TournamentRole


@pytest.fixture
def five(db, client, make_user):
    """iwwa, 10 players (two tables of five), 2 rounds × 5 deals; round 2,
    table 1 open and empty; the client is its TD."""
    event = generate_event("five", 10, 2, 5, rules="iwwa", seed=3)
    table = event.round_set.get(number=2).tables.get(number=1)
    table.deals.all().delete()
    JuryCall.objects.filter(table=table).delete()
    table.closed = False
    table.save()
    recompute_table(table)
    user = make_user("td")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return table


def post(client, table, number, data):
    return client.post(url("entry-deal", table, number), {"version": "", **data})


def test_a_plain_rik_at_a_table_of_five_is_accepted(client, five):
    p = table_view(five).players_for(1)
    rik = {
        "p0_contract": "rik",
        "p0_declarer": p[0],
        "p0_partner": p[1],
        "p0_tricks": "8",
    }
    response = post(client, five, 1, rik)
    assert response.status_code == 302
    deal = Deal.objects.get(table=five, number=1)
    view = table_view(five)
    assert deal.record["players"] == [2, 3, 4, 5]  # stored by seat
    assert deal.record["sitting_out"] == 1  # seat 1 deals first
    assert view.named(deal.record)["players"] == p
    assert deal.seat_scores[0] == 0 and sum(deal.seat_scores) == 0


def test_the_form_offers_the_dealer_sitting_out_for_sanctions_only(client, five):
    view = table_view(five)
    response = client.get(url("entry-deal", five, 1))
    form = response.context["form"]
    out = view.sitting_out_for(1)
    assert out in [v for v, _label in form.fields["s0_player"].widget.choices]
    assert out not in [v for v, _label in form.fields["p0_declarer"].widget.choices]
    html = response.content.decode()
    assert "the same dealer deals again" in html  # troel-not-announced's reading


def test_a_forgotten_turn_up_costs_the_dealer_sitting_out_four(client, five):
    view = table_view(five)
    out = view.sitting_out_for(1)
    turn_up = {"thrown_in": "on", "s0_code": "turn-up-forgotten", "s0_player": out}
    response = post(client, five, 1, turn_up)
    assert response.status_code == 302
    deal = Deal.objects.get(table=five, number=1)
    assert deal.seat_scores == [-4, 1, 1, 1, 1]
    seat = Seat.objects.get(table=five, position=1)
    assert (seat.points, seat.sanction_points) == (-4, 4)  # as charged


def test_a_forgotten_turn_up_on_a_player_is_refused_by_the_form(client, five):
    p = table_view(five).players_for(1)
    turn_up = {"thrown_in": "on", "s0_code": "turn-up-forgotten", "s0_player": p[3]}
    response = post(client, five, 1, turn_up)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "dealer" in str(errors["s0_player"])
    assert not Deal.objects.filter(table=five, number=1).exists()


def test_the_solo_limit_counts_what_the_dealer_made_while_others_played(client, five):
    """Seat 1 deals deal 1 and sits out; their two abondances of round 1 still
    count when they declare again in deal 2."""
    view = table_view(five)
    dealer = view.entry_of(view.label_of(1))
    Seat.objects.filter(entry=dealer, table__round__number=1).update(solo_made=2)
    label = view.label_of(1)
    assert label not in view.players_for(1)
    assert label in view.players_for(2)
    misere = {"p0_contract": "misere", "p0_declarer": label, "p0_tricks": "0"}
    response = post(client, five, 2, misere)
    assert response.status_code == 200
    assert "solo" in str(response.context["form"].errors["p0_jury"])
    JuryCall.objects.create(
        table=five, deal_number=2, entry=dealer, contract="misere", decision="approved"
    )
    response = post(client, five, 2, {**misere, "p0_jury": "approved"})
    assert response.status_code == 302


def test_an_iwwa_troela_is_played_in_hearts(client, five):
    p = table_view(five).players_for(1)
    troela = {
        "p0_contract": "troela",
        "p0_declarer": p[0],
        "p0_partner": p[1],
        "p0_tricks": "9",
    }
    response = post(client, five, 1, {**troela, "p0_trump": "spades"})
    assert "hearts" in str(response.context["form"].errors["p0_trump"])
    assert post(client, five, 1, troela).status_code == 302
    play = Deal.objects.get(table=five, number=1).record["plays"][0]
    assert play["trump"] == "hearts"
    page = client.get(url("entry-deal", five, 2)).content.decode()
    assert 'value="troela"' in page and 'data-trump="hearts"' in page


def test_jury_not_called_cannot_join_the_jurys_approval(client, five):
    view = table_view(five)
    p = view.players_for(1)
    JuryCall.objects.create(
        table=five,
        deal_number=1,
        entry=view.entry_of(p[0]),
        contract="solo",
        decision="approved",
    )
    response = post(
        client,
        five,
        1,
        {
            "p0_contract": "solo",
            "p0_declarer": p[0],
            "p0_tricks": "13",
            "s0_code": "jury-not-called",
            "s0_player": p[0],
            "s0_points": "9",
        },
    )
    assert response.status_code == 200
    assert "approved" in str(response.context["form"].errors["s0_player"])


def test_a_jury_fine_stays_within_15(client, five):
    p = table_view(five).players_for(1)
    response = post(
        client,
        five,
        1,
        {
            "p0_contract": "solo",
            "p0_declarer": p[0],
            "p0_tricks": "13",
            "s0_code": "jury-not-called",
            "s0_player": p[0],
            "s0_points": "18",
        },
    )
    assert "15" in str(response.context["form"].errors["s0_points"])


def test_the_dealers_fine_shows_wherever_the_deal_does(client, five):
    import io

    from openpyxl import load_workbook

    from documents.registry import make_export

    out = table_view(five).sitting_out_for(1)
    turn_up = {"thrown_in": "on", "s0_code": "turn-up-forgotten", "s0_player": out}
    assert post(client, five, 1, turn_up).status_code == 302
    entry = table_view(five).entry_of(out)
    page = client.get(f"/t/{five.round.tournament.slug}/player/{entry.pk}/")
    rounds = page.context["player_rounds"]
    rows = [d for r in rounds if r.number == 2 for d in r.deals]
    assert [(r["deal"], r["points"]) for r in rows] == [(1, -4)]
    _n, _t, data = make_export(five.round.tournament, "xlsx")
    sheet = load_workbook(io.BytesIO(data), read_only=True).worksheets[-1]  # round 2
    row = next(r for r in sheet.iter_rows(values_only=True) if r[2] == out)
    assert row[3] == -4  # deal 1 of round 2, where this dealer sat out
