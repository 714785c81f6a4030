"""Generated events for the demo, benchmarks and tests.

Deals go through the same validation and settlement as entered ones; only
the storing is bulk (a 12,800-deal event would take minutes deal by deal).
"""

import datetime
import random

from django.db import transaction

from rules.sampling import random_record
from rules.validation import validate_record
from scoring.services import freeze_rules, recompute_table, seat_scores, table_view
from scoring.settlement import settle
from tournaments.models import Club, Deal, Entry, Player, Tournament
from tournaments.seating import plan_tables
from tournaments.services import create_tournament, seat_round

FIRST = ["Anna", "Bert", "Cor", "Dirk", "Els", "Frans", "Gerda", "Hans", "Ine",
         "Joep", "Karin", "Leo", "Mieke", "Noud", "Oda", "Piet", "Riet", "Sjef",
         "Truus", "Wim", "Zoë", "Jeroen", "Maaike", "Ruud", "Sanne",
         "Thijs"]  # fmt: skip
LAST = ["van den Berg", "Janssen", "de Vries", "Bakker", "Smits", "Verhoeven",
        "van Dijk", "Mertens", "Peeters", "Hendriks", "van Gils", "Brouwers",
        "Leijten", "Goossens", "van Mierlo", "Dekkers"]  # fmt: skip
CLUBS = ["De Troefaas", "Rikclub Geertruidenberg", "Kaartclub Ons Genoegen",
         "De Vrolijke Rikkers"]  # fmt: skip

#: A realistic mix for the nl schedule: (weight, contract, tricks range).
NL_MIX = [(40, "rik", (6, 11)), (8, "rik-beter", (7, 11)), (9, "solo-8", (6, 10)),
          (4, "solo-9", (8, 11)), (7, "piek", (0, 2)), (6, "misere", (0, 1)),
          (4, "troela", (7, 12)), (2, "solo-10", (9, 12)),
          (2, "open-misere", (0, 1)), (1, "open-piek", (1, 2)),
          (1, "solo-11", (10, 13))]  # fmt: skip


def make_players(n: int, rng: random.Random) -> list[Player]:
    clubs = [Club.objects.get_or_create(name=c)[0] for c in CLUBS]
    names = set()
    while len(names) < n:
        names.add(f"{rng.choice(FIRST)} {rng.choice(LAST)}")
        if len(names) < n and len(names) == len(FIRST) * len(LAST):
            names.add(f"Speler {len(names) + 1}")
    players = [Player(name=name, club=rng.choice(clubs)) for name in sorted(names)]
    return Player.objects.bulk_create(players)


def rotation_seating(entries: list, rng: random.Random, byes: bool = False):
    """A random mix in the table plan of ``tournaments.seating`` (not the
    optimiser): for generated events and as the seating screen's fallback.
    With ``byes`` the players left over from tables of 4 sit out."""
    order = entries[:]
    rng.shuffle(order)
    tables, i = [], 0
    for size in plan_tables(len(order), byes_allowed=byes).sizes:
        tables.append(order[i : i + size])
        i += size
    return tables


def realistic_record(players: list[str], rng: random.Random, schedule=None) -> dict:
    """A plausible deal: the nl club mix, or any valid deal for other schedules."""
    if schedule is not None and schedule.preset != "nl":
        record = random_record(schedule, rng, players)
        return {k: v for k, v in record.items() if k in ("plays", "sanctions")}
    weights = [w for w, _, _ in NL_MIX]
    _, code, (lo, hi) = rng.choices(NL_MIX, weights)[0]
    declarer = rng.choice(players)
    play = {"contract": code, "declarer": declarer, "tricks": rng.randint(lo, hi)}
    if code in ("rik", "rik-beter", "troela"):
        play["partner"] = rng.choice([p for p in players if p != declarer])
    if code.endswith("beter"):
        play["trump"] = "hearts"
    return {"plays": [play]}


def fill_table(table, deals: int, rng: random.Random, special=None) -> list[Deal]:
    """Deals for one table through validation + settlement, stored in bulk."""
    view = table_view(table)
    schedule = table.round.tournament.schedule
    rows = []
    for number in range(1, deals + 1):
        players = view.players_for(number)
        record = (special or {}).get(number) or realistic_record(players, rng, schedule)
        record = _named(record, players)
        record.update(rules=schedule.code, players=players)
        result = validate_record(record, lambda _code: schedule)
        if not result.ok:
            raise ValueError(result.violations)
        scores = seat_scores(view, settle(result.deal))
        fields = {f"s{i + 1}": v for i, v in enumerate(scores)}
        rows.append(Deal(table=table, number=number, record=record, **fields))
    return rows


def _named(template, players: list[str]):
    """Special deals name players "@0"–"@3": the deal's players by index."""
    if isinstance(template, str) and template[:1] == "@" and template[1:].isdigit():
        return players[int(template[1:])]
    if isinstance(template, list):
        return [_named(x, players) for x in template]
    if isinstance(template, dict):
        return {_named(k, players): _named(v, players) for k, v in template.items()}
    return template


@transaction.atomic
def generate_event(
    slug: str, n_players: int, rounds: int, deals: int, rules: str = "nl",
    seed: int = 1, special=None, published: bool = True,
) -> Tournament:  # fmt: skip
    """An event with seated rounds and every deal scored."""
    rng = random.Random(seed)
    tournament = create_tournament(
        slug=slug, name=f"Demo {slug}", date=datetime.date(2026, 11, 21),
        venue="Geertruidenberg", rules=rules, rounds=rounds, deals_per_round=deals,
    )  # fmt: skip
    freeze_rules(tournament)
    players = make_players(n_players, rng)
    Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, status=Entry.Status.PRESENT)
        for p in players
    )
    entries = list(tournament.entries.select_related("player"))
    for round_ in tournament.round_set.all():
        tables = seat_round(round_, rotation_seating(entries, rng))
        for table in tables:
            extra = (special or {}).get((round_.number, table.number))
            Deal.objects.bulk_create(fill_table(table, deals, rng, extra))
            recompute_table(table)
        round_.status = round_.Status.CLOSED
        round_.published = published
        round_.save()
        round_.tables.update(closed=True)
    return tournament
