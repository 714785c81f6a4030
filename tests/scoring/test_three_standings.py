"""Standings with tables of three (issue 29): the blind man is nobody's row;
at a table of three everyone plays every deal, so normalising tables of five
per deal played leaves its players' points as they are; placement points
rank 1–3 at a table of three with the event's places 1–3; the tie-breaks
(deals made, sanction points) count the three real players only.
Decisions: docs/decisions.md, "Tables of three: standings"."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import Options, SeatResult, compute


def seat(player, rnd, table, points, **kw):
    return SeatResult(player, rnd, table, points, **kw)


def test_a_table_of_three_earns_the_places_one_to_three():
    results = [seat(1, 1, 10, 60), seat(2, 1, 10, -20), seat(3, 1, 10, -40)]
    rows = compute(results, [1, 2, 3], Options(method="placement", tiebreaks=()))
    assert {r.player: r.placement for r in rows} == {1: 4, 2: 3, 3: 2}
    assert {r.player: r.rounds_won for r in rows} == {1: 1, 2: 0, 3: 0}


def test_a_tie_at_a_table_of_three_shares_the_better_place():
    results = [seat(1, 1, 10, 20), seat(2, 1, 10, 20), seat(3, 1, 10, -40)]
    rows = compute(results, [1, 2, 3], Options(method="placement", tiebreaks=()))
    assert {r.player: r.placement for r in rows} == {1: 4, 2: 4, 3: 2}
    assert {r.player: r.rounds_won for r in rows} == {1: 1, 2: 1, 3: 0}


def test_the_event_s_own_placement_points_apply_at_a_table_of_three():
    results = [seat(1, 1, 10, 5), seat(2, 1, 10, 0), seat(3, 1, 10, -5)]
    options = Options(method="placement", tiebreaks=(), placement_points=(5, 3, 1, 0))
    rows = compute(results, [1, 2, 3], options)
    assert {r.player: r.placement for r in rows} == {1: 5, 2: 3, 3: 1}


def test_normalising_fives_leaves_a_table_of_three_as_it_is():
    # round 1: 1 at a table of three (8 deals, all played), 2 at a table of
    # five (sat out 2 of 10 deals... 8 played); round 2 the other way round
    results = [
        seat(1, 1, 10, 30, deals_played=8),
        seat(2, 1, 11, 30, deals_played=6, deals_sat_out=2),
        seat(1, 2, 12, 10, deals_played=8),
        seat(2, 2, 13, 10, deals_played=8),
    ]
    rows = compute(results, [1, 2], Options(normalise_to=8, tiebreaks=()))
    by = {r.player: r for r in rows}
    assert by[1].points == 40  # 40 / 16 deals × 8 × 2 rounds
    assert by[2].points == round(40 / 14 * 8 * 2, 1)
    assert (by[1].sat_out, by[2].sat_out) == (0, 2)


@given(
    st.lists(
        st.tuples(st.integers(-200, 200), st.integers(-200, 200)),
        min_size=1,
        max_size=6,
    ),
    st.integers(1, 24),
)
def test_a_player_who_played_every_deal_is_never_normalised(rounds, deals):
    # a table of three or four: deals played = the round's deals
    results = []
    for rnd, (a, b) in enumerate(rounds, start=1):
        results += [
            seat(1, rnd, 3 * rnd, a, deals_played=deals),
            seat(2, rnd, 3 * rnd, b, deals_played=deals),
            seat(3, rnd, 3 * rnd, -a - b, deals_played=deals),
        ]
    rows = compute(results, [1, 2, 3], Options(normalise_to=deals, tiebreaks=()))
    for row in rows:
        assert row.points == pytest.approx(row.raw_points)
    assert sum(row.raw_points for row in rows) == 0


def test_sanction_points_and_deals_made_break_ties_among_three():
    results = [
        seat(1, 1, 10, 0, declared_made=2, sanction_points=3),
        seat(2, 1, 10, 0, declared_made=2),
        seat(3, 1, 10, 0, declared_made=1),
    ]
    rows = compute(
        results, [1, 2, 3], Options(tiebreaks=("declared_made", "sanction_points"))
    )
    assert [(r.player, r.rank) for r in rows] == [(2, 1), (1, 2), (3, 3)]


# --- stored events: the seat totals of the three real players -------------


def mixed_seater(round_, playing, rng):
    order = playing[:]
    rng.shuffle(order)
    return [order[:5], order[5:9], order[9:]]


@pytest.mark.django_db
def test_stored_standings_count_the_deals_of_the_three_and_never_the_blind():
    from demo.events import generate_event
    from scoring.pipeline import sanctions_charged
    from scoring.services import standings_for
    from tournaments.models import Seat, TableRound

    event = generate_event(
        "mixed", 12, 2, 5, rules="iwwa", seed=3, sanction_rate=0.5,
        seater=mixed_seater, tables_of_three=True, normalise_five=True,
    )  # fmt: skip
    rows, _names, numbers = standings_for(event)
    assert len(rows) == 12 and numbers == [1, 2]
    by = {row.player: row for row in rows}
    played, made, charged, points = {}, {}, {}, {}
    for table in TableRound.objects.filter(round__tournament=event):
        seats = dict(Seat.objects.filter(table=table).values_list("position", "entry"))
        for deal in table.deals.all():
            record = deal.record
            if len(seats) == 3:
                assert record["blind"] == 4 and deal.seat_scores[3] == 0
                assert 4 not in seats
            for pos in record["players"]:
                if pos in seats:
                    played[seats[pos]] = played.get(seats[pos], 0) + 1
            for play, fact in zip(record["plays"], deal.facts["plays"], strict=True):
                if fact.get("made"):
                    who = seats[play["declarer"]]
                    made[who] = made.get(who, 0) + 1
            for s, pts in zip(
                record.get("sanctions", []),
                sanctions_charged(record, deal.facts),
                strict=True,
            ):
                who = seats[s["player"]]
                charged[who] = charged.get(who, 0) + pts
            for pos, entry in seats.items():
                points[entry] = points.get(entry, 0) + deal.seat_scores[pos - 1]
    assert sum(charged.values()) > 0
    for entry, row in by.items():
        assert row.deals_played == played[entry]
        assert row.declared_made == made.get(entry, 0)
        assert row.sanction_points == charged.get(entry, 0)
        assert row.raw_points == points[entry]
    at_three = {
        e
        for e, n in Seat.objects.filter(table__round__tournament=event).values_list(
            "entry", "table"
        )
        if Seat.objects.filter(table=n).count() == 3
    }
    assert at_three
    for entry in at_three:  # played every deal there: nothing sat out
        seated_at_five = Seat.objects.filter(
            table__round__tournament=event, entry=entry, table__seats__position=5
        ).exists()
        if not seated_at_five:
            assert by[entry].sat_out == 0
            assert by[entry].points == by[entry].raw_points
    assert sum(row.raw_points for row in rows) == 0


@pytest.mark.django_db
def test_the_td_s_standings_say_how_a_table_of_three_counts(client, make_user):
    from django.utils import translation

    from demo.events import generate_event
    from td.views_standings import settings_in_force
    from tournaments.models import TournamentRole

    event = generate_event(
        "drie-pp", 3, 1, 3, tables_of_three=True, method="placement",
        placement_points=[5, 3, 1, 0],
    )  # fmt: skip
    with translation.override("en"):
        lines = dict((str(k), str(v)) for k, v in settings_in_force(event))
    assert lines["3-player tables"] == (
        "the blind man's hand scores nothing; the three play every deal, so "
        "their points count as scored; places 1-3 earn 5-3-1 placement points"
    )
    user = make_user("td", organiser=True)
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(f"/manage/{event.slug}/standings/").content.decode()
    assert "3-player tables" in page and "places 1-3 earn 5-3-1" in page
    event.tables_of_three = False
    with translation.override("en"):
        labels = [str(label) for label, _value in settings_in_force(event)]
    assert "5-player tables" in labels and "3-player tables" not in labels
