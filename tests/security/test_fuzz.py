"""Hostile input into every form and import (hypothesis): never a 500, and a
submission that is refused changes nothing (no partial save). Strategies are
built from each form's own fields: plausible values, junk, control
characters, very long text. ``score_deal`` has its own properties
(tests/scoring/test_properties.py).
"""

import json
import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from documents.event_backup import export_event
from scoring.models import Deal
from scoring.services import table_view
from scoring.services.totals import seat_totals
from td.forms import PlayerForm, QuickAddForm, TournamentForm
from td.forms_deal import DealForm
from tests.examples import examples
from tests.security.test_hostile_fields import HOSTILE
from tests.security.test_matrix import fingerprint
from tournaments.models import Seat, TableRound, TournamentRole

fuzz = settings(
    max_examples=examples(int(os.environ.get("FUZZ", "40"))),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

junk = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(max_codepoint=0x9F), max_size=12),  # controls
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "13",
            "99999999999",
            "rik",
            "1",
            "2",
            "on",
            "approved",
            "hearts",
            '=HYPERLINK("x")',
            "x" * 300,
            "\x00",
            "<script>",
            "1.5",
            "NaN",
            *HOSTILE,
        ]
    ),
)
#: Values of the wrong JSON type, or numbers no file may hold, for imports.
wrong_json = st.one_of(
    junk,
    st.integers(),
    st.none(),
    st.just([]),
    st.just({}),
    st.just(float("nan")),
    st.just(float("inf")),
    st.just(10**40),
    st.just(True),
)


def form_data(field_names, choices=None):
    """A dict strategy: each field absent, junk, or one of its choices."""
    choices = choices or {}
    fields = {
        name: st.one_of(junk, st.sampled_from(choices[name]))
        if choices.get(name)
        else junk
        for name in field_names
    }
    return st.fixed_dictionaries({}, optional=fields)


def consistent() -> None:
    """What no request may ever break: every table sums to zero and its seat
    totals are the sums of its deals."""
    for table in TableRound.objects.prefetch_related("deals", "seats"):
        seats = list(table.seats.all())
        totals = seat_totals(table.deals.all(), [s.position for s in seats])
        for seat in seats:
            assert seat.points == totals[seat.position][0], (table.pk, seat.pk)
        assert sum(s.points for s in seats) == 0


def submit(client, path, data, **extra):
    before = fingerprint()
    response = client.post(path, data, **extra)
    assert response.status_code < 500, (path, data)
    if response.status_code != 302:  # refused, or shown again: nothing stored
        assert fingerprint() == before, (path, data)
    consistent()
    return response


@pytest.fixture
def admin_client(client, make_user, small_event):
    user = make_user("fuzzer", is_staff=True, is_superuser=True)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    TableRound.objects.filter(round__tournament=small_event).update(closed=False)
    return client


def deal_fields(table) -> tuple[list[str], dict]:
    view = table_view(table)
    schedule = table.round.tournament.schedule
    form = DealForm(schedule=schedule, players=view.players_for(1), seats={})
    names = list(form.fields)
    people = [*view.labels, "1", "2", "3", "4", "5"]
    who = ("declarer", "partner", "player", "queen", "last")
    choices = {n: people for n in names if n.endswith(who)}
    codes = ["rik", "solo-8", "misere", "penalty", "schoppen-mie"]
    choices.update({n: codes for n in names if n.endswith(("contract", "code"))})
    return names, choices


@pytest.mark.django_db
def test_the_deal_form_survives_anything(admin_client, small_event):
    table = small_event.round_set.get(number=1).tables.first()
    names, choices = deal_fields(table)
    base = f"/manage/small/round/1/table/{table.number}/deal/"

    @fuzz
    @given(data=form_data(names, choices), number=st.integers(1, 4), htmx=st.booleans())
    def run(data, number, htmx):
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        current = Deal.objects.filter(table=table, number=number).first()
        data = {**data, "version": str(current.version) if current else ""}
        response = submit(admin_client, f"{base}{number}/", data, **extra)
        if (
            htmx
            and response.status_code == 200
            and "notice" in (response.context or {})
        ):
            return  # saved through htmx
        submit(admin_client, f"{base}{number}/preview/", data)

    run()


