"""The load's event, made in the load database: 400 players, 7 published
rounds of 20 deals (what the phones read), and round 8 seated with 100 empty
tables (where the deals are entered). Writes the plan the load users
follow: the TD's login and, per table, the deals to enter.

``LOAD_ENTRY=table`` (``make load-tables``, table-side entry): the event's entry mode
is "confirm" and each table gets its own link (``key_for``, as printing the
sheets does) with, per deal, the seat that enters it (the declarer) and the
seat that confirms it (a player of the other side), and each seat's phone
its cookie (the seat bound to it, as picking "who are you?" does).

Run with the load's environment (``DATABASE_URL``), by ``bench.load.run``.
"""

import json
import os
import secrets
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")

PLAYERS, ROUNDS, DEALS = 400, 8, 20
TABLE_SIDE = os.environ.get("LOAD_ENTRY", "td") == "table"


def main(plan_path: str) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from demo.events import generate_event
    from scoring.models import Deal
    from scoring.services import table_view
    from scoring.services.totals import recompute_table
    from scoring.tableside import phones
    from scoring.tableside.services import key_for
    from tournaments.models import Round, TableRound, Tournament, TournamentRole

    event = generate_event("load", PLAYERS, ROUNDS, DEALS, seed=13)
    open_round = Round.objects.get(tournament=event, number=ROUNDS)
    Deal.objects.filter(table__round=open_round).delete()
    TableRound.objects.filter(round=open_round).update(closed=False)
    Round.objects.filter(pk=open_round.pk).update(status="seated", published=False)
    if TABLE_SIDE:
        Tournament.objects.filter(pk=event.pk).update(entry_mode="confirm")
    password = secrets.token_urlsafe(16)
    td = get_user_model().objects.create_user("load-td", password=password)
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    tables = []
    for table in open_round.tables.order_by("number"):
        recompute_table(table)
        view = table_view(table)
        deals = []
        for number in range(1, DEALS + 1):
            players = view.players_for(number)
            deals.append(
                {
                    "p0_contract": "rik",
                    "p0_declarer": players[0],
                    "p0_partner": players[1],
                    "p0_tricks": str(8 + number % 6),
                    "version": "",
                }
            )
            if TABLE_SIDE:  # the declarer enters, an opponent confirms
                deals[-1]["seat"] = view.position_of(players[0])
                deals[-1]["confirm"] = view.position_of(players[2])
        tables.append({"number": table.number, "deals": deals})
        if TABLE_SIDE:
            key = key_for(table)
            tables[-1]["link"] = reverse("tableside:table", args=[key.slot, key.secret])
            tables[-1]["phones"] = {
                str(s.position): f"{phones.COOKIE % key.slot}="
                f"{phones.bind(table, s.position, None)}"
                for s in view.seats
            }
    entries = list(event.entries.values_list("id", flat=True))
    for table in tables:  # each table its own TD session, as if logged in there
        table["session"], table["csrf"] = _session(td)
    plan = {
        "slug": event.slug,
        "round": ROUNDS,
        "published": ROUNDS - 1,
        "user": td.username,
        "password": password,
        "tables": tables,
        "entries": entries,
    }
    with open(plan_path, "w") as f:
        json.dump(plan, f)


def _session(user) -> tuple[str, str]:
    """(sessionid, csrftoken) of a logged-in session of ``user``, made as
    ``login()`` makes it (a hundred password checks would only warm the CPU)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "rikscore.auth.PasswordBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key, secrets.token_hex(16)


if __name__ == "__main__":
    main(sys.argv[1])
