"""Erasure and data export reach every free text people write (issue 36,
finding 4): a correction reason naming the member, and every other text
field its model declares (``core.personal_data``), is rewritten with the
pseudonym and listed in the member's export; the public pages and the API
show the pseudonym at once.

The data are built once for the module and rolled back after it; every
test runs in its own transaction on top of them."""

import json
import random

import pytest
from django.db import transaction
from django.urls import reverse

from tournaments.models import Player

NAME = "Ludovica Correctiemans"
REASON = f"de rik van {NAME} was verkeerd genoteerd"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A club season (its evenings are events), one more event elsewhere
    with a table-side entry and a jury call, a house-rule set and an API
    token: a row of every model that declares free text."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield build_world()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def build_world() -> dict:
    from api.models import ApiToken, ApiWrite
    from demo.events import generate_event
    from demo.season import generate_season
    from mailings.models import Mail
    from rules.models import HouseRuleSet
    from scoring.models import JuryCall, Submission
    from seasons.models import SeasonLog, Team

    season = generate_season(
        "privacy", players=10, evenings=2, deals=4, seed=5, attendance=(10, 10)
    )
    entry = (
        season.evenings.first()
        .tournament.entries.select_related("player")
        .order_by("pk")
        .first()
    )
    member = entry.player
    Player.objects.filter(pk=member.pk).update(name=NAME)
    elsewhere = generate_event("elders", 8, 1, 4, seed=11)
    table = elsewhere.round_set.get(number=1).tables.first()
    JuryCall.objects.create(
        table=table, deal_number=1, entry=table.seats.first().entry,
        contract="solo", decision="approved", decided_by="de jury",
    )  # fmt: skip
    Submission.objects.create(
        table=table, number=1, seat=1, record={}, key="k1", reason="klopt"
    )
    HouseRuleSet.objects.create(slug="huis", name="Huisregels", preset="nl")
    _publishing_rows(season, elsewhere)
    ApiToken.objects.create(tournament=elsewhere, name="telefoon", digest="d" * 64)
    ApiWrite.objects.create(tournament=elsewhere, key="w1", status=201, body={})
    SeasonLog.objects.create(competition=season, season=season.name, action="note")
    Mail.objects.create(  # a table mate's mail of another event
        tournament=elsewhere, kind="results", to="mate@example.org", subject="s"
    )
    if not Team.objects.filter(competition=season).exists():
        Team.objects.create(name="Team", competition=season)
    member.refresh_from_db()
    return {
        "season": season,
        "member": member,
        "event": entry.tournament,
        "elsewhere": elsewhere,
    }


def _publishing_rows(season, elsewhere) -> None:
    """The road online: a key, a copy and a refused upload on the site, a
    destination and an outbox in the hall (``publishing``)."""
    from django.utils import timezone

    from publishing.models import (
        Destination,
        OnlineCopy,
        Outbox,
        SeasonLink,
        UploadConflict,
        UploadKey,
    )

    key = UploadKey.objects.create(
        club=season.club, name="laptop", digest="u" * 64, hint="abc"
    )
    OnlineCopy.objects.create(
        tournament=elsewhere, key=key, source="zaal", received=timezone.now()
    )
    UploadConflict.objects.create(
        tournament=elsewhere, key=key, source="zaal", file={}, file_digest="f"
    )
    site = Destination.objects.create(site="https://club.example", key="rk_x")
    SeasonLink.objects.create(competition=season, destination=site)
    Outbox.objects.create(tournament=elsewhere, destination=site, refused="nee")


def reopen_with_reason(event, reason: str = REASON) -> None:
    """The TD reopens round 1 with ``reason`` and corrects a deal: the
    public pages then say the round was corrected, and why."""
    from demo.events import realistic_record
    from scoring.models import Deal
    from scoring.services import save_deal, table_view
    from tournaments.rounds import reopen_round

    round_ = event.round_set.get(number=1)
    reopen_round(round_, None, reason)
    table = round_.tables.select_related("round__tournament").first()
    deal = Deal.objects.get(table=table, number=1)
    record = realistic_record(table_view(table).players_for(1), random.Random(4))
    save_deal(table, 1, record, expected_version=deal.version)


