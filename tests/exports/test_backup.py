import copy
import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from demo.events import generate_event
from documents.event_backup import (
    IMPORT_ACTION,
    VERSION,
    BackupError,
    export_event,
    import_event,
)
from scoring.models import Deal
from tests.examples import examples
from tests.exports.conftest import DIACRITIC_NAMES
from tournaments.models import Player, Seat, Tournament


def without_import(data: dict, slug: str) -> dict:
    data = copy.deepcopy(data)
    data["tournament"]["slug"] = slug
    data["audit"] = [a for a in data["audit"] if a["action"] != IMPORT_ACTION]
    return data


def roundtrip(event, new_slug):
    original = json.loads(json.dumps(export_event(event)))
    copy_ = import_event(json.dumps(original), slug=new_slug)
    return original, export_event(copy_), copy_


@pytest.mark.django_db
@settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(1, 10_000),
    players=st.sampled_from([8, 9, 10, 13]),
    rounds=st.integers(1, 2),
    deals=st.integers(1, 5),
)
def test_it_round_trips_any_generated_event(seed, players, rounds, deals):
    with transaction.atomic():  # each example rolls back
        check_roundtrip(seed, players, rounds, deals)
        transaction.set_rollback(True)


def check_roundtrip(seed, players, rounds, deals):
    event = generate_event(f"rt{seed}", players, rounds, deals, seed=seed)
    original, again, copy_ = roundtrip(event, f"rt{seed}-copy")
    assert without_import(again, event.slug) == original
    assert sorted(
        Seat.objects.filter(table__round__tournament=copy_).values_list(
            "table__round__number", "table__number", "position", "points"
        )
    ) == sorted(
        Seat.objects.filter(table__round__tournament=event).values_list(
            "table__round__number", "table__number", "position", "points"
        )
    )


@pytest.mark.django_db
def test_it_round_trips_names_with_diacritics(dia_event):
    original, again, _copy = roundtrip(dia_event, "dia2")
    assert without_import(again, "dia") == original
    names = {p["name"] for p in again["players"]}
    assert set(DIACRITIC_NAMES) <= names


@pytest.mark.django_db
def test_it_refuses_a_slug_that_exists(small_event):
    data = export_event(small_event)
    with pytest.raises(BackupError) as err:
        import_event(data)
    assert err.value.path == "tournament.slug"


@pytest.mark.django_db
def test_it_uses_the_frozen_snapshot_of_unknown_house_rules(small_event):
    data = export_event(small_event)
    data["tournament"]["rules"] = "our-club-rules"
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            for deal in table["deals"]:
                deal["record"]["rules"] = "our-club-rules"
    event = import_event(data, slug="elsewhere")
    assert event.schedule.preset == "nl"
    data["tournament"]["rules_snapshot"] = None
    with pytest.raises(BackupError) as err:
        import_event(data, slug="elsewhere-2")
    assert err.value.path == "tournament.rules"


@pytest.mark.django_db
def test_it_names_the_place_of_a_changed_score(small_event):
    data = export_event(small_event)
    deal = data["rounds"][1]["tables"][0]["deals"][3]
    first = next(iter(deal["scores"]))
    deal["scores"][first] += 10
    with pytest.raises(BackupError) as err:
        import_event(data, slug="changed")
    assert err.value.path == "rounds[1].tables[0].deals[3].scores"


def paths(value, path=""):
    """Every (path, container, key) in the document, outside free-form JSON."""
    if isinstance(value, dict):
        keys = list(value.items())
    elif isinstance(value, list):
        keys = list(enumerate(value))
    else:
        return
    for key, child in keys:
        where = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"
        if key in ("detail", "overrides", "sheet_totals", "trump", "jury"):
            continue
        yield where, value, key
        yield from paths(child, where)


def other_type(value):
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return {"x": 1}
    if isinstance(value, dict):
        return ["x"]
    return 3.5


#: Keys a file may leave out: a record without "sitting_out" (version 1)
#: names the dealer who sits out by the table's seats.
OPTIONAL = {"sitting_out"}


def may_leave_out(where: str, container, key) -> bool:
    """An optional key, or a score of 0 by name (a deal's scores list the
    players who scored; the seat scores hold every seat)."""
    zero_score = ".scores." in where and container[key] == 0
    return key in OPTIONAL or zero_score


