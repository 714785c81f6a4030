"""Typed totals per table and round (``scoring.services.table_totals``): the
one writer's checks, deals refused, the move to deals and the closing check,
standings and the season ranking of a totals-only evening, the backup."""

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.reconcile import reconcile
from scoring.services import TotalsOnlyError, save_deal, standings_for
from scoring.services.table_actions import NotCompleteError, close_table
from scoring.services.table_totals import (
    TotalsError,
    default_deals_played,
    record_totals,
    to_deals,
)
from tests.examples import examples
from tournaments.models import AuditLog, Club, Entry, Player, TournamentRole
from tournaments.rounds import RoundRefusedError, close_round, publish_round
from tournaments.services import create_tournament, seat_round


def make_event(slug="avond", sizes=(4, 5), deals=10, td=None, **settings):
    """Round 1 seated at tables of ``sizes``; nothing entered. ``settings``:
    more of the event's fields (``tables_of_three``)."""
    event = create_tournament(
        slug=slug,
        name=f"Avond {slug}",
        date=datetime.date(2026, 11, 25),
        rules="nl",
        rounds=1,
        deals_per_round=deals,
        score_entry="totals",
        **settings,
    )
    if td is not None:
        TournamentRole.objects.create(tournament=event, user=td, role="td")
    entries = [
        Entry.objects.create(
            tournament=event,
            player=Player.objects.create(name=f"Speler {slug} {i}"),
            status=Entry.Status.PRESENT,
        )
        for i in range(sum(sizes))
    ]
    tables, start = [], 0
    for size in sizes:
        tables.append(entries[start : start + size])
        start += size
    seat_round(event.round_set.get(number=1), tables)
    return event


def table_of(event, number=1):
    return event.round_set.get(number=1).tables.get(number=number)


@pytest.fixture(autouse=True)
def _english():
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def td(make_user):
    return make_user("td")


@pytest.fixture
def event(db, td):
    return make_event(td=td)


def seats(table):
    return list(table.seats.order_by("position").values_list("points", "deals_played"))