def public_texts(client, event) -> dict[str, str]:
    """What the public reads of ``event``: its pages and the API's answers."""
    table = event.round_set.get(number=1).tables.order_by("number").first()
    urls = {
        "standings": reverse("public:standings", args=[event.slug]),
        "round": reverse("public:round", args=[event.slug, 1]),
        "table": reverse("public:table", args=[event.slug, 1, table.number]),
        "api": f"/api/v1/events/{event.slug}/",
    }
    out = {}
    for what, url in urls.items():
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
        assert response.status_code == 200, (what, response.status_code)
        out[what] = response.content.decode()
    return out


@pytest.mark.django_db
def test_an_erased_name_leaves_the_correction_reason_and_every_public_page(
    client, world
):
    from seasons.privacy import erase_player

    event, member = world["event"], world["member"]
    reopen_with_reason(event)
    shown = public_texts(client, event)  # cached now, under the event's version
    assert all(NAME in text for text in shown.values()), "the reason is shown"
    new = erase_player(member, None)
    round_ = event.round_set.get(number=1)
    assert round_.correction_reason == f"de rik van {new} was verkeerd genoteerd"
    for what, text in public_texts(client, event).items():
        assert "Correctiemans" not in text, what
        assert new in text, what


def plant_the_name_everywhere() -> dict[tuple[str, str], int]:
    """The member's name written in one row of every declared text field:
    {(model label, field): row id}."""
    from django.db.models import JSONField

    from core.personal_data import declared_models

    planted, missing = {}, []
    for model, declared in declared_models():
        row = model._base_manager.order_by("pk").first()
        if row is None:
            missing.append(model._meta.label)
            continue
        values = {}
        for name in declared.text:
            if isinstance(model._meta.get_field(name), JSONField):
                value = getattr(row, name)
                values[name] = {**(value if isinstance(value, dict) else {}), "x": NAME}
            else:
                values[name] = f"over {NAME}"
            planted[(model._meta.label_lower, name)] = row.pk
        model._base_manager.filter(pk=row.pk).update(**values)
    assert missing == [], "add a row of these models to build_world"
    return planted


@pytest.mark.django_db
def test_every_declared_text_field_is_exported_and_rewritten(world):
    from django.apps import apps

    from seasons.privacy import erase_player, player_data

    planted = plant_the_name_everywhere()
    assert ("tournaments.round", "correction_reason") in planted
    mentions = player_data(world["member"])["mentions"]
    assert set(planted) <= {(m["model"], m["field"]) for m in mentions}
    assert all(NAME in json.dumps(m["text"], ensure_ascii=False) for m in mentions)
    new = erase_player(world["member"], None)
    for (label, name), pk in planted.items():
        rows = apps.get_model(label)._base_manager.filter(pk=pk)
        text = json.dumps(rows.values_list(name, flat=True).get(), ensure_ascii=False)
        assert "Correctiemans" not in text and new in text, (label, name)


@pytest.mark.django_db
def test_the_export_says_where_the_name_was_written(world):
    from seasons.privacy import player_data

    reopen_with_reason(world["event"])
    mentions = player_data(world["member"])["mentions"]
    reasons = [m for m in mentions if m["field"] == "correction_reason"]
    assert reasons == [
        {
            "model": "tournaments.round",
            "field": "correction_reason",
            "event": world["event"].slug,
            "text": REASON,
        }
    ]


@pytest.mark.django_db
def test_an_event_they_did_not_play_follows_too(client, world):
    """A reason naming the member in another event: rewritten, and that
    event's cached public pages and API answers are built again."""
    from seasons.privacy import erase_player

    elsewhere = world["elsewhere"]
    assert not elsewhere.entries.filter(player=world["member"]).exists()
    reopen_with_reason(elsewhere)
    assert all(NAME in text for text in public_texts(client, elsewhere).values())
    new = erase_player(world["member"], None)
    for what, text in public_texts(client, elsewhere).items():
        assert "Correctiemans" not in text and new in text, what


