"""The deal grid names its columns and its dealers: on the table's own page
the score columns are headed by the players (not seat numbers) and a deal
not yet played reads "dealer: Anna", not a name in the contract column."""

import pytest
from django.urls import reverse
from lxml import html

from scoring.models import Deal
from scoring.services import table_view
from scoring.tableside import services
from tournaments.dealing import dealer_position
from tournaments.models import Round, TableRound, Tournament


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def running(slug: str, n_players: int) -> TableRound:
    """Table 1 of round 2 of a scored event, the round reopened and emptied."""
    from demo.events import generate_event

    event = generate_event(slug, n_players, 2, 5, rules="nl", seed=5)
    Tournament.objects.filter(pk=event.pk).update(entry_mode="confirm")
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    Deal.objects.filter(table__round__tournament=event, table__round__number=2).delete()
    TableRound.objects.filter(round__tournament=event, round__number=2).update(
        closed=False
    )
    return TableRound.objects.get(round__tournament=event, round__number=2, number=1)


def grid(client, url: str):
    """(header texts, [cell texts of each body row]) of the page's deal grid."""
    page = html.fromstring(client.get(url).content.decode())
    (table,) = page.xpath("//table[contains(@class, 'entry-grid')]")
    heads = [th.text_content().strip() for th in table.xpath("./thead/tr/th")]
    rows = [
        [td.text_content().strip() for td in tr.xpath("./td")]
        for tr in table.xpath("./tbody/tr")
    ]
    return heads, rows


def table_link(table) -> str:
    key = services.key_for(table)
    return reverse("tableside:table", args=[key.slot, key.secret])


@pytest.mark.django_db
def test_the_table_page_heads_the_scores_with_the_players_names(client):
    table = running("grid-four", 8)
    heads, _rows = grid(client, table_link(table))
    assert heads[2:] == table_view(table).labels


@pytest.mark.django_db
@pytest.mark.parametrize("n_players", [8, 10])
def test_a_deal_not_played_names_its_dealer_as_dealer(client, n_players):
    table = running(f"grid-{n_players}", n_players)
    view = table_view(table)
    size = len(view.seats)
    _heads, rows = grid(client, table_link(table))
    for number, row in enumerate(rows, 1):
        dealer = view.label_of(dealer_position(size, number))
        expected = f"dealer: {dealer}" + (", sits out" if size == 5 else "")
        assert row[1] == expected


@pytest.mark.django_db
def test_the_td_grid_names_the_dealer_and_heads_the_scores_by_name(
    td_client, small_event
):
    """The TD's grid has a dealer column and names over the scores already."""
    view = table_view(small_event.round_set.get(number=1).tables.get(number=1))
    args = [small_event.slug, 1, 1]
    heads, rows = grid(td_client, reverse("td:entry-table", args=args))
    assert heads[1] == "Dealer"
    for seat, head in zip(view.seats, heads[3:], strict=True):
        assert head == f"{seat.position} · {seat.entry.player.name}"
    assert rows[0][1].startswith(view.label_of(dealer_position(5, 1)))