def test_it_stores_the_totals_of_a_table_of_four(event, td):
    table = table_of(event, 1)
    record_totals(table, {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    table.refresh_from_db()
    assert table.totals_only
    assert table.sheet_totals == {"1": 30, "2": -10, "3": -5, "4": -15}
    assert seats(table) == [(30, 10), (-10, 10), (-5, 10), (-15, 10)]
    line = AuditLog.objects.get(action="table.totals")
    assert line.user == td and line.detail["table"] == 1


def test_a_table_of_five_plays_all_deals_but_those_it_sits_out(event, td):
    table = table_of(event, 2)
    record_totals(table, {1: 5, 2: 5, 3: 5, 4: 5, 5: -20}, None, td)
    assert [d for _p, d in seats(table)] == [8, 8, 8, 8, 8]
    assert default_deals_played(5, 8) == {1: 6, 2: 6, 3: 6, 4: 7, 5: 7}


def test_deals_played_may_be_given(event, td):
    table = table_of(event, 2)
    record_totals(table, {1: 5, 2: 5, 3: 5, 4: 5, 5: -20}, {5: 7}, td)
    assert [d for _p, d in seats(table)] == [8, 8, 8, 8, 7]


@pytest.mark.parametrize(
    ("totals", "deals", "words"),
    [
        ({1: 10, 2: 0, 3: 0, 4: 2}, None, "add up to 12, not 0"),
        ({1: 10, 2: -10, 3: 0}, None, "Seat 4"),
        ({1: 10, 2: -10, 3: 0, 4: "x"}, None, "Seat 4"),
        ({1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, None, "No player sits at seat 5"),
        ({1: 0, 2: 0, 3: 0, 4: 0}, {1: 11}, "between 1 and 10"),
        ({1: 0, 2: 0, 3: 0, 4: 0}, {1: 0}, "between 1 and 10"),
    ],
)
def test_it_refuses_totals_with_a_clear_message(event, td, totals, deals, words):
    table = table_of(event, 1)
    with pytest.raises(TotalsError) as caught:
        record_totals(table, totals, deals, td)
    assert any(words in m for m in caught.value.messages)
    table.refresh_from_db()
    assert not table.totals_only and seats(table)[0] == (0, 0)


def test_only_the_td_may_enter_totals(event, make_user, client):
    other = make_user("other")
    with pytest.raises(TotalsError):
        record_totals(table_of(event), {1: 0, 2: 0, 3: 0, 4: 0}, None, other)
    assert not AuditLog.objects.filter(action="table.totals").exists()


def test_a_closed_table_and_a_table_with_deals_are_refused(db, td):
    from demo.events import generate_event

    event = generate_event("met-spellen", 8, 1, 4, rules="nl", seed=3)
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    table = table_of(event)
    with pytest.raises(TotalsError, match="closed"):
        record_totals(table, {1: 0, 2: 0, 3: 0, 4: 0}, None, td)
    table.closed = False
    table.save()
    with pytest.raises(TotalsError, match="has deals"):
        record_totals(table, {1: 0, 2: 0, 3: 0, 4: 0}, None, td)


def test_a_published_round_needs_a_reason(event, td):
    table = table_of(event)
    publish_round(table.round, True, td)
    table = table_of(event)
    with pytest.raises(TotalsError, match="published"):
        record_totals(table, {1: 1, 2: -1, 3: 0, 4: 0}, None, td)
    record_totals(table, {1: 1, 2: -1, 3: 0, 4: 0}, None, td, reason="overgetypt")
    table.round.refresh_from_db()
    assert table.round.corrected_at is not None
    assert table.round.correction_reason == "overgetypt"


def test_the_deal_writer_refuses_a_totals_table(event, td):
    table = table_of(event)
    record_totals(table, {1: 1, 2: -1, 3: 0, 4: 0}, None, td)
    with pytest.raises(TotalsOnlyError) as caught:
        save_deal(table, 1, {"plays": []}, td)
    assert "Enter deals" in str(caught.value)


def test_a_totals_table_counts_as_complete_and_closes(event, td):
    for number, totals in ((1, {1: 1, 2: -1, 3: 0, 4: 0}), (2, {1: 0, 2: 0})):
        if number == 2:
            totals = {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}
        record_totals(table_of(event, number), totals, None, td)
    close_table(table_of(event, 1), td)
    close_round(event.round_set.get(number=1), td)
    assert event.round_set.get(number=1).status == "closed"


def enter_zero_deals(table, deals=10) -> None:
    """Every deal of ``table`` stored through the pipeline, each a misère
    with no trick (made)."""
    from scoring.services import recompute_table
    from scoring.services.deal_rows import create_deal_rows, deal_row
    from scoring.services.deals import prepare
    from scoring.services.tables import table_view

    rows, view = [], table_view(table)
    for n in range(1, deals + 1):
        play = {"contract": "misere", "declarer": view.players_for(n)[0], "tricks": 0}
        outcome, _view = prepare(table, n, {"plays": [play]})
        assert outcome.ok, outcome.violations
        rows.append(deal_row(table, n, outcome, None))
    create_deal_rows(rows)
    recompute_table(table)


def test_to_deals_keeps_the_sheet_and_closing_waits_for_matching_deals(event, td):
    table = table_of(event)
    record_totals(table, {1: 1, 2: -1, 3: 0, 4: 0}, None, td)
    to_deals(table, td)
    table.refresh_from_db()
    assert not table.totals_only
    assert table.sheet_totals == {"1": 1, "2": -1, "3": 0, "4": 0}
    assert seats(table) == [(0, 0)] * 4
    assert AuditLog.objects.filter(action="table.to_deals").exists()
    table.deals.all().delete()
    enter_zero_deals(table)  # every deal entered: the sums (0) differ from the sheet
    assert table.deals.count() == 10
    with pytest.raises(NotCompleteError, match="paper sheet") as caught:
        close_table(table, td)
    assert "sheet 1" in str(caught.value)
    record_totals(table_of(event, 2), {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}, None, td)
    with pytest.raises(RoundRefusedError, match="paper sheet"):
        close_round(table.round, td)


def test_a_paper_sheet_typed_beside_deals_stays_a_cross_check(event, td):
    """Only a table that moved from totals waits for its deals to agree:
    the paper-sheet check typed at a deals table never holds it open."""
    from scoring.services.table_actions import store_sheet

    table = table_of(event)
    enter_zero_deals(table)
    store_sheet(table, {"1": 1, "2": -1, "3": 0, "4": 0}, td)
    table.refresh_from_db()
    assert not table.from_totals and table.sheet_totals
    close_table(table, td)
    table.refresh_from_db()
    assert table.closed


def test_standings_and_season_ranking_read_a_totals_evening(event, td):
    record_totals(table_of(event, 1), {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    record_totals(table_of(event, 2), {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}, None, td)
    rows, _names, _numbers = standings_for(event)
    assert rows[0].raw_points == 30
    assert reconcile(event).ok


def test_an_evening_of_totals_counts_in_the_season(db, td):
    from seasons.models import Competition, Evening
    from seasons.services import evening_results

    event = make_event("seizoen-1", td=td)
    competition = Competition.objects.create(
        club=Club.objects.create(name="De Troef"),
        name="Winter",
        slug="winter",
        rules="nl",
        partijen=1,
        deals_per_partij=10,
    )
    Evening.objects.create(competition=competition, number=1, tournament=event)
    record_totals(table_of(event, 1), {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    record_totals(table_of(event, 2), {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}, None, td)
    played, results, _slugs = evening_results(competition)
    assert played == [1]
    top = max(results.values(), key=lambda r: r[1].points)[1]
    assert (top.points, top.deals) == (30, 10)


@settings(
    max_examples=examples(30),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(st.integers(-500, 500), min_size=4, max_size=4),
    st.integers(-5, 5),
    st.booleans(),
)
def test_any_zero_sum_is_accepted_any_other_refused_and_it_reconciles(
    event, td, values, off, five
):
    table = table_of(event, 2 if five else 1)
    positions = range(1, 5 if five else 4)  # all but the last seat
    totals = dict(zip(positions, values, strict=False))
    totals[len(totals) + 1] = -sum(totals.values()) + off
    before = seats(table)
    if off:
        with pytest.raises(TotalsError, match=f"add up to {off}, not 0"):
            record_totals(table, totals, None, td)
        assert seats(table) == before
    else:
        record_totals(table, totals, None, td)
        assert [p for p, _d in seats(table)] == list(totals.values())
    assert reconcile(event).ok


@pytest.fixture
def typed_evening(event, td):
    """Both tables of round 1 typed as totals, the round closed and published."""
    record_totals(table_of(event, 1), {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    record_totals(table_of(event, 2), {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}, None, td)
    close_round(event.round_set.get(number=1), td)
    publish_round(event.round_set.get(number=1), True, td)
    return event


@pytest.mark.parametrize("index", range(7))
def test_every_export_builds_for_a_totals_evening(typed_evening, index):
    from documents.registry import EVENT_EXPORTS, Options

    if index >= len(EVENT_EXPORTS):
        pytest.skip("fewer exports")
    export = EVENT_EXPORTS[index]
    entry = typed_evening.entries.first()
    _name, _kind, data = export.build(
        typed_evening, Options(round_number=1, entry_id=entry.id)
    )
    assert data


def test_the_standings_count_sat_out_deals_of_a_totals_table(typed_evening):
    rows, _names, _numbers = standings_for(typed_evening, public=True)
    by_points = {r.raw_points: r for r in rows}
    assert by_points[30].deals_played == 10 and by_points[30].sat_out == 0
    assert by_points[4].deals_played == 8 and by_points[4].sat_out == 2


def test_a_totals_evening_survives_a_backup_round_trip(typed_evening):
    import json

    from documents.event_backup import export_event, import_event

    Player.objects.filter(entries__tournament=typed_evening).filter(
        name__endswith=" 0"
    ).update(distinction="1978")
    data = json.loads(json.dumps(export_event(typed_evening)))
    assert data["version"] == 10 and data["tournament"]["score_entry"] == "totals"
    assert any(p["distinction"] == "1978" for p in data["players"])
    copy = import_event(data, "avond-kopie")
    assert copy.score_entry == "totals"
    for number in (1, 2):
        old, new = table_of(typed_evening, number), table_of(copy, number)
        assert new.totals_only and new.closed
        assert new.sheet_totals == old.sheet_totals
        assert seats(new) == seats(old)
    again = export_event(copy)
    assert again["rounds"] == data["rounds"]
    rows, _n, _r = standings_for(copy)
    assert rows[0].raw_points == 30 and reconcile(copy).ok


def test_a_file_with_totals_that_do_not_add_up_is_refused(typed_evening):
    import json

    from documents.event_backup import BackupError, export_event, import_event

    data = json.loads(json.dumps(export_event(typed_evening)))
    data["rounds"][0]["tables"][0]["seats"][0]["points"] += 1
    with pytest.raises(BackupError) as caught:
        import_event(data, "avond-fout")
    assert caught.value.path == "rounds[0].tables[0].seats"
    assert "add up to 1" in caught.value.message


def totals_season(td):
    from seasons.models import Competition, Evening

    event = make_event("winter-1", td=td)
    season = Competition.objects.create(
        club=Club.objects.create(name="De Troef"),
        name="Winter",
        slug="winter",
        rules="nl",
        partijen=1,
        deals_per_partij=10,
        score_entry="totals",
        entry_mode="confirm",
        weekday=2,
    )
    Evening.objects.create(competition=season, number=1, tournament=event)
    record_totals(table_of(event, 1), {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    record_totals(table_of(event, 2), {1: 4, 2: -1, 3: -1, 4: -1, 5: -1}, None, td)
    return season


def test_a_season_of_totals_survives_its_backup(db, td):
    import json

    from documents.season_backup import export_competition, import_competition
    from seasons.models import Team
    from seasons.services import evening_results

    season = totals_season(td)
    member = Player.objects.get(name="Speler winter-1 0")
    member.distinction = "1978"
    member.save()
    Team.objects.create(name="Ploeg", competition=season).members.set([member])
    data = json.loads(json.dumps(export_competition(season)))
    assert data["version"] == 5
    info = data["competition"]
    assert (info["score_entry"], info["entry_mode"], info["weekday"]) == (
        "totals",
        "confirm",
        2,
    )
    assert data["teams"][0]["members"][0]["distinction"] == "1978"
    assert "email" not in json.dumps(data) and "phone" not in json.dumps(data)
    copy = import_competition(data)
    assert (copy.score_entry, copy.entry_mode, copy.weekday) == ("totals", "confirm", 2)
    assert evening_results(copy)[1:] and evening_results(copy)[0] == [1]
    old = {p: r[1].points for p, r in evening_results(season)[1].items()}
    new = {p: r[1].points for p, r in evening_results(copy)[1].items()}
    assert sorted(old.values()) == sorted(new.values())


def test_a_version_1_season_file_still_imports(db, td):
    import json

    from documents.season_backup import export_competition, import_competition

    data = json.loads(json.dumps(export_competition(totals_season(td))))
    data["version"] = 1
    del data["rule_set"]  # version 5's
    for key in ("score_entry", "entry_mode", "weekday", "tables_of_three"):
        del data["competition"][key]
    for event in data["evenings"]:  # its evenings as a version 5 event file
        event["event"]["rounds"] = [
            {**r, "tables": [t for t in r["tables"] if not t["totals_only"]]}
            for r in event["event"]["rounds"]
        ]
        from tests.exports.test_backup import as_format_5

        as_format_5(event["event"])
    copy = import_competition(data)
    assert (copy.score_entry, copy.entry_mode, copy.weekday) == ("deals", "td", None)


def test_to_deals_in_a_published_round_needs_a_reason(event, td):
    table = table_of(event)
    record_totals(table, {1: 1, 2: -1, 3: 0, 4: 0}, None, td)
    publish_round(table.round, True, td)
    table = table_of(event)
    with pytest.raises(TotalsError, match="published"):
        to_deals(table, td)
    assert table_of(event).totals_only
    to_deals(table, td, reason="spellen nagekeken")
    line = AuditLog.objects.get(action="table.to_deals")
    assert line.detail["reason"] == "spellen nagekeken"


def test_the_paper_sheet_check_leaves_a_totals_table_alone(event, td):
    """A totals table's sheet is its typed totals: the paper-sheet check may
    not part the two (nothing changes, the message says where to go)."""
    from scoring.services.table_actions import SheetRefusedError, store_sheet

    table = table_of(event)
    record_totals(table, {1: 30, 2: -10, 3: -5, 4: -15}, None, td)
    with pytest.raises(SheetRefusedError, match="totals page"):
        store_sheet(table, {"1": 0, "2": 0, "3": 0, "4": 0}, td)
    table.refresh_from_db()
    assert table.sheet_totals == {"1": 30, "2": -10, "3": -5, "4": -15}