def corrupt(data, rng):
    data = copy.deepcopy(data)
    places = list(paths(data))
    kind = rng.choice(["delete", "type", "score"])
    if kind == "score":
        deals = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]]
        deal = rng.choice(deals)
        name = rng.choice(sorted(deal["scores"]))
        deal["scores"][name] += rng.choice([-30, -1, 1, 5])
        return data, "score"
    where, container, key = rng.choice(
        [
            p
            for p in places
            if kind == "type" or (isinstance(p[1], dict) and not may_leave_out(*p))
        ]
    )
    if kind == "delete":
        del container[key]
    else:
        container[key] = other_type(container[key])
    return data, f"{kind} {where}"


@pytest.mark.django_db
def test_it_refuses_randomly_damaged_files_and_imports_nothing(small_event):
    data = json.loads(json.dumps(export_event(small_event)))
    counts = (Tournament.objects.count(), Player.objects.count(), Deal.objects.count())
    rng = random.Random(5)
    for i in range(60):
        damaged, what = corrupt(data, rng)
        with pytest.raises(BackupError) as err:
            import_event(damaged, slug=f"fuzz{i}")
        assert err.value.path or "JSON" in err.value.message, what
        assert counts == (
            Tournament.objects.count(),
            Player.objects.count(),
            Deal.objects.count(),
        ), what


@pytest.mark.django_db
def test_it_refuses_broken_json_with_line_and_column():
    with pytest.raises(BackupError) as err:
        import_event(b'{"format": "rikscore.event",\n "version": }')
    assert "line 2" in err.value.message


# ---- hostile backups are refused whole, with the first bad field ------------
def _damaged(event, where, value):
    data = json.loads(json.dumps(export_event(event)))
    target = data
    *path, last = where
    for key in path:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        (("tournament", "name"), "x" * 151, "tournament.name"),
        (("players", 0, "name"), "A\x00B", "players[0].name"),
        (("tournament", "rounds"), 10**12, "tournament.rounds"),
        (("tournament", "deals_per_round"), 0, "tournament.deals_per_round"),
        (("rounds", 0, "tables", 0, "deals", 0, "seat_scores", 0), 10**15,
         "rounds[0].tables[0].deals[0].seat_scores[0]"),
        (("audit", 0, "at"), "9999-12-31T00:00:00+00:00", "audit[0].at"),
        (("audit", 0, "detail"), {"a": [[[[[[[[[[["deep"]]]]]]]]]]]},
         "audit[0].detail.a"),
        (("rounds", 0, "tables", 0, "deals", 0, "record"), {"x": "y" * 5000},
         "rounds[0].tables[0].deals[0].record"),
        # NaN, Infinity, a wrong type, a bidi override, a reserved code
        (("audit", 0, "detail"), {"x": float("nan")}, "audit[0].detail.x"),
        (("rounds", 0, "tables", 0, "sheet_totals"), [1, 2],
         "rounds[0].tables[0].sheet_totals"),
        (("rounds", 0, "tables", 0, "sheet_totals"), {"1": float("inf")},
         "rounds[0].tables[0].sheet_totals"),
        (("players", 0, "name"), "Eve\u202egnp.exe", "players[0].name"),
        (("tournament", "slug"), "seasons", "tournament.slug"),
    ],
    ids=["long-name", "control-char", "huge-rounds", "zero-deals", "huge-score",
         "future-time", "deep-nesting", "long-text", "nan-detail", "totals-list",
         "infinite-total", "bidi-name", "reserved-code"],
)  # fmt: skip
@pytest.mark.django_db
def test_a_hostile_backup_is_refused_naming_the_field(small_event, where, value, path):
    counts = Tournament.objects.count(), Player.objects.count(), Deal.objects.count()
    with pytest.raises(BackupError) as err:
        import_event(_damaged(small_event, where, value), slug="hostile")
    assert err.value.path.startswith(path), err.value
    assert counts == (
        Tournament.objects.count(),
        Player.objects.count(),
        Deal.objects.count(),
    )


@pytest.mark.parametrize("literal", ["NaN", "-Infinity", "9" * 5000, "1e999"])
@pytest.mark.django_db
def test_numbers_a_file_may_not_hold_are_refused_not_a_500(small_event, literal):
    text = json.dumps(export_event(small_event)).replace(
        f'"version": {VERSION}', f'"version": {VERSION}, "x": {literal}', 1
    )
    with pytest.raises(BackupError, match="no number a backup may hold"):
        import_event(text, slug="numbers")
    assert not Tournament.objects.filter(slug="numbers").exists()


