"""The one builder of a deal's context (``scoring.context``).

Pure (no database) but for the last section: fed deals in play order, the
builder counts what counting by hand counts; the two ways it is fed agree
(one builder over the whole event, as the backup import, the demo and the
what-if feed it; seeded with earlier rounds' seat sums and fed the table's
earlier deals, as the save path does); the backup import walks a file in
play order whatever order it lists things in; the jury's calls become
decisions by label. Against the database: the SQL play order is the same
order, and the save path gives every stored deal of a demo event the
context the demo scored it with.
"""

import datetime
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.presets import get_preset
from scoring.context import EMPTY, ContextBuilder, decisions, play_order
from scoring.pipeline import deal_players, run_deal
from tests.examples import examples

IWWA = get_preset("iwwa")  # solo limit 2: misère and abondance 9–11 count


# -- a generated event: who sat where, who made a solo-limit contract --------


@st.composite
def events(draw):
    """Deals of a made-up event, in a shuffled order: (round, table,
    number, seats {label: key}, players, record, facts). Labels are names
    at one table; keys last the event (an entry id)."""
    n_players = draw(st.integers(4, 13))
    rounds = draw(st.integers(1, 4))
    per_table = draw(st.integers(1, 6))
    deals = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(range(n_players)))
        groups = [order[i : i + 4] for i in range(0, n_players - 3, 4)]
        if n_players % 4 and len(groups) and draw(st.booleans()):
            groups[-1] = [*groups[-1], order[-1]]  # a table of five
        for number_of_table, group in enumerate(groups, start=1):
            seats = {f"P{key}": key for key in group}
            labels = list(seats)
            for number in range(1, per_table + 1):
                players, _out = deal_players(labels, number)
                declarers = draw(st.lists(st.sampled_from(players), max_size=2))
                solo = [draw(st.booleans()) for _ in declarers]
                record = {"plays": [{"declarer": d} for d in declarers]}
                facts = {"plays": [{"solo": s} for s in solo]}
                deals.append(
                    (rnd, number_of_table, number, seats, players, record, facts)
                )
    return draw(st.permutations(deals))


def by_hand(deals) -> list[dict]:
    """Per deal in play order: each player's solo-limit contracts before it."""
    ordered = sorted(deals, key=lambda d: play_order(*d[:3]))
    out = []
    for i, (_r, _t, _n, seats, players, _record, _facts) in enumerate(ordered):
        made = Counter()
        for _r2, _t2, _n2, seats2, _p2, record2, facts2 in ordered[:i]:
            for play, fact in zip(record2["plays"], facts2["plays"], strict=True):
                if fact["solo"]:
                    made[seats2[play["declarer"]]] += 1
        out.append({p: made[seats[p]] for p in players})
    return out


def streamed(deals) -> list[dict]:
    """One builder fed the whole event in play order (backup, demo, what-if)."""
    builder = ContextBuilder(IWWA)
    out = []
    for _r, _t, _n, seats, players, record, facts in sorted(
        deals, key=lambda d: play_order(*d[:3])
    ):
        out.append(dict(builder.context(seats, players).solo_made))
        builder.played(record, facts, seats)
    return out


def as_saved(deals) -> list[dict]:
    """Each deal as the save path builds it: the builder seeded with the
    seats' stored sums of earlier rounds, fed the table's earlier deals by
    seat."""
    seat_sums = Counter()  # (round, key) → solo-limit contracts made
    for rnd, _t, _n, seats, _p, record, facts in deals:
        for play, fact in zip(record["plays"], facts["plays"], strict=True):
            seat_sums[rnd, seats[play["declarer"]]] += fact["solo"]
    out = []
    for rnd, table, number, seats, players, _record, _facts in sorted(
        deals, key=lambda d: play_order(*d[:3])
    ):
        earlier = Counter()
        for (r, key), n in seat_sums.items():
            if r < rnd:
                earlier[key] += n
        builder = ContextBuilder(IWWA, earlier)
        position = {label: i for i, label in enumerate(seats, start=1)}
        key_of = {position[label]: key for label, key in seats.items()}
        for r, t, n, _s, _p, record, facts in deals:
            if (r, t) == (rnd, table) and n < number:
                stored = {
                    "plays": [
                        {"declarer": position[p["declarer"]]} for p in record["plays"]
                    ]
                }
                builder.played(stored, facts, key_of)
        out.append(dict(builder.context(seats, players).solo_made))
    return out


@settings(max_examples=examples(150), deadline=None)
@given(events())
def test_fed_in_play_order_the_builder_counts_as_by_hand(deals):
    assert streamed(deals) == by_hand(deals)


@settings(max_examples=examples(150), deadline=None)
@given(events())
def test_the_save_path_and_the_streamed_paths_agree(deals):
    assert as_saved(deals) == streamed(deals)


# -- the jury's calls, rules that count no solo limit ------------------------


def test_calls_become_the_latest_decision_per_label_and_contract():
    seats = {"Anna": 11, "Bert": 12, "Cor": 13, "Dirk": 14}
    calls = [
        (11, "solo", "refused"),
        (12, "open-misere", "approved"),
        (11, "solo", "approved"),
        (99, "solo", "approved"),
    ]
    assert decisions(seats, calls) == {
        ("Anna", "solo"): "approved",
        ("Bert", "open-misere"): "approved",
        ("", "solo"): "approved",  # nobody at this table
    }


