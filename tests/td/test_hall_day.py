"""A real iwwa day from the TD's chair, over HTTP, end to end.

22 players, three rounds of 6 deals, bye policy "the player's average":
round 1 seats three tables of 4 and two of 5; a player withdraws, so round 2
seats 21 with byes; round 3 is seated, then a player seated in it withdraws
and a substitute takes the seat. Every deal goes through the TD's entry form
(jury approvals through the jury page first). Afterwards every table sums to
zero, the standings score the byes by the policy and keep the substitute
apart, and the exports and the backup agree.
"""

import io
import json
import random
from collections import Counter

import pytest
from openpyxl import load_workbook

from documents.event_backup import export_event, import_event
from documents.registry import make_export
from rules.engine.sampling import random_record
from scoring.models import Deal
from scoring.rowsource import standings_rows
from scoring.services import deal_context, table_view
from tests.entry.test_form_accepts_imports import form_data
from tournaments import seating_screen
from tournaments.models import Bye, Entry, Player, Seat, Tournament

SLUG = "hall"
M = f"/manage/{SLUG}"


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.5)


def ok(response, code=302):
    form = (response.context or {}).get("form")
    assert response.status_code == code, form.errors if form else response.status_code
    return response


def call_jury_at_the_limit(record, schedule, context) -> None:
    """A player at the solo limit calls the jury (as the TD makes them)."""
    for play in record["plays"]:
        contract = schedule.contract(play["contract"])
        made = context.solo_made.get(play.get("declarer"), 0)
        if contract.solo_limit and made >= schedule.solo_limit:
            play["jury"] = "approved"
            record["sanctions"] = [
                s
                for s in record.get("sanctions", [])
                if (s["code"], s["player"]) != ("jury-not-called", play["declarer"])
            ]
    if not record.get("sanctions"):
        record.pop("sanctions", None)


def enter_round(client, event, number, rng):
    """Every deal of round ``number`` through the jury page and the entry form."""
    schedule = event.schedule
    round_ = event.round_set.get(number=number)
    for table in round_.tables.order_by("number"):
        view = table_view(table)
        for deal in range(1, event.deals_per_round + 1):
            players = view.players_for(deal)
            out = view.sitting_out_for(deal)
            record = random_record(schedule, rng, players, out, sanction_rate=0.3)
            call_jury_at_the_limit(record, schedule, deal_context(view, deal))
            for play in record["plays"]:
                if play.get("jury") == "approved":
                    entry = view.entry_of(play["declarer"])
                    ok(
                        client.post(
                            f"{M}/jury/",
                            {
                                "round": number,
                                "table": table.number,
                                "deal_number": deal,
                                "declarer": entry.pk,
                                "contract": play["contract"],
                                "decision": "approved",
                            },
                        )
                    )
            url = f"{M}/round/{number}/table/{table.number}/deal/{deal}/"
            ok(client.post(url, form_data(record, players, "")))
    ok(client.post(f"{M}/round/{number}/close/", {"confirmed": "1"}))
    ok(client.post(f"{M}/round/{number}/publish/", {"publish": "1", "confirmed": "1"}))


