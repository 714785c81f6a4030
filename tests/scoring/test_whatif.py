"""What-if: an event's deals rescored under other rules, beside
the real standings, in memory: same rules give the same standings, other
numbers give hand-checked totals, refused deals are listed, nothing is
stored, and the pages answer the TD and, for a finished event, everyone."""

import random

import pytest
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from demo.events import generate_event
from rules.engine.house_rules import apply_overrides
from rules.engine.presets import get_preset
from rules.engine.sampling import random_record
from rules.engine.validation import validate_record
from rules.models import HouseRuleSet
from scoring.models import Deal, DealRevision, JuryCall
from scoring.services import standings_for
from scoring.whatif import what_if
from tournaments.models import AuditLog, Round, Seat, Tournament

pytestmark = pytest.mark.django_db

#: Three deals at one table of four (players of a deal: "@0" sits left of
#: the dealer; seat 1 deals first): a rik failed by one trick (seat 2 with
#: seat 3), a misère made (seat 3), a solo 8 just made (seat 4).
THREE_DEALS = {
    1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1", "tricks": 7}]},
    2: {"plays": [{"contract": "misere", "declarer": "@0", "tricks": 0}]},
    3: {"plays": [{"contract": "solo-8", "declarer": "@0", "tricks": 8}]},
}


@pytest.fixture
def tiny():
    return generate_event("tiny", 4, 1, 3, rules="nl", special={(1, 1): THREE_DEALS})


def by_seat(tournament, result, attribute):
    """{seat position: the player's value} of a one-table event."""
    seat_of = dict(
        Seat.objects.filter(table__round__tournament=tournament).values_list(
            "entry_id", "position"
        )
    )
    return {seat_of[line.entry]: attribute(line) for line in result.lines}


def club(slug="club", preset="nl", **overrides):
    return HouseRuleSet.objects.create(
        slug=slug, name=slug, preset=preset, overrides=overrides
    ).schedule()


def test_other_numbers_give_the_hand_checked_totals_and_rank_changes(tiny):
    # The club: the partner pays a failed rik too, solo 8 is worth 40.
    # nl:   rik 7 tricks: Y = 10 + 5 = 15, rikker -30, opponents +15;
    #       misère V = 30: +90 / -30; solo 8 with 8: X = 10: +30 / -10.
    # club: rik: rikker and partner -15 each; solo 8: X = 40: +120 / -40.
    schedule = club(contracts={"rik": {"loss_mode": "both"}, "solo-8": {"base": 40}})
    result = what_if(tiny, schedule)
    assert by_seat(tiny, result, lambda ln: ln.real.points) == {
        1: 15 - 30 - 10,
        2: -30 - 30 - 10,
        3: 0 + 90 - 10,
        4: 15 - 30 + 30,
    }
    assert by_seat(tiny, result, lambda ln: ln.other.points) == {
        1: 15 - 30 - 40,
        2: -15 - 30 - 40,
        3: -15 + 90 - 40,
        4: 15 - 30 + 120,
    }
    assert by_seat(tiny, result, lambda ln: (ln.real.rank, ln.other.rank)) == {
        1: (3, 3),
        2: (4, 4),
        3: (1, 2),
        4: (2, 1),
    }
    assert by_seat(tiny, result, lambda ln: ln.rank_change) == {1: 0, 2: 0, 3: -1, 4: 1}
    assert [line.real.rank for line in result.lines] == [1, 2, 3, 4]
    assert result.refused == [] and result.deals == 3
    assert result.metric == "points"


def test_a_refused_deal_is_listed_and_scores_nothing(tiny):
    schedule = club(contracts={"misere": {"enabled": False}})
    with translation.override("en"):
        result = what_if(tiny, schedule)
    (refused,) = result.refused
    assert (refused.round, refused.table, refused.deal) == (1, 1, 2)
    assert refused.messages == ("“misere” is not a contract of this schedule.",)
    assert by_seat(tiny, result, lambda ln: ln.other.points) == {
        1: 15 - 10,
        2: -30 - 10,
        3: 0 - 10,
        4: 15 + 30,
    }
    assert {line.other.deals_played for line in result.lines} == {3}


