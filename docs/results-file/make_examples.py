"""Write the example files of docs/results-file/examples/ once, with the
site's own writer (``documents.event_backup.export_event``) from small events
whose every deal is chosen here, on a scratch database:

    DATABASE_URL=sqlite:////tmp/examples.sqlite3 .venv/bin/python manage.py migrate
    DATABASE_URL=sqlite:////tmp/examples.sqlite3 .venv/bin/python \
        docs/results-file/make_examples.py docs/results-file/examples

The files are then kept as they are (tests/exports/test_results_file.py
checks that each still validates and imports): a change of the format that
breaks them fails there. What the writer puts in that another club would not
(database ids in the audit lines, the moment the script ran) is replaced by
fixed values of the evening, so the files read as one club evening.
"""

import datetime
import json
import os
import sys
import uuid
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import django

django.setup()

from django.db import transaction  # noqa: E402

from demo.events import generate_event  # noqa: E402
from documents.event_backup import export_event  # noqa: E402
from scoring.services import freeze_rules  # noqa: E402
from scoring.services.table_totals import store_totals  # noqa: E402
from tournaments.models import Club, Entry, Player, TableRound  # noqa: E402
from tournaments.services import create_tournament, seat_round  # noqa: E402

EVENING = "2026-11-20"
#: The deals by table (round 1, table 1): "@0"–"@3" are the deal's players
#: left of the dealer first, "@out" the dealer sitting out (demo.events).
FOUR = {
    1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@3", "tricks": 9}]},
    2: {"plays": [{"contract": "solo-8", "declarer": "@0", "tricks": 7}]},
    3: {
        "plays": [{"contract": "misere", "declarer": "@0", "tricks": 0}],
        "sanctions": [{"code": "penalty", "player": "@2", "points": 6}],
    },
    4: {"plays": [{"contract": "piek", "declarer": "@0", "tricks": 2}]},
}
FIVE = {
    1: {
        "plays": [{"contract": "rik", "declarer": "@0", "partner": "@2", "tricks": 10}]
    },
    2: {
        "plays": [
            {
                "contract": "open-misere",
                "declarer": "@0",
                "tricks": 0,
                "jury": "approved",
            }
        ],
        "sanctions": [{"code": "turn-up-forgotten", "player": "@out"}],
    },
    3: {"plays": [{"contract": "abondance-9", "declarer": "@0", "tricks": 9}]},
    4: {
        "plays": [{"contract": "troel", "declarer": "@0", "partner": "@3", "tricks": 8}]
    },
    5: {
        "plays": [
            {"contract": "misere", "declarer": "@0", "tricks": 0},
            {"contract": "misere", "declarer": "@1", "tricks": 1},
        ]
    },
}
THREE = {  # "@2" is the blind man's hand at deal 1, "@1" at 2, "@0" at 3
    1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@2", "tricks": 9}]},
    2: {"plays": [{"contract": "solo-8", "declarer": "@2", "tricks": 9}]},
    3: {"plays": [{"contract": "rik", "declarer": "@3", "partner": "@1", "tricks": 8}]},
}
NAMESAKES = {
    1: {"plays": [{"contract": "rik", "declarer": "@1", "partner": "@3", "tricks": 8}]},
    2: {"plays": [{"contract": "solo-9", "declarer": "@2", "tricks": 10}]},
}


def people(*rows) -> list[Player]:
    """Register players: (name, club, distinction, federation number)."""
    made = []
    for name, club, distinction, number in rows:
        club = Club.objects.get_or_create(name=club)[0] if club else None
        made.append(
            Player.objects.create(
                name=name, club=club, distinction=distinction, federation_number=number
            )
        )
    return made


def in_order(players):
    """Seat the players in the order given (seat 1 first)."""

    def seater(round_, playing, rng):
        by_player = {e.player_id: e for e in playing}
        return [[by_player[p.pk] for p in players]]

    return seater


def four():
    players = people(
        ("Anna Bakker", "De Troefaas", "", "104233"),
        ("Bert Smits", "De Troefaas", "", ""),
        ("Cor Janssen", "Rikclub Geertruidenberg", "", ""),
        ("Dirk Peeters", "Rikclub Geertruidenberg", "", ""),
    )
    return generate_event(
        "clubavond-vier", 4, 1, 4, rules="nl", players=players,
        seater=in_order(players), special={(1, 1): FOUR}, sanction_rate=0,
    )  # fmt: skip


