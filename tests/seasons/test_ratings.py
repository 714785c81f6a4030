"""Ratings across events: the pure arithmetic (direction, ties, determinism,
order), the recompute and the update on the database, and the public pages
in a constant number of queries."""

import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from publicpages.rating_chart import line_chart
from seasons.models import Rating
from seasons.rating_math import START, ordinal, ranks, rate_events
from tournaments.models import Round, Seat

A, B, C, D, E = 1, 2, 3, 4, 5


def table(*players_points):
    return list(players_points)


# --- Pure ---


def test_a_winner_goes_up_and_a_loser_down():
    [after] = rate_events([[table((A, 40), (B, 10), (C, -10), (D, -40))]])
    assert after[A][0] > START[0] > after[D][0]
    assert after[A][0] > after[B][0] > after[C][0] > after[D][0]
    assert all(sigma < START[1] for _mu, sigma in after.values())  # learned


def test_ties_share_a_rank_and_tied_equals_come_out_equal():
    assert ranks([10, 30, 10, -50]) == [2.0, 1.0, 2.0, 4.0]
    [after] = rate_events([[table((A, 5), (B, 5), (C, 5), (D, -15))]])
    assert after[A] == pytest.approx(after[B])
    assert after[A] == pytest.approx(after[C])
    assert after[A][0] > after[D][0]


def season_of(n_events=6, seed=0):
    """Events of two rounds at two tables of four, fixed points."""
    events = []
    for e in range(n_events):
        players = [(e * 3 + i) % 10 + 1 for i in range(8)]
        rounds = []
        for r in range(2):
            order = players[r:] + players[:r]
            for t in (order[:4], order[4:]):
                rounds.append([(p, (p * 7 + e * 5 + r + seed) % 11 - 5) for p in t])
        events.append(rounds)
    return events


def test_the_same_input_gives_the_same_output():
    assert rate_events(season_of()) == rate_events(season_of())


def test_order_matters_and_appending_equals_recomputing():
    events = season_of()
    assert rate_events(events)[-1] != rate_events(events[::-1])[0]
    whole = rate_events(events)
    state = {}
    for before in rate_events(events[:-1]):
        state.update(before)
    assert rate_events([events[-1]], start=state) == [whole[-1]]


def test_a_corrected_old_result_moves_later_ratings():
    events = season_of()
    corrected = [list(map(list, event)) for event in events]
    first = corrected[0][0]
    first[0], first[-1] = (first[0][0], 99), (first[-1][0], -99)
    assert rate_events(corrected)[-1] != rate_events(events)[-1]


def test_the_chart_puts_the_highest_value_on_top():
    chart = line_chart([0.0, 4.0, -2.0])
    assert chart.high == 4.0 and chart.low == -2.0
    ys = [y for _x, y in chart.dots]
    assert ys[1] < ys[0] < ys[2]  # SVG y grows downwards
    assert chart.zero_y == ys[0]
    assert line_chart([]) is None
    assert line_chart([3.0]).dots[0][1] == line_chart([3.0, 3.0]).dots[0][1]


# --- Database ---


def played(season):
    """{(player, event)} of every seat with a result in a rated round."""
    seats = Seat.objects.filter(table__round__tournament__evening__competition=season)
    return set(seats.values_list("entry__player_id", "table__round__tournament_id"))


def test_recompute_stores_one_rating_per_player_per_event(season):
    from seasons.ratings import recompute_ratings

    stored = recompute_ratings()
    rows = Rating.objects.all()
    assert stored == rows.count() == len(played(season))
    assert set(rows.values_list("player_id", "tournament_id")) == played(season)
    for r in rows:
        assert r.ordinal == pytest.approx(ordinal(r.mu, r.sigma))
    # events counts 1, 2, … in date order for every player
    by_player = {}
    for r in rows.order_by("tournament__date", "tournament_id"):
        by_player.setdefault(r.player_id, []).append(r.events)
    assert all(n == list(range(1, len(n) + 1)) for n in by_player.values())
    again = recompute_ratings()
    assert again == stored
    assert sorted(rows.values_list("player_id", "tournament_id", "mu", "sigma")) == (
        sorted(Rating.objects.values_list("player_id", "tournament_id", "mu", "sigma"))
    )


def snapshot():
    return sorted(
        Rating.objects.values_list(
            "player_id", "tournament_id", "mu", "sigma", "events"
        )
    )


def test_updating_the_newest_event_equals_a_recompute(season):
    from seasons.ratings import recompute_ratings, update_after

    recompute_ratings()
    whole = snapshot()
    last = season.evenings.order_by("-number").first().tournament
    Rating.objects.filter(tournament=last).delete()
    assert update_after(last) == "updated"
    assert snapshot() == whole