@pytest.mark.django_db
def test_a_22_player_iwwa_day_runs_end_to_end(client, make_user):
    user = make_user("td", organiser=True)
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    ok(
        client.post(
            "/manage/new/",
            {
                "name": "Hall day",
                "slug": SLUG,
                "date": "2026-11-28",
                "rules": "iwwa",
                "rounds": 3,
                "deals_per_round": 6,
                "language": "nl",
                "method": "points",
                "tiebreaks_0": "rounds_won",
                "bye_policy": "average",
                "bye_points": "0",
                "hide_last_rounds": 0,
            },
        )
    )
    event = Tournament.objects.get(slug=SLUG)
    players = Player.objects.bulk_create(
        Player(name=f"Deelnemer {i:02d}") for i in range(22)
    )
    ok(
        client.post(
            f"{M}/entries/", {"players": [p.pk for p in players], "check_in": "on"}
        )
    )
    rng = random.Random(2026)

    # round 1: three tables of 4, two of 5
    ok(client.post(f"{M}/round/1/generate/"))
    sizes = sorted(t.seats.count() for t in event.round_set.get(number=1).tables.all())
    assert sizes == [4, 4, 4, 5, 5]
    enter_round(client, event, 1, rng)

    # a withdrawal between rounds, then 21 players with a bye
    leaver = Entry.objects.get(tournament=event, player=players[0])
    ok(client.post(f"{M}/entries/{leaver.pk}/", {"action": "withdraw"}))
    ok(client.post(f"{M}/round/2/generate/", {"byes": "on"}))
    round2 = event.round_set.get(number=2)
    assert sorted(t.seats.count() for t in round2.tables.all()) == [4] * 5
    (bye2,) = Bye.objects.filter(round=round2)
    enter_round(client, event, 2, rng)

    # round 3 seated (the bye goes to someone else), then a seated player
    # withdraws and a substitute takes the seat
    ok(client.post(f"{M}/round/3/generate/", {"byes": "on"}))
    (bye3,) = Bye.objects.filter(round__tournament=event, round__number=3)
    assert bye3.entry_id != bye2.entry_id
    seated = Seat.objects.filter(table__round__number=3, table__round__tournament=event)
    quitter = seated.order_by("table__number", "position").first().entry
    page = ok(client.post(f"{M}/entries/{quitter.pk}/", {"action": "withdraw"}))
    assert page["Location"].endswith(f"/entries/{quitter.pk}/withdraw/")
    ok(
        client.post(
            page["Location"], {"choice": "substitute", "substitute_name": "Reserve Rob"}
        )
    )
    enter_round(client, event, 3, rng)

    # every table and deal sums to zero; nothing is missing
    assert Deal.objects.filter(table__round__tournament=event).count() == 6 * (
        5 + 5 + 5
    )
    totals = Counter()
    for table_id, points in Seat.objects.filter(
        table__round__tournament=event
    ).values_list("table_id", "points"):
        totals[table_id] += points
    assert set(totals.values()) == {0}
    recon = ok(client.get(f"{M}/reconciliation/"), 200)
    assert recon.context["result"].ok

    # standings: byes scored by the average and marked, the substitute apart
    standings = ok(client.get(f"{M}/standings/"), 200)
    rows = {r["entry"]: r for r in standings.context["table"].data.data}
    for bye in (bye2, bye3):
        row = rows[bye.entry_id]
        number = bye.round.number
        played = [row[f"r{n}"] for n in (1, 2, 3) if n != number]
        played = [v for v in played if v is not None]  # withdrawn later?
        expected = round(sum(played) / len(played), 1)
        assert row[f"r{number}"] == pytest.approx(expected, abs=0.051)
        assert row["marks"] == {f"r{number}": "v"}
    substitute = Entry.objects.get(tournament=event, player__name="Reserve Rob")
    assert substitute.status == "substitute"
    assert rows[substitute.pk]["rank"] is None
    assert rows[quitter.pk]["r3"] is None
    ranked = [r["rank"] for r in standings.context["table"].data.data]
    assert ranked[-1] is None and None not in ranked[:-1]

    # the exports say the same
    _n, _t, xlsx = make_export(event, "xlsx")
    book = load_workbook(io.BytesIO(xlsx), read_only=True)
    sheet = [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
    assert sum(1 for r in sheet if r[-1] and "vrij" in str(r[-1])) == 2
    for what in ("seating", "standings", "sheets"):
        assert make_export(event, "pdf", what, 2)[2][:4] == b"%PDF"
    data = json.loads(json.dumps(export_event(event)))
    again = import_event(data, "hall-again")

    def table_of(tournament):
        rowset = standings_rows(tournament)
        return [(r["rank"], r["name"], r["points"], r["notes"]) for r in rowset.rows]

    assert table_of(again) == table_of(event)
    copied = {
        (r.entry.player.name, r.round.number)
        for r in Bye.objects.filter(round__tournament=again).select_related(
            "entry__player", "round"
        )
    }
    assert copied == {(bye2.entry.player.name, 2), (bye3.entry.player.name, 3)}
