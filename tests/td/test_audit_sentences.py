"""The audit log reads as sentences, not as stored dicts."""

import pytest
from django.utils import translation

from td.audit_text import AuditWords
from tournaments.models import AuditLog, TableRound


def record(contract, tricks, partner=None):
    play = {"contract": contract, "declarer": "Anna", "tricks": tricks}
    if partner:
        play["partner"] = partner
    return {"rules": "nl", "players": ["Anna", "Bert", "Cor", "Dirk"], "plays": [play]}


def deal_line(event, user, version, rec, **extra):
    return AuditLog.objects.create(
        tournament=event,
        user=user,
        action="deal.save",
        detail={
            "round": 2,
            "table": 3,
            "deal": 7,
            "version": version,
            "record": rec,
            "scores": [0, 0, 0, 0],
            **extra,
        },
    )


@pytest.fixture(autouse=True)
def _english():
    """Sentences built outside a request: in English, whatever the catalogue."""
    with translation.override("en"):
        yield


@pytest.fixture
def td(make_user):
    return make_user("td")


@pytest.mark.django_db
def test_a_corrected_deal_reads_as_one_sentence(small_event, td, client):
    """Golden: the issue's own example, word for word."""
    deal_line(small_event, td, 1, record("rik", 8, partner="Cor"))
    deal_line(small_event, td, 2, record("solo-9", 9))
    client.force_login(td)
    small_event.roles.create(user=td, role="td")
    page = client.get(f"/manage/{small_event.slug}/audit/").content.decode()
    assert "Deal 7 at table 3 changed by td: rik → solo 9, tricks 8 → 9" in page
    assert "Deal 7 at table 3 entered by td: rik by Anna with Cor, 8 tricks" in page
    assert "record=" not in page and "{&#x27;" not in page  # no raw dicts


@pytest.mark.django_db
def test_each_changed_field_is_named(small_event, td):
    deal_line(small_event, td, 1, record("rik", 8, partner="Cor"))
    line = deal_line(small_event, td, 2, record("rik", 9, partner="Bert"))
    words = AuditWords(small_event, [line])
    assert words.sentence(line) == (
        "Deal 7 at table 3 changed by td: partner Cor → Bert, tricks 8 → 9"
    )


@pytest.mark.django_db
def test_a_correction_without_its_earlier_line_shows_the_new_deal(small_event, td):
    line = deal_line(small_event, td, 3, record("solo-9", 9))
    assert AuditWords(small_event, [line]).sentence(line) == (
        "Deal 7 at table 3 changed by td: solo 9 by Anna, 9 tricks"
    )


@pytest.mark.django_db
def test_round_and_table_lines_name_their_players(small_event, td):
    from tournaments.audit import audit

    a, b = small_event.entries.select_related("player")[:2]
    audit(small_event, td, "round.swap", round=1, a=a.id, b=b.id)
    audit(small_event, td, "round.close", round=1)
    audit(small_event, None, "round.publish", round=1)
    lines = list(small_event.audit.all()[:3])
    sentences = AuditWords(small_event, lines).rows(lines)
    assert [r.sentence for r in sentences] == [
        "Results of round 1 published",
        "Round 1 closed by td",
        f"Seats of {a.player.name} and {b.player.name} swapped by td",
    ]
    assert [r.round for r in sentences] == [1, 1, 1]


@pytest.mark.django_db
def test_an_imported_line_is_marked_and_its_ids_are_not_looked_up(
    small_event, td, client
):
    entry = small_event.entries.first()
    AuditLog.objects.create(
        tournament=small_event,
        action="entry.checkout",
        detail={"entry": entry.id},
        imported=True,
        claimed_user="elsewhere",
    )
    small_event.roles.create(user=td, role="td")
    client.force_login(td)
    page = client.get(f"/manage/{small_event.slug}/audit/").content.decode()
    assert f"#{entry.id} checked out by elsewhere" in page
    assert ">imported</span>" in page