def test_a_refusal_names_the_player_and_the_exact_count():
    # iwwa: abondance counts for the solo limit; the club allows one only.
    # Seat 2 declares all three; the jury approved the third.
    deals = {
        1: {"plays": [{"contract": "abondance-9", "declarer": "@0", "tricks": 9}]},
        2: {"plays": [{"contract": "abondance-9", "declarer": "@3", "tricks": 10}]},
        3: {
            "plays": [
                {
                    "contract": "abondance-9",
                    "declarer": "@2",
                    "tricks": 9,
                    "jury": "approved",
                }
            ]
        },
    }
    event = generate_event("solo", 4, 1, 3, rules="iwwa", special={(1, 1): deals})
    seat2 = Seat.objects.get(table__round__tournament=event, position=2)
    with translation.override("en"):
        result = what_if(event, club(preset="iwwa", solo_limit=1))
    name = seat2.entry.player.name
    assert [(r.deal, r.messages) for r in result.refused] == [
        (
            2,
            (
                f"{name} already made 1 solo games; another one needs the jury's "
                "approval.",
            ),
        ),
    ]


def same_standings(tournament):
    result = what_if(tournament, tournament.schedule)
    rows, _names, _numbers = standings_for(tournament)
    assert [line.entry for line in result.lines] == [row.player for row in rows]
    for line in result.lines:
        assert vars(line.real) == vars(line.other)
        assert line.rank_change in (0, None)
    assert result.refused == []
    return result


@pytest.mark.parametrize(
    ("rules", "players", "settings"),
    [
        ("nl", 10, {}),  # two tables of five: the dealer sits out
        (
            "pagat",
            9,
            {"byes": True, "bye_policy": "average", "method": "placement"},
        ),
        ("iwwa", 8, {"sanction_rate": 0.3}),  # jury calls and the solo limit
    ],
)
def test_the_same_rules_give_the_same_standings(rules, players, settings):
    event = generate_event(
        f"same-{rules}", players, 3, 10, rules=rules, seed=3, **settings
    )
    result = same_standings(event)
    assert result.deals == Deal.objects.filter(table__round__tournament=event).count()
    if rules == "iwwa":
        assert JuryCall.objects.filter(table__round__tournament=event).exists()


def test_the_same_rules_give_the_same_standings_for_the_fixture(small_event):
    same_standings(small_event)
    assert what_if(small_event, get_preset("nl")).lines


def test_nothing_is_stored(small_event):
    def state():
        return (
            Deal.objects.count(),
            DealRevision.objects.count(),
            JuryCall.objects.count(),
            AuditLog.objects.count(),
            HouseRuleSet.objects.count(),
            Seat.objects.aggregate(Sum("points"), Sum("declared_made")),
            Tournament.objects.get(pk=small_event.pk).version,
            list(Deal.objects.values_list("record", "facts", "s1", "s2", "s3")),
        )

    before = state()
    what_if(small_event, get_preset("pagat"))
    what_if(
        small_event,
        apply_overrides("nl", {"contracts": {"rik": {"base": 1}}}, "x", "X"),
    )
    assert state() == before


def test_the_query_count_does_not_grow_with_the_event(small_event):
    larger = generate_event("larger", 24, 3, 6, rules="nl", seed=3)
    counts = []
    for event in (small_event, larger):
        with CaptureQueriesContext(connection) as queries:
            what_if(event, get_preset("pagat"))
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 8  # 7 today: 4 of them the real standings


def test_refused_deals_cost_one_more_query(tiny):
    with CaptureQueriesContext(connection) as plain:
        what_if(tiny, get_preset("nl"))
    with CaptureQueriesContext(connection) as refusing:
        what_if(tiny, get_preset("iwwa"))
    assert len(refusing) == len(plain) + 1


def test_validation_asks_only_whether_a_declarer_reached_the_solo_limit():
    """What the fast path relies on: the solo-limit context decides nothing
    but whether each declarer has reached the limit."""
    rng = random.Random(17)
    schedule = get_preset("iwwa")
    players = ["Anna", "Bert", "Cor", "Dirk"]
    for _ in range(3000):
        record = random_record(schedule, rng, players)
        if rng.random() < 0.5:
            for play in record.get("plays", []):
                play.pop("jury", None)
        exact = {p: rng.randint(0, 5) for p in players}
        declarers = {p.get("declarer") for p in record.get("plays", [])}
        capped = {
            p: schedule.solo_limit if p in declarers and exact[p] >= 2 else 0
            for p in players
        }

        def codes(made, record=record):
            full = {
                **record,
                "rules": "iwwa",
                "players": players,
                "context": {"solo_made": made},
            }
            result = validate_record(full, get_preset)
            return [(v.code, v.field) for v in result.violations]

        assert codes(exact) == codes(capped)