def test_without_a_solo_limit_only_the_calls_make_a_context():
    nl = get_preset("nl")
    builder = ContextBuilder(nl)
    seats = {"Anna": 1, "Bert": 2, "Cor": 3, "Dirk": 4}
    players = list(seats)
    builder.played(
        {"plays": [{"declarer": "Anna"}]}, {"plays": [{"solo": True}]}, seats
    )
    assert builder.context(seats, players) is EMPTY
    context = builder.context(seats, players, [(2, "rik", "approved")])
    assert dict(context.solo_made) == {}
    assert dict(context.jury) == {("Bert", "rik"): "approved"}


def test_with_a_solo_limit_every_player_of_the_deal_has_a_count():
    builder = ContextBuilder(IWWA, {3: 2})
    seats = {"Anna": 1, "Bert": 2, "Cor": 3, "Dirk": 4, "Els": 5}
    context = builder.context(seats, ["Bert", "Cor", "Dirk", "Els"])
    assert dict(context.solo_made) == {"Bert": 0, "Cor": 2, "Dirk": 0, "Els": 0}
    assert dict(context.jury) == {}


# -- the backup import walks a file in play order ------------------------------


def _misere_file(declared: list[tuple[int, int]], listed_backwards: bool):
    """(rounds, event): the rounds of a one-table iwwa event where Anna
    declares a misère (made) in each (round, deal) of ``declared``, listed
    as a backup holds them, or every list backwards."""
    from tournaments.models import Tournament

    labels = ["Anna", "Bert", "Cor", "Dirk"]
    rounds = []
    for rnd in (1, 2):
        deals = []
        for number in (1, 2):
            players, _out = deal_players(labels, number)
            declarer = "Anna" if (rnd, number) in declared else players[0]
            record = {
                "rules": "iwwa",
                "players": players,
                "plays": [{"contract": "misere", "declarer": declarer, "tricks": 0}],
            }
            outcome = run_deal(IWWA, labels, number, record)
            deals.append(
                {
                    "number": number,
                    "version": 1,
                    "record": record,
                    "scores": dict(outcome.settlement.scores),
                    "seat_scores": list(outcome.seat_scores),
                }
            )
        seats = [{"position": i, "player": name} for i, name in enumerate(labels, 1)]
        table = {
            "number": 1,
            "closed": True,
            "sheet_totals": None,
            "seats": seats,
            "deals": deals[::-1] if listed_backwards else deals,
            "jury_calls": [],
        }
        rounds.append(
            {
                "number": rnd,
                "status": "closed",
                "published": True,
                "tables": [table],
                "byes": [],
            }
        )
    event = Tournament(
        rules="iwwa", rounds=2, deals_per_round=2, date=datetime.date(2026, 1, 1)
    )
    return (rounds[::-1] if listed_backwards else rounds), event


@pytest.mark.parametrize("backwards", [False, True])
def test_the_backup_import_refuses_the_third_solo_in_play_order(backwards):
    from documents.event_backup import BackupError, _check_rounds

    rounds, event = _misere_file([(1, 1), (1, 2), (2, 2)], backwards)
    refs = {name: {"name": name} for name in ("Anna", "Bert", "Cor", "Dirk")}
    with pytest.raises(BackupError) as refused:
        _check_rounds(rounds, event, IWWA, refs)
    # round 2's deal 2: the first round and the first deal as listed backwards
    deal = (
        "rounds[0].tables[0].deals[0]" if backwards else "rounds[1].tables[0].deals[1]"
    )
    assert refused.value.path == f"{deal}.record.plays[0].jury"


def test_the_backup_import_takes_two_solos():
    from documents.event_backup import _check_rounds

    rounds, event = _misere_file([(2, 1), (1, 2)], listed_backwards=True)
    refs = {name: {"name": name} for name in ("Anna", "Bert", "Cor", "Dirk")}
    assert _check_rounds(rounds, event, IWWA, refs) == []


# -- against the database --------------------------------------------------------


@pytest.mark.django_db
def test_the_sql_play_order_is_play_order():
    from demo.events import generate_event
    from scoring.models import Deal
    from scoring.services.deal_rows import PLAY_ORDER

    generate_event("order", 10, 3, 5, rules="nl", seed=4)
    rows = list(
        Deal.objects.order_by(*PLAY_ORDER).values_list(
            "table__round__number", "table__number", "number"
        )
    )
    shuffled = random.Random(1).sample(rows, len(rows))
    assert rows == sorted(shuffled, key=lambda row: play_order(*row))


@pytest.mark.django_db
def test_the_save_path_gives_each_stored_deal_the_demos_context():
    """The demo scored each deal with the streamed context; the save path,
    asked about the same deal afterwards, builds the same one."""
    from demo.events import generate_event
    from scoring.models import Deal
    from scoring.services import deal_context, table_view
    from scoring.services.deal_rows import PLAY_ORDER

    event = generate_event("agree", 9, 3, 8, rules="iwwa", seed=5, sanction_rate=0.3)
    builder = ContextBuilder(IWWA)
    views = {}
    checked = 0
    for deal in Deal.objects.filter(table__round__tournament=event).order_by(
        *PLAY_ORDER
    ):
        view = views.get(deal.table_id) or views.setdefault(
            deal.table_id, table_view(deal.table)
        )
        seats = {
            label: s.entry_id for s, label in zip(view.seats, view.labels, strict=True)
        }
        saved = deal_context(view, deal.number).solo_made
        assert saved == builder.context(seats, view.players_for(deal.number)).solo_made
        key_of = {s.position: s.entry_id for s in view.seats}
        builder.played(deal.record, deal.facts, key_of)
        checked += 1
    assert checked == 3 * 8 * 2 and max(builder.solo.values()) >= IWWA.solo_limit