@pytest.mark.django_db
def test_real_saves_produce_the_sentence(small_event, td):
    """The lines ``save_deal`` writes read the same way."""
    from scoring.services import save_deal, table_view

    TableRound.objects.update(closed=False)
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=1
    )
    deal = table.deals.get(number=1)
    view = table_view(table)
    players = view.players_for(1)
    new = {
        "rules": "nl",
        "players": players,
        "plays": [{"contract": "solo-9", "declarer": players[0], "tricks": 9}],
    }
    save_deal(table, 1, view.named(deal.record), td, expected_version=deal.version)
    save_deal(table, 1, new, td, expected_version=deal.version + 1)
    line = small_event.audit.filter(action="deal.save").first()
    sentence = AuditWords(small_event, [line]).sentence(line)
    assert sentence.startswith("Deal 1 at table 1 changed by td: rik → solo 9")


@pytest.mark.django_db
def test_an_unknown_or_broken_line_falls_back_to_its_pairs(small_event, td):
    from tournaments.audit import audit

    audit(small_event, td, "round.close", table=1)  # no round number
    audit(small_event, td, "test.line", n=3)
    lines = list(small_event.audit.all()[:2])
    words = AuditWords(small_event, lines)
    assert [words.sentence(ln) for ln in lines] == [
        "test.line by td: n=3",
        "round.close by td: table=1",
    ]


def shapes(entry: int, player: int) -> dict:
    """A detail of the shape each writer stores (tournaments, scoring)."""
    deal = {"round": 1, "table": 2, "deal": 3}
    return {
        "deal.save": {**deal, "version": 1, "record": record("rik", 9, "Cor")},
        "deal.delete": {**deal, "record": record("solo-9", 9), "scores": []},
        "jury.call": {**deal, "entry": entry, "contract": "misere",
                      "decision": "refused"},
        "table.close": {"round": 1, "table": 2},
        "table.reopen": {"round": 1, "table": 2},
        "table.sheet": {"round": 1, "table": 2, "old": {}, "new": {"1": 3}},
        "table.totals": {"round": 1, "table": 2, "new": {"1": 3, "2": -3}},
        "table.to_deals": {"round": 1, "table": 2, "reason": "typo"},
        "table.release": {"round": 1, "table": 2, "seat": 3},
        "table.tablet": {"round": 1, "table": 2},
        "table.submit": {**deal, "seat": 1, "mode": "confirm", "entry": entry},
        "table.confirm": {**deal, "seat": 2, "entry": entry, "entered_by": 1,
                          "entered_entry": entry},
        "table.agree": {**deal, "seats": [1, 2], "entries": [entry, entry]},
        "table.dispute": {**deal, "seats": [1, 2], "entries": [entry, entry]},
        "table.decide": {**deal, "seat": 1, "entry": entry, "reason": "sheet"},
        "round.seat": {"round": 1, "source": "engine", "tables": [[1, 2, 3, 4]],
                       "byes": [5]},
        "round.swap": {"round": 1, "a": entry, "b": entry},
        "round.move": {"round": 1, "entry": entry, "from_table": 1, "from_seat": 5,
                       "was_out": False, "to_table": 2, "to_seat": 3},
        "round.substitute": {"round": 1, "table": 2, "position": 3, "out": entry,
                             "entry": entry},
        "round.seat_removed": {"round": 1, "table": 2, "position": 5},
        "round.unseat": {"round": 1},
        "round.close": {"round": 1}, "round.reopen": {"round": 1},
        "round.publish": {"round": 1}, "round.unpublish": {"round": 1},
        "entry.register": {"players": [player]},
        "entry.checkin": {"entries": [entry]},
        "entry.checkout": {"entry": entry}, "entry.unwithdraw": {"entry": entry},
        "entry.withdraw": {"entry": entry, "after": 1, "choice": "substitute",
                           "rounds": [2]},
        "role.add": {"username": "jan", "role": "jury"},
        "role.remove": {"username": "jan", "role": "td"},
        "tournament.create": {"slug": "small"},
        "tournament.edit": {"fields": ["name", "rounds"]},
        "tournament.import": {"slug": "small", "from": "elders"},
        "seating.keep_apart": {"entries": [entry, entry]},
        "seating.keep_apart_removed": {"entries": [entry, entry]},
        "player.merge": {"keep": "Sanne (1978)", "gone": "Sanne", "id": 9},
        "player.erase": {"player": 9, "pseudonym": "Speler 9"},
        "api.token_create": {"name": "pad 1", "hint": "Ab3d"},
        "api.token_revoke": {"name": "pad 1", "hint": "Ab3d"},
    }  # fmt: skip