@pytest.mark.django_db
def test_the_td_forms_survive_anything(admin_client, small_event):
    settings_fields = list(TournamentForm(instance=small_event).fields)
    quick = list(QuickAddForm().fields)
    player = list(PlayerForm().fields)
    entry = small_event.entries.first()

    @fuzz
    @given(
        what=st.sampled_from(
            [
                "settings",
                "quick",
                "player",
                "withdraw",
                "jury",
                "swap",
                "sheet",
                "roles",
            ]
        ),
        data=st.data(),
    )
    def run(what, data):
        if what == "settings":
            payload = data.draw(form_data(settings_fields))
            submit(admin_client, "/manage/small/settings/", payload)
        elif what == "quick":
            submit(
                admin_client,
                "/manage/small/entries/quick/",
                data.draw(form_data(quick)),
            )
        elif what == "player":
            submit(admin_client, "/players/", data.draw(form_data(player)))
        elif what == "withdraw":
            fields = ["choice", "substitute", "substitute_name"]
            submit(
                admin_client,
                f"/manage/small/entries/{entry.pk}/withdraw/",
                data.draw(
                    form_data(fields, {"choice": ["reseat", "substitute", "remove"]})
                ),
            )
        elif what == "jury":
            fields = [
                "round",
                "table",
                "deal_number",
                "declarer",
                "contract",
                "decision",
            ]
            submit(admin_client, "/manage/small/jury/", data.draw(form_data(fields)))
        elif what == "swap":
            submit(
                admin_client,
                "/manage/small/round/2/swap/",
                data.draw(form_data(["a", "b"])),
            )
        elif what == "sheet":
            fields = [f"seat{i}" for i in range(1, 6)]
            submit(
                admin_client,
                "/manage/small/round/1/table/1/sheet/",
                data.draw(form_data(fields)),
            )
        else:
            submit(
                admin_client,
                "/manage/small/roles/",
                data.draw(form_data(["username", "role"])),
            )

    run()


@pytest.mark.django_db
def test_the_player_import_survives_any_file(admin_client):
    @fuzz
    @given(
        content=st.one_of(
            st.binary(max_size=2000), st.text(max_size=2000).map(str.encode)
        ),
        name=st.sampled_from(["p.csv", "p.xlsx", "p.txt"]),
    )
    def run(content, name):
        upload = SimpleUploadedFile(name, content)
        submit(admin_client, "/import/players/", {"file": upload})
        submit(admin_client, "/import/players/", {"confirm": "1"})

    run()


@pytest.mark.django_db
def test_the_event_import_survives_any_change_to_a_backup(admin_client, small_event):
    from tournaments.models import Tournament

    survives_any_change(
        admin_client, "/import/tournament/", export_event(small_event), Tournament, "fz"
    )


def survives_any_change(client, url: str, original: dict, model, slug: str):
    """Every place of a real file given a hostile value, uploaded to ``url``
    under ``slug``: never a 500, nothing stored by a refusal."""
    paths = paths_of(original)

    @fuzz
    @given(path=st.sampled_from(paths), value=wrong_json)
    def run(path, value):
        upload = SimpleUploadedFile("f.json", changed(original, path, value))
        submit(client, url, {"file": upload, "slug": slug})
        model.objects.filter(slug=slug).delete()  # an accepted one: again

    run()


def paths_of(document) -> list[list]:
    """Every place in a JSON document, as a list of keys."""
    found = []

    def walk(value, path):
        found.append(path)
        children = (
            value.items()
            if isinstance(value, dict)
            else (enumerate(value) if isinstance(value, list) else [])
        )
        for key, child in children:
            walk(child, [*path, key])

    walk(document, [])
    return found[1:]


def changed(document, path, value) -> bytes:
    """The document with ``value`` at ``path``, as a file's bytes (NaN and
    Infinity written as JSON's non-standard words, as some tools do)."""
    data = json.loads(json.dumps(document))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        return json.dumps(data).encode()
    except ValueError:  # an int past Python's digit limit for text
        return json.dumps(data, default=str).encode()


@pytest.mark.django_db
def test_the_season_import_survives_any_change_to_a_backup(admin_client):
    from demo.season import generate_season
    from documents.season_backup import export_competition
    from seasons.models import Competition

    season = generate_season(
        "fz-club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10), teams=1
    )
    original = export_competition(season)
    survives_any_change(
        admin_client, "/manage/seasons/import/", original, Competition, "fz-season"
    )


@pytest.mark.django_db
def test_the_rule_file_import_survives_any_change_to_a_file(admin_client):
    from rules.models import HouseRuleSet
    from rules.rule_files import export_rule_set

    source = HouseRuleSet.objects.create(
        slug="fz-rules",
        name="Fz",
        preset="nl",
        overrides={"contracts": {"rik": {"base": 20}}, "solo_limit": 3},
    )
    survives_any_change(
        admin_client,
        "/rules/import/file/",
        export_rule_set(source),
        HouseRuleSet,
        "fz-2",
    )


@pytest.mark.django_db
def test_nothing_stored_by_the_fuzz_breaks_an_export(admin_client, small_event):
    """Names with control characters never reach a row (refused on input)."""
    bad = "Bad\x01Name"
    submit(
        admin_client, "/manage/small/entries/quick/", {"name": bad, "check_in": "on"}
    )
    assert not Seat.objects.filter(entry__player__name=bad).exists()
    for what in ("xlsx", "json"):
        assert admin_client.get(f"/manage/small/export/{what}/").status_code == 200