def test_a_corrected_old_result_is_recomputed(season):
    from seasons.ratings import recompute_ratings, update_after

    recompute_ratings()
    first = season.evenings.get(number=1).tournament
    last = season.evenings.order_by("-number").first().tournament
    before = dict(Rating.objects.filter(tournament=last).values_list("player_id", "mu"))
    seat = Seat.objects.filter(table__round__tournament=first).first()
    seat.points += 500  # a corrected sheet: this player won that table
    seat.save()
    assert update_after(first) == "recomputed"
    after = dict(Rating.objects.filter(tournament=last).values_list("player_id", "mu"))
    assert after != before
    assert snapshot() == (recompute_ratings() and snapshot())


def test_draft_and_unfinished_rounds_are_not_rated(season):
    from seasons.ratings import load_events

    last = season.evenings.order_by("-number").first().tournament
    Round.objects.filter(tournament=last, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    events = dict(load_events())
    assert len(events[last.pk]) < len(
        events[season.evenings.get(number=1).tournament_id]
    )


def test_closed_unpublished_and_hidden_rounds_are_not_rated(season):
    """A rating that moved with them would give their results away."""
    from seasons.ratings import load_events

    last = season.evenings.order_by("-number").first().tournament
    full = len(dict(load_events())[last.pk])
    Round.objects.filter(tournament=last, number=2).update(published=False)
    assert len(dict(load_events())[last.pk]) < full  # closed, not published
    Round.objects.filter(tournament=last, number=2).update(published=True)
    type(last).objects.filter(pk=last.pk).update(hide_last_rounds=1)
    assert len(dict(load_events())[last.pk]) < full


def test_publishing_a_round_updates_the_ratings(
    season, django_capture_on_commit_callbacks
):
    from seasons.models import RatingsDue
    from seasons.ratings import recompute_ratings
    from tournaments.rounds import publish_round

    last = season.evenings.order_by("-number").first().tournament
    round_ = last.round_set.get(number=2)
    Round.objects.filter(pk=round_.pk).update(
        status=Round.Status.SEATED, published=False
    )
    round_.refresh_from_db()
    recompute_ratings()
    partial = snapshot()
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_, True)
    assert snapshot() != partial
    assert not RatingsDue.objects.exists()  # worked off
    assert Rating.objects.count() == len(played(season))
    assert snapshot() == (recompute_ratings() and snapshot())


def test_what_each_result_event_asks_of_the_ratings(season):
    """Typed events, not audit text: a registration or a check-in moves
    nothing; a deal only in a round the public sees."""
    from seasons.rating_events import due_for
    from tournaments.result_events import (
        DealsChanged,
        EntriesChanged,
        EventEdited,
        EventImported,
        RoundChange,
        RoundChanged,
    )

    event = season.evenings.first().tournament.pk
    assert due_for(RoundChanged(event, 1, RoundChange.PUBLISHED)) == (event,)
    assert due_for(RoundChanged(event, 1, RoundChange.SEATED)) == ()
    assert due_for(EntriesChanged(event)) == ()
    assert due_for(DealsChanged(event, 1, 1, public=True)) == (event,)
    assert due_for(DealsChanged(event, 1, 1, public=False)) == ()
    assert due_for(EventEdited(event, frozenset({"name"}))) == ()
    assert due_for(EventEdited(event, frozenset({"hide_last_rounds"}))) == (event,)
    assert due_for(EventImported(event)) == (None,)


def test_a_correction_in_a_public_round_is_rated_by_the_worker(
    season, worker_queue, django_capture_on_commit_callbacks
):
    """The save answers first: the ratings are due and a job waits on the
    queue; the worker's run makes them current (``core.background``)."""
    from django_tasks_db.models import DBTaskResult

    from scoring.models import Deal
    from scoring.services import save_deal, table_view
    from scoring.services.tables import TableView
    from seasons.models import RatingsDue
    from seasons.ratings import recompute_ratings
    from tournaments.rounds import reopen_round

    recompute_ratings()
    before = snapshot()
    last = season.evenings.order_by("-number").first().tournament
    deal = Deal.objects.filter(table__round__tournament=last).order_by("id").first()
    table = deal.table
    view: TableView = table_view(table)
    record = view.named(deal.record)
    record["plays"][0]["tricks"] = 13 - record["plays"][0]["tricks"]
    with django_capture_on_commit_callbacks(execute=True):
        reopen_round(table.round, reason="Spel verkeerd overgenomen")
        table.refresh_from_db()
        save_deal(table, deal.number, record, expected_version=deal.version)
    due = set(RatingsDue.objects.values_list("tournament_id", flat=True))
    assert due == {last.pk} and snapshot() == before  # not in the request
    jobs = list(DBTaskResult.objects.ready())
    assert {job.task_path for job in jobs} == {"core.background.catch_up"}
    jobs[0].task.call()  # the worker's turn: one catch-up does it all
    assert not RatingsDue.objects.exists()
    assert snapshot() == (recompute_ratings() and snapshot())


