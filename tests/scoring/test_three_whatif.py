"""What-if at tables of three (issue 29): an event with tables of three
with the blind man rescored under its own rules gives its real standings,
under other numbers the hand-checked totals of the three real players;
the blind man's hand is never a line (000, "Rikken for three players")."""

import pytest
from django.utils import translation

from demo.events import generate_event
from scoring.models import Deal
from scoring.services import standings_for
from scoring.whatif import what_if
from tests.scoring.test_whatif import by_seat, club
from tournaments.models import Seat, TableRound

pytestmark = pytest.mark.django_db

#: Three deals at one table of three (players of a deal: "@0" sits left of
#: the dealer; seat 1 deals first, so deal 1: seats 2, 3, the blind man's
#: chair 4, seat 1; deal 2: 3, 4, 1, 2; deal 3: 4, 1, 2, 3). A rik with the
#: blind man as partner, failed by one (seat 2 plays the blind's cards);
#: a misère made (seat 3); a solo 8 just made (seat 1, "@1" of deal 3).
THREE_DEALS = {
    1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@2", "tricks": 7}]},
    2: {"plays": [{"contract": "misere", "declarer": "@0", "tricks": 0}]},
    3: {"plays": [{"contract": "solo-8", "declarer": "@1", "tricks": 8}]},
}


@pytest.fixture
def three():
    """One table of three, one round of three deals, nl."""
    return generate_event(
        "three", 3, 1, 3, rules="nl", special={(1, 1): THREE_DEALS},
        tables_of_three=True,
    )  # fmt: skip


def test_the_event_has_a_table_of_three_with_the_blind_man(three):
    (table,) = TableRound.objects.filter(round__tournament=three)
    assert table.seats.count() == 3
    records = [d.record for d in Deal.objects.filter(table=table).order_by("number")]
    assert all(r["blind"] == 4 and 4 in r["players"] for r in records)
    assert records[0]["plays"][0]["partner"] == 4  # the blind man's hand


def test_other_numbers_give_the_hand_checked_totals_of_the_three(three):
    # nl at a table of three (000, "Rikken for three players"; settlement:
    # the blind man is never paid):
    #   deal 1: rik by seat 2 with the blind man's ace, 7 tricks: Y = 15,
    #     the rikker -30 (he plays the blind's cards and takes its share,
    #     0 in nl), seats 3 and 1 +15 each;
    #   deal 2: misère by seat 3 made, V = 30: +60 against the two real
    #     players (-30 each);
    #   deal 3: solo 8 by seat 1 with 8: X = 10: +20, seats 2 and 3 -10.
    # The club: solo 8 is worth 40: +80 / -40.
    result = what_if(three, club(contracts={"solo-8": {"base": 40}}))
    assert by_seat(three, result, lambda ln: ln.real.points) == {
        1: 15 - 30 + 20,
        2: -30 - 30 - 10,
        3: 15 + 60 - 10,
    }
    assert by_seat(three, result, lambda ln: ln.other.points) == {
        1: 15 - 30 + 80,
        2: -30 - 30 - 40,
        3: 15 + 60 - 40,
    }
    assert by_seat(three, result, lambda ln: (ln.real.rank, ln.other.rank)) == {
        1: (2, 1),
        2: (3, 3),
        3: (1, 2),
    }
    assert by_seat(three, result, lambda ln: ln.other.deals_played) == {
        1: 3,
        2: 3,
        3: 3,
    }
    assert by_seat(three, result, lambda ln: ln.other.declared_made) == {
        1: 1,
        2: 0,
        3: 1,
    }
    assert len(result.lines) == 3 and result.deals == 3 and result.refused == []


def test_a_refused_deal_at_a_table_of_three_scores_nothing(three):
    schedule = club(contracts={"misere": {"enabled": False}})
    with translation.override("en"):
        result = what_if(three, schedule)
    (refused,) = result.refused
    assert (refused.round, refused.table, refused.deal) == (1, 1, 2)
    assert refused.messages == ("“misere” is not a contract of this schedule.",)
    assert by_seat(three, result, lambda ln: ln.other.points) == {
        1: 15 + 20,
        2: -30 - 10,
        3: 15 - 10,
    }
    assert {line.other.deals_played for line in result.lines} == {3}


def mixed_seater(round_, playing, rng):
    """Tables of 5, 4 and 3 in one round (12 players), a fresh mix each round."""
    order = playing[:]
    rng.shuffle(order)
    return [order[:5], order[5:9], order[9:]]


@pytest.mark.parametrize("rules", ["nl", "iwwa", "pagat"])
def test_the_own_rules_give_the_real_standings_at_mixed_tables(rules):
    event = generate_event(
        f"mixed-{rules}", 12, 3, 6, rules=rules, seed=29, sanction_rate=0.3,
        seater=mixed_seater, tables_of_three=True,
    )  # fmt: skip
    sizes = sorted(
        t.seats.count() for t in TableRound.objects.filter(round__tournament=event)
    )
    assert sizes == [3, 3, 3, 4, 4, 4, 5, 5, 5]
    result = what_if(event, event.schedule)
    rows, _names, _numbers = standings_for(event)
    assert result.refused == [] and result.deals == 3 * 3 * 6
    real = {row.player: row for row in rows}
    for line in result.lines:
        want = real[line.entry]
        got = line.other
        assert (got.points, got.rank, got.deals_played, got.declared_made) == (
            want.points,
            want.rank,
            want.deals_played,
            want.declared_made,
        ), line.name
        assert got.sanction_points == want.sanction_points, line.name
    assert len(result.lines) == 12  # the blind man is nobody's line


def test_the_solo_limit_counts_at_a_table_of_three():
    # iwwa: abondance counts for the solo limit; the club allows one only.
    # Seat 2 declares deal 1 and deal 3 (as "@3" of deal 3: 4, 1, 2, 3...)
    deals = {
        1: {"plays": [{"contract": "abondance-9", "declarer": "@0", "tricks": 9}]},
        3: {"plays": [{"contract": "abondance-9", "declarer": "@2", "tricks": 10}]},
    }
    event = generate_event(
        "solo3", 3, 1, 3, rules="iwwa", special={(1, 1): deals}, tables_of_three=True
    )
    seat2 = Seat.objects.get(table__round__tournament=event, position=2)
    with translation.override("en"):
        result = what_if(event, club(preset="iwwa", solo_limit=1))
    name = seat2.entry.player.name
    assert [(r.deal, r.messages) for r in result.refused] == [
        (
            3,
            (
                f"{name} already made 1 solo games; another one needs the jury's "
                "approval.",
            ),
        ),
    ]