def five():
    players = people(
        ("Els Verhoeven", "Kaartclub Ons Genoegen", "", ""),
        ("Frans Dekkers", "Kaartclub Ons Genoegen", "", ""),
        ("Gerda van Gils", "Kaartclub Ons Genoegen", "", ""),
        ("Hans Mertens", "De Vrolijke Rikkers", "", ""),
        ("Ine Goossens", "De Vrolijke Rikkers", "", ""),
    )
    return generate_event(
        "toernooi-vijf", 5, 1, 5, rules="iwwa", players=players,
        seater=in_order(players), special={(1, 1): FIVE}, sanction_rate=0,
    )  # fmt: skip


def three():
    players = people(
        ("Karin Leijten", "De Troefaas", "", ""),
        ("Leo Brouwers", "De Troefaas", "", ""),
        ("Mieke van Dijk", "De Troefaas", "", ""),
    )
    return generate_event(
        "clubavond-drie", 3, 1, 3, rules="nl", players=players,
        seater=in_order(players), special={(1, 1): THREE}, sanction_rate=0,
        tables_of_three=True,
    )  # fmt: skip


def namesakes():
    players = people(
        ("Jan de Vries", "De Troefaas", "1956", ""),
        ("Sanne Hendriks", "De Troefaas", "", ""),
        ("Jan de Vries", "De Troefaas", "1971", ""),
        ("Thijs Mertens", None, "", ""),
    )
    return generate_event(
        "naamgenoten", 4, 1, 2, rules="nl", players=players,
        seater=in_order(players), special={(1, 1): NAMESAKES}, sanction_rate=0,
    )  # fmt: skip


@transaction.atomic
def totals():
    """One round typed as each player's total from the paper sheet."""
    event = create_tournament(
        slug="clubavond-totalen",
        name="Clubavond (totalen)",
        date=datetime.date.fromisoformat(EVENING),
        venue="Geertruidenberg",
        rules="nl",
        rounds=1,
        deals_per_round=8,
        score_entry="totals",
    )
    players = people(
        ("Noud Smits", "De Troefaas", "", ""),
        ("Oda Peeters", "De Troefaas", "", ""),
        ("Piet Bakker", "De Troefaas", "", ""),
        ("Riet van den Berg", "De Troefaas", "", ""),
    )
    entries = [
        Entry.objects.create(tournament=event, player=p, status=Entry.Status.PRESENT)
        for p in players
    ]
    round_ = event.round_set.get()
    (table,) = seat_round(round_, [entries])
    store_totals(table, {1: 45, 2: -10, 3: -20, 4: -15})
    freeze_rules(event)
    round_.status, round_.published = round_.Status.CLOSED, True
    round_.save()
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    return event


def as_a_club_would_write(data: dict, uid: str) -> dict:
    """Fixed values where the writer put this run's: the identity, the
    moments (the evening, 19:30 on), no database ids in the audit."""
    info = data["tournament"]
    info.update(uid=uid, date=EVENING, start_time="19:30", name=NAMES[info["slug"]])
    data["audit"] = [
        {
            "at": f"{EVENING}T18:55:00+01:00",
            "user": "wedstrijdleider",
            "action": "tournament.create",
            "detail": {"slug": info["slug"]},
        }
    ]
    minute = 40
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            for call in table["jury_calls"]:
                call["at"] = f"{EVENING}T19:{minute}:00+01:00"
                call["user"] = "wedstrijdleider"
                call["decided_by"] = "Jury: Wim Leijten"
                minute += 5
    for player in data["players"]:
        player["public_id"] = PUBLIC_IDS.get(player["ref"], "")
    return data


NAMES = {
    "clubavond-vier": "Clubavond De Troefaas",
    "toernooi-vijf": "Open toernooi Ons Genoegen",
    "clubavond-drie": "Clubavond met de blinde",
    "clubavond-totalen": "Clubavond (totalen van het papieren blad)",
    "naamgenoten": "Clubavond met naamgenoten",
}
#: The register identifiers of the namesakes (the others carry none: a file
#: may leave it empty).
PUBLIC_IDS = {"Jan de Vries": "q7Hd2mXa9LkP", "Jan de Vries [2]": "Zr4tW8nBc1Ue"}
EXAMPLES = {
    "table-of-four": (four, "6f1c2a8e-3b4d-4e5f-9a6b-7c8d9e0f1a2b"),
    "table-of-five": (five, "0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d"),
    "table-of-three": (three, "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"),
    "typed-totals": (totals, "9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b"),
    "namesakes": (namesakes, "3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d"),
}


def main(out: Path) -> None:
    for name, (make, uid) in EXAMPLES.items():
        data = as_a_club_would_write(export_event(make()), str(uuid.UUID(uid)))
        text = json.dumps(data, ensure_ascii=False, indent=1)
        (out / f"{name}.json").write_text(text + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