@pytest.mark.django_db
def test_a_namesakes_reason_keeps_their_name(world):
    """Another member of the same name played in the other event: its
    reason may be about them, and stays; the member's own event's goes."""
    from seasons.privacy import erase_player, player_data
    from tournaments.models import Club
    from tournaments.services import register

    elsewhere = world["elsewhere"]
    namesake = Player.objects.create(name=NAME, club=Club.objects.create(name="Ver"))
    register(elsewhere, [namesake])
    reopen_with_reason(elsewhere)
    reopen_with_reason(world["event"])
    exported = player_data(world["member"])["mentions"]
    assert {m["event"] for m in exported if m["field"] == "correction_reason"} == {
        world["event"].slug
    }
    new = erase_player(world["member"], None)
    assert elsewhere.round_set.get(number=1).correction_reason == REASON
    own = world["event"].round_set.get(number=1).correction_reason
    assert own == REASON.replace(NAME, new)


@pytest.mark.django_db
def test_a_name_written_as_html_is_found(world):
    """A mail's HTML writes "O'Neill" as "O&#x27;Neill"."""
    from seasons.privacy_text import Scrubber

    member = world["member"]
    Player.objects.filter(pk=member.pk).update(name="Jan O'Neill")
    member.refresh_from_db()
    scrub = Scrubber(member, "Speler 1")
    assert scrub.text("<p>Jan O&#x27;Neill won</p>") == "<p>Speler 1 won</p>"
    assert scrub.names({"who": "Jan O'Neill"})
    assert not scrub.names("Jan O'Neills")


@pytest.mark.django_db
def test_a_deal_typed_with_the_old_name_is_refused_after_the_erasure(world):
    """The TD's form showed the name before the erasure: saving it after is
    refused as a stale form is, and no line names the member."""
    from scoring.models import Deal
    from scoring.services import DealRejectedError, save_deal, table_view
    from seasons.privacy import erase_player
    from tournaments.models import AuditLog
    from tournaments.rounds import reopen_round

    event, member = world["event"], world["member"]
    round_ = event.round_set.get(number=1)
    reopen_round(round_, None, "typfout")
    table = round_.tables.select_related("round__tournament").get(
        seats__entry__player=member
    )
    view = table_view(table)
    number = next(n for n in range(1, 5) if NAME in view.players_for(n))
    partner = next(p for p in view.players_for(number) if p != NAME)
    record = {"plays": [{"contract": "rik", "declarer": NAME, "partner": partner}]}
    record["plays"][0]["tricks"] = 8
    version = Deal.objects.get(table=table, number=number).version
    erase_player(member, None)
    with pytest.raises(DealRejectedError):
        save_deal(table, number, record, expected_version=version)
    details = AuditLog.objects.values_list("detail", flat=True)
    assert not any("Correctiemans" in json.dumps(d) for d in details)


@pytest.mark.django_db
def test_rows_declared_as_a_members_own_are_exported_then_erased(world, monkeypatch):
    """A model whose rows are one person's own (a mail subscription) only
    declares ``owner``: the export lists the member's rows, the erasure
    deletes them. Shown here on the ratings, declared so for the test."""
    from core.personal_data import PersonalData
    from seasons.models import Rating
    from seasons.privacy import erase_player, player_data

    member = world["member"]
    Rating.objects.create(
        player=member, tournament=world["event"], mu=25, sigma=8, ordinal=1
    )
    monkeypatch.setattr(
        Rating,
        "privacy",
        PersonalData(own=("mu", "ordinal"), owner="player"),
        raising=False,
    )
    rows = player_data(member)["own_rows"]
    assert rows == [{"model": "seasons.rating", "mu": 25.0, "ordinal": 1.0}]
    erase_player(member, None)
    assert not Rating.objects.filter(player=member).exists()