@pytest.mark.django_db
def test_deep_json_text_is_refused_not_a_500():
    with pytest.raises(BackupError, match="nested too deeply"):
        import_event("[" * 100_000 + "]" * 100_000)


@pytest.mark.django_db
def test_imported_audit_lines_claim_their_author_without_becoming_them(
    small_event, make_user
):
    admin = make_user("admin", is_superuser=True)
    data = json.loads(json.dumps(export_event(small_event)))
    data["audit"][0]["user"] = admin.username
    event = import_event(data, slug="claims")
    line = event.audit.order_by("at", "id").first()
    assert line.user is None and line.imported and line.claimed_user == "admin"


# ---- a restore through the web (issue 26) ---------------------------------------
def _with_a_jury_call(event, make_user):
    """A jury decision recorded by ``jury-anna``, decided by "Mr. Jury"."""
    from scoring.models import JuryCall

    table = event.round_set.get(number=1).tables.order_by("number").first()
    seat = table.seats.order_by("position").first()
    JuryCall.objects.create(
        table=table,
        deal_number=event.deals_per_round,
        entry=seat.entry,
        contract="open-misere",
        decision="refused",
        user=make_user("jury-anna"),
        decided_by="Mr. Jury",
    )


@pytest.mark.django_db
def test_a_restored_backup_lands_unpublished_under_a_new_code(
    client, small_event, make_user
):
    from scoring.models import JuryCall

    _with_a_jury_call(small_event, make_user)
    assert small_event.round_set.filter(published=True).count() == 2
    body = json.dumps(export_event(small_event)).encode()
    client.force_login(make_user("org", organiser=True))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    file = SimpleUploadedFile("small.json", body, "application/json")
    response = client.post("/import/tournament/", {"file": file}, follow=True)
    assert response.status_code == 200
    assert "under the code small-2" in response.content.decode()
    copy_ = Tournament.objects.get(slug="small-2")
    assert copy_.uid == small_event.uid  # the same event (identity rule)
    assert not copy_.round_set.filter(published=True).exists()
    line = copy_.audit.get(action=IMPORT_ACTION)
    assert line.detail["unpublished"] == [1, 2]
    call = JuryCall.objects.get(table__round__tournament=copy_)
    assert (call.user, call.claimed_user, call.decided_by) == (
        None,
        "jury-anna",
        "Mr. Jury",
    )
    assert call.recorder == "jury-anna"
    # the home page lists the event once until the copy is published
    home = client.get("/").content.decode()
    assert "/t/small/" in home and "/t/small-2/" not in home
    copy_.round_set.filter(number=1).update(published=True)
    assert "/t/small-2/" in client.get("/").content.decode()
    # the copy's backup names the recorder and the decider as the original's
    again = export_event(copy_)["rounds"][0]["tables"][0]["jury_calls"]
    assert [(c["user"], c["decided_by"]) for c in again] == [("jury-anna", "Mr. Jury")]


@pytest.mark.django_db
def test_a_second_restore_takes_the_next_free_code(small_event):
    from documents.event_backup import restore_event

    data = json.loads(json.dumps(export_event(small_event)))
    assert restore_event(data).slug == "small-2"
    assert restore_event(data).slug == "small-3"
    assert restore_event(data, slug="mine").slug == "mine"
    with pytest.raises(BackupError, match="exists already"):
        restore_event(data, slug="mine")
    small_event.delete()
    assert restore_event(data).slug == "small"  # its own code, when free


def as_format_9(data: dict) -> dict:
    """Today's document without what version 10 added (corrections)."""
    data["version"] = 9
    for round_ in data["rounds"]:
        round_.pop("corrected_at", None)
        round_.pop("correction_reason", None)
        for table in round_["tables"]:
            table.pop("reopened_after_publication", None)
    return data


def as_format_8(data: dict) -> dict:
    """Today's document without what version 9 added (the identifiers,
    the guests)."""
    as_format_9(data)
    data["version"] = 8
    for player in data["players"]:
        player.pop("public_id", None)
        player.pop("guest", None)
    return data


def as_format_7(data: dict) -> dict:
    """Today's document without what versions 8 and 9 added."""
    as_format_8(data)
    data["version"] = 7
    del data["tournament"]["tables_of_three"]
    return data


def as_format_6(data: dict) -> dict:
    """Today's document without what versions 7 and 8 added."""
    as_format_7(data)
    data["version"] = 6
    del data["tournament"]["start_time"], data["tournament"]["round_minutes"]
    for player in data["players"]:
        del player["public_name"]
    return data