def test_moving_a_rated_event_to_another_date_recomputes(
    season, django_capture_on_commit_callbacks
):
    from seasons.ratings import recompute_ratings
    from tournaments.rounds import settings_changed

    recompute_ratings()
    before = snapshot()
    first = season.evenings.get(number=1).tournament
    first.date += datetime.timedelta(days=100)  # now the last evening
    with django_capture_on_commit_callbacks(execute=True):
        first.save(update_fields=["date"])
        settings_changed(first, None, ["name"])
    assert snapshot() == before  # a new name moves nothing
    with django_capture_on_commit_callbacks(execute=True):
        settings_changed(first, None, ["date", "name"])
    assert snapshot() != before
    assert snapshot() == (recompute_ratings() and snapshot())


def test_an_imported_copy_of_an_event_is_rated_once(
    season, django_capture_on_commit_callbacks
):
    """A season's evening imported again under another code (or deleted and
    restored) is the same event: its results count once."""
    from documents.event_backup import export_event, import_event
    from seasons.ratings import recompute_ratings

    recompute_ratings()
    before = snapshot()
    last = season.evenings.order_by("-number").first().tournament
    data = export_event(last)
    with django_capture_on_commit_callbacks(execute=True):
        copy = import_event(data, slug="copy-of-last")
    assert copy.uid == last.uid
    assert snapshot() == before  # nothing counted twice
    with django_capture_on_commit_callbacks(execute=True):
        last.delete()
    assert not Rating.objects.filter(tournament=last.pk).exists()
    assert Rating.objects.filter(tournament=copy).exists()  # the copy counts now
    assert without_events(snapshot()) == without_events(before)


def without_events(rows):
    return sorted((p, round(mu, 9), round(sigma, 9), n) for p, _t, mu, sigma, n in rows)


def test_the_command_recomputes(season):
    from django.core.management import call_command

    out = io.StringIO()
    call_command("recompute_ratings", stdout=out)
    assert "ratings stored" in out.getvalue()
    assert Rating.objects.count() == len(played(season))


# --- Pages ---


def queries(client, path) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_the_pages_read_a_constant_number_of_queries(season, client):
    from demo.season import generate_season
    from seasons.ratings import recompute_ratings

    recompute_ratings()
    top = Rating.objects.order_by("-ordinal").first().player.public_id
    small = (
        queries(client, reverse("public:ratings")),
        queries(client, reverse("public:rating-history", args=[top])),
    )
    bigger = generate_season(
        "bigger", players=30, evenings=6, deals=4, seed=5, attendance=(20, 30)
    )
    for e in bigger.evenings.all():  # later than the small season: appended
        e.tournament.date += datetime.timedelta(days=400)
        e.tournament.save(update_fields=["date"])
    recompute_ratings()
    busiest = max(Rating.objects.all(), key=lambda r: r.events).player.public_id
    history = reverse("public:rating-history", args=[busiest])
    large = (queries(client, reverse("public:ratings")), queries(client, history))
    assert small == large
    assert large[0] <= 3 and large[1] <= 3


def test_the_pages_show_ratings_and_history(season, client):
    from seasons.ratings import recompute_ratings

    recompute_ratings()
    page = client.get(reverse("public:ratings")).content.decode()
    top = Rating.objects.order_by("-ordinal").first()
    assert top.player.name in page
    assert reverse("public:rating-history", args=[top.player.public_id]) in page
    history = client.get(reverse("public:rating-history", args=[top.player.public_id]))
    html = history.content.decode()
    assert "<svg" in html and "<polyline" in html
    assert html.count("<tr>") == 1 + top.player.ratings.count()
    assert "style=" not in html and "<script>" not in html


def test_no_ratings_and_unknown_players(db, client):
    assert client.get(reverse("public:ratings")).status_code == 200
    assert (
        client.get(reverse("public:rating-history", args=[999999])).status_code == 404
    )
    assert client.get(reverse("public:ratings") + "?page=x").status_code == 200


def test_the_command_catches_up_what_a_stopped_worker_left(season):
    from django.core.management import call_command

    from seasons.models import RatingsDue

    RatingsDue.objects.create(tournament_id=None)  # the worker stopped
    out = io.StringIO()
    call_command("catch_up_ratings", stdout=out)
    assert "ratings recomputed" in out.getvalue()
    assert not RatingsDue.objects.exists()
    assert Rating.objects.count() == len(played(season))
    call_command("catch_up_ratings", stdout=out)
    assert "ratings current" in out.getvalue()