@pytest.mark.django_db
def test_every_action_reads_as_words(small_event, td):
    from td.audit_text import SENTENCES

    entry = small_event.entries.select_related("player").first()
    details = shapes(entry.id, entry.player_id)
    assert set(details) == set(SENTENCES)
    for action, detail in details.items():
        line = AuditLog.objects.create(
            tournament=small_event, user=td, action=action, detail=detail
        )
        sentence = AuditWords(small_event, [line]).sentence(line)
        assert not sentence.startswith(action) and "=" not in sentence, sentence
        assert " by td" in sentence
        named = ("entry.", "round.swap", "round.sub", "round.move", "jury", "seating.")
        named += ("table.submit", "table.confirm", "table.agree", "table.dispute")
        named += ("table.decide",)
        if action.startswith(named):
            assert entry.player.name in sentence, sentence


@pytest.mark.django_db
def test_a_trump_and_a_jury_change_are_named(small_event, td):
    before = record("solo-9", 9)
    after = record("solo-9", 9)
    after["plays"][0].update(trump="hearts", jury="approved")
    deal_line(small_event, td, 1, before)
    line = deal_line(small_event, td, 2, after)
    assert AuditWords(small_event, [line]).sentence(line) == (
        "Deal 7 at table 3 changed by td: trump — → ♥, jury approved"
    )


# -- entered at the table (issue 36, finding 15) -------------------------------
def table_lines(event) -> list[str]:
    lines = list(event.audit.filter(action__startswith="table.").order_by("id"))
    words = AuditWords(event, lines)
    return [words.sentence(ln) for ln in lines]


@pytest.mark.django_db
def test_an_entry_confirmed_at_the_table_names_both_players():
    """Who entered a deal and who confirmed it, by seat and name as the TD
    reads them; never the raw "table.submit: deal=1, mode=confirm…"."""
    from scoring.models import Submission
    from tests.tableside.helpers import (
        confirm,
        deal_seats,
        enter,
        label,
        rik,
        running,
        seated,
    )

    table = running("audit-side", "confirm")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p), "k1")
    confirm(seated(table, o), table, Submission.objects.get(table=table).pk)
    by, to = f"{label(table, d)} (seat {d})", f"{label(table, o)} (seat {o})"
    assert table_lines(table.round.tournament) == [
        f"Deal 1 at table 1 entered at the table by {by}: "
        "it counts once the other side confirms it",
        f"Deal 1 at table 1 confirmed at the table by {to}: entered by {by}",
    ]


@pytest.mark.django_db
def test_blind_entries_that_agree_differ_and_are_decided_read_as_words(td):
    from scoring.models import Submission
    from scoring.tableside import services
    from tests.tableside.helpers import deal_seats, enter, label, rik, running, seated

    table = running("audit-blind", "blind")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p, 9), "a1")
    enter(seated(table, o), table, 1, rik(d, p, 9), "b1")
    d2, p2, o2, _x = deal_seats(table, 2)
    enter(seated(table, d2), table, 2, rik(d2, p2, 9), "a2")
    enter(seated(table, o2), table, 2, rik(d2, p2, 7), "b2")
    chosen = Submission.objects.get(table=table, number=2, seat=o2)
    services.decide(table, chosen.pk, td, "the sheet says 7")
    name = {s: f"{label(table, s)} (seat {s})" for s in (d, o, d2, o2)}
    lines = table_lines(table.round.tournament)
    assert lines[2] == (
        f"Deal 1 at table 1: both sides entered the same: {name[d]}, {name[o]}"
    )
    assert lines[5] == (
        "Deal 2 at table 1: the two sides' entries differ, the TD decides: "
        f"{name[d2]}, {name[o2]}"
    )
    assert lines[6] == (
        f"Deal 2 at table 1 decided by td: the entry of {name[o2]} counts, "
        "reason: the sheet says 7"
    )


@pytest.mark.django_db
def test_an_old_table_line_without_names_names_the_seat(small_event, td):
    line = AuditLog.objects.create(
        tournament=small_event,
        action="table.submit",
        detail={"round": 1, "table": 2, "deal": 3, "seat": 4, "mode": "blind"},
    )
    assert AuditWords(small_event, [line]).sentence(line) == (
        "Deal 3 at table 2 entered at the table by seat 4: "
        "it counts once the other side's entry matches"
    )