def as_format_5(data: dict) -> dict:
    """Today's document without what versions 6 and 7 added."""
    as_format_6(data)
    data["version"] = 5
    del data["tournament"]["score_entry"]
    for player in data["players"]:
        del player["distinction"]
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            del table["totals_only"], table["from_totals"]
            for seat in table["seats"]:
                del seat["points"], seat["deals_played"]
    return data


@pytest.mark.django_db
def test_a_format_4_backup_imports_its_jury_calls_without_who_decided(
    small_event, make_user
):
    from scoring.models import JuryCall

    _with_a_jury_call(small_event, make_user)
    data = json.loads(json.dumps(export_event(small_event)))
    assert data["version"] == VERSION == 10
    as_format_5(data)
    data["version"] = 4
    del data["keep_apart"]
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            for call in table["jury_calls"]:
                del call["decided_by"]
    event = import_event(data, slug="v4")
    call = JuryCall.objects.get(table__round__tournament=event, contract="open-misere")
    assert (call.claimed_user, call.decided_by) == ("jury-anna", "")
    data["version"] = 5
    with pytest.raises(BackupError, match="decided_by"):
        import_event(data, slug="v5-without")


@pytest.mark.django_db
def test_the_pairs_kept_apart_travel_with_the_backup(small_event):
    from tournaments.models import KeepApart

    first, second, third = small_event.entries.order_by("id")[:3]
    KeepApart.objects.create(tournament=small_event, first=first, second=second)
    KeepApart.objects.create(tournament=small_event, first=first, second=third)
    data = json.loads(json.dumps(export_event(small_event)))
    assert len(data["keep_apart"]) == 2
    copy_ = import_event(data, slug="apart")
    names = sorted(
        sorted((k.first.player.name, k.second.player.name))
        for k in copy_.keep_apart.select_related("first__player", "second__player")
    )
    assert names == sorted(
        sorted((a.player.name, b.player.name))
        for a, b in [(first, second), (first, third)]
    )
    assert export_event(copy_)["keep_apart"] == data["keep_apart"]
    data["keep_apart"] = [[data["players"][0]["ref"], "nobody"]]
    with pytest.raises(BackupError, match="keep_apart"):
        import_event(data, slug="apart-2")
    data["keep_apart"] = [[data["players"][0]["ref"]] * 2]
    with pytest.raises(BackupError, match="two different"):
        import_event(data, slug="apart-3")


@pytest.mark.django_db
def test_a_hidden_name_and_the_calendar_times_survive_a_round_trip(small_event):
    import datetime

    from tournaments.models import Player

    player = small_event.entries.first().player
    Player.objects.filter(pk=player.pk).update(public_name="hidden")
    small_event.start_time = datetime.time(13, 30)
    small_event.round_minutes = 75
    small_event.save()
    data = json.loads(json.dumps(export_event(small_event)))
    Player.objects.filter(pk=player.pk).update(public_name="full")
    data["tournament"]["slug"] = "copy"
    copy = import_event(data)
    assert (copy.start_time, copy.round_minutes) == (datetime.time(13, 30), 75)
    # the register's player is found again, and the file's choice is the
    # more private one: a restore never shows a hidden name
    player.refresh_from_db()
    assert player.public_name == "hidden"


@pytest.mark.django_db
def test_a_format_6_backup_imports_with_full_names_and_all_day_rounds(small_event):
    data = as_format_6(json.loads(json.dumps(export_event(small_event))))
    data["tournament"]["slug"] = "six"
    copy = import_event(data)
    assert (copy.start_time, copy.round_minutes) == (None, 90)
    assert copy.entries.count() == small_event.entries.count()


@pytest.mark.django_db
def test_the_imported_seats_hold_the_sums_of_their_deals(small_event):
    """An import stores each table's seat totals with the seats
    (``scoring.services.totals.fill_totals``): the same sums a table's
    recomputation gives."""
    from scoring.services import recompute_table
    from tournaments.models import TableRound

    data = json.loads(json.dumps(export_event(small_event)))
    imported = import_event(data, slug="sums")
    fields = ("points", "deals_played", "declared_made", "solo_made", "sanction_points")
    seats = Seat.objects.filter(table__round__tournament=imported).order_by("pk")
    stored = list(seats.values_list(*fields))
    assert any(row[0] for row in stored)
    for table in TableRound.objects.filter(round__tournament=imported):
        recompute_table(table)
    assert list(seats.values_list(*fields)) == stored