# -- the pages ------------------------------------------------------------------


def test_the_td_page(td_client, small_event):
    url = f"/manage/{small_event.slug}/whatif/"
    html = td_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="rules"' in html and "What if" in html
    assert 'table class="standings whatif"' not in html
    response = td_client.get(
        url + "?rules=pagat&order=whatif", HTTP_ACCEPT_LANGUAGE="en"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="standings whatif"' in html
    assert 'class="pin-rank num"' in html and 'class="pin-name"' in html
    assert "Players with another rank" in html
    standings = td_client.get(f"/manage/{small_event.slug}/standings/").content
    assert f'href="{url}"'.encode() in standings


def test_the_td_page_lists_refused_deals_with_links(td_client, small_event):
    url = f"/manage/{small_event.slug}/whatif/?rules=iwwa"
    html = td_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Deals these rules refuse" in html
    assert "is not a contract of this schedule" in html
    assert f"/manage/{small_event.slug}/round/1/table/1/" in html


def test_an_unknown_choice_is_named(td_client, small_event):
    url = f"/manage/{small_event.slug}/whatif/?rules=bridge"
    html = td_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "“bridge” is no preset or house-rule set." in html


def test_the_td_page_is_for_the_td(client, make_user, small_event):
    url = f"/manage/{small_event.slug}/whatif/?rules=pagat"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(make_user("someone"))
    assert client.get(url).status_code == 403


def test_the_public_page_of_a_finished_event(client, small_event, monkeypatch):
    from publicpages import views_whatif

    computed = []
    real = views_whatif.whatif_context
    monkeypatch.setattr(
        views_whatif, "whatif_context", lambda *a: computed.append(a) or real(*a)
    )
    url = f"/t/{small_event.slug}/whatif/"
    standings = client.get(f"/t/{small_event.slug}/").content.decode()
    assert f'href="{url}"' in standings
    response = client.get(url + "?rules=pagat", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200 and 'class="standings whatif"' in html
    client.get(url + "?rules=pagat", HTTP_ACCEPT_LANGUAGE="en")
    assert len(computed) == 1  # the second answer came from the cache
    html = client.get(url + "?rules=iwwa", HTTP_ACCEPT_LANGUAGE="en").content
    assert f"/t/{small_event.slug}/round/1/table/1/".encode() in html


def test_the_public_page_follows_a_changed_house_rule_set(client, small_event):
    rule_set = HouseRuleSet.objects.create(slug="club", name="Club", preset="nl")
    url = f"/t/{small_event.slug}/whatif/?rules=club"
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content
    rule_set.overrides = {"contracts": {"rik": {"base": 500}}}
    rule_set.save()
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="en").content != first


@pytest.mark.parametrize("how", ["unpublished", "hidden"])
def test_the_public_page_waits_until_the_event_is_finished(client, small_event, how):
    if how == "unpublished":
        Round.objects.filter(tournament=small_event, number=2).update(published=False)
    else:
        Tournament.objects.filter(pk=small_event.pk).update(hide_last_rounds=1)
    url = f"/t/{small_event.slug}/whatif/?rules=pagat"
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    html = response.content.decode()
    assert "The what-if opens when the event is finished" in html
    assert "standings whatif" not in html
    standings = client.get(f"/t/{small_event.slug}/").content.decode()
    assert "/whatif/" not in standings


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_every_column_is_in_view(page):
    """360 px: the page is no wider than the screen and the what-if table
    fits whole, so nothing hides under the pinned rank, name and change."""
    from tests.browser import needs_chromium

    if needs_chromium.args[0]:
        pytest.skip("needs /usr/bin/chromium")
    generate_event("phone", 16, 3, 4, rules="nl", seed=2)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/t/phone/whatif/?rules=pagat")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    table, wrap = page.evaluate(
        "[document.querySelector('table.standings.whatif').scrollWidth,"
        " document.querySelector('table.standings.whatif').parentElement"
        ".clientWidth]"
    )
    assert table <= wrap
