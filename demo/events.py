"""Generated events for the demo, benchmarks and tests.

Deals go through the same validation and settlement as entered ones, in play
order with their context from the one builder (``scoring.context``); only the
storing is bulk (a 12,800-deal event would take minutes deal by deal).
"""

import datetime
import random
from collections import Counter

from django.db import transaction

from rules.engine.jury import APPROVED
from rules.engine.sampling import random_record
from scoring.context import ContextBuilder, in_play_order
from scoring.models import Deal, JuryCall
from scoring.pipeline import deal_players, run_deal
from scoring.services import freeze_rules, recompute_table, table_view
from scoring.services.deal_rows import create_deal_rows, deal_row
from tournaments.dealing import blind_in
from tournaments.models import Club, Entry, Player, Tournament
from tournaments.register_rules import name_clash
from tournaments.seating.tables import plan_tables
from tournaments.seating_screen import rotation_seating
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
    held = set(Player.objects.filter(name__in=names).values_list("name", "club_id"))
    for player in players:  # one query for all; a namesake is rare
        if (player.name, player.club.pk) in held:
            _tell_apart(player)
    return Player.objects.bulk_create(players)


def _tell_apart(player: Player) -> None:
    """A name the club has already (the demo's events each draw their own
    players): both get a birth year, as a secretary would write it, so the
    register and check-in tell them apart (``register_rules``). The year
    comes from the name, not ``rng``: the demo's deals stay as they were."""
    other = name_clash(player.name, player.club, "")
    if other is None:
        return
    years = random.Random(f"{player.name}/{player.club_id}")
    if not other.distinction:
        other.distinction = str(years.randint(1945, 1975))
        other.save(update_fields=["distinction"])
    while True:
        mark = str(years.randint(1976, 2006))
        if name_clash(player.name, player.club, mark) is None:
            player.distinction = mark
            return


def realistic_record(
    players: list[str],
    rng: random.Random,
    schedule=None,
    sitting_out=None,
    sanction_rate: float = 0.05,
    blind: str | None = None,
) -> dict:
    """A plausible deal: the nl club mix, or any valid deal for other schedules.
    ``blind``: the blind man's hand at a table of three (one of ``players``),
    which never declares but may be the partner."""
    if schedule is not None and schedule.preset != "nl":
        record = random_record(
            schedule, rng, players, sitting_out, sanction_rate, blind=blind
        )
        return {k: v for k, v in record.items() if k in ("plays", "sanctions")}
    weights = [w for w, _, _ in NL_MIX]
    _, code, (lo, hi) = rng.choices(NL_MIX, weights)[0]
    declarer = rng.choice([p for p in players if p != blind])
    play = {"contract": code, "declarer": declarer, "tricks": rng.randint(lo, hi)}
    if code in ("rik", "rik-beter", "troela"):
        play["partner"] = rng.choice([p for p in players if p != declarer])
    if code.endswith("beter"):
        play["trump"] = "hearts"
    return {"plays": [play]}


def fill_table(
    table,
    deals: int,
    rng: random.Random,
    special=None,
    contexts: ContextBuilder | None = None,
    sanction_rate: float = 0.05,
) -> tuple[list[Deal], list[JuryCall]]:
    """Deals for one table through the deal pipeline, stored in bulk by the
    caller. ``contexts`` has been fed the event's earlier deals (keyed by
    entry id) and is fed these; the jury is called only where needed."""
    view = table_view(table)
    schedule = table.round.tournament.schedule
    contexts = ContextBuilder(schedule) if contexts is None else contexts
    entry_of = {label: view.entry_of(label) for label in view.labels}
    seats = {label: entry.id for label, entry in entry_of.items()}
    rows, calls = [], []
    for number in range(1, deals + 1):
        players, out = deal_players(view.labels, number)
        blind = blind_in(players)
        real = [p for p in players if p != blind]  # the blind man has no count
        made = contexts.context(seats, real).solo_made
        fixed = (special or {}).get(number)
        for _attempt in range(1 if fixed else 50):  # a draw the rules refuse: again
            record = fixed or realistic_record(
                players, rng, schedule, out, sanction_rate, blind
            )
            record = _named(record, players, out)
            _call_jury_only_when_needed(record, schedule, made)
            approved = _approvals(record)
            context = contexts.context(
                seats, real, [(seats[d], c, APPROVED) for d, c in approved]
            )
            outcome = run_deal(schedule, view.labels, number, record, context)
            if outcome.ok:
                break
        if not outcome.ok:
            raise ValueError(outcome.violations)
        contexts.played(outcome.record, outcome.facts, seats)
        rows.append(deal_row(table, number, outcome))
        calls += [
            JuryCall(
                table=table,
                deal_number=number,
                entry=entry_of[declarer],
                contract=contract,
                decision=JuryCall.Decision.APPROVED,
            )
            for declarer, contract in approved
        ]
    return rows, calls


def _approvals(record: dict) -> list[tuple[str, str]]:
    """(declarer, contract) of each play marked approved by the jury, once."""
    marked = (
        (p["declarer"], p["contract"])
        for p in record.get("plays", [])
        if p.get("jury") == APPROVED
    )
    return list(dict.fromkeys(marked))


def _call_jury_only_when_needed(record: dict, schedule, made: dict) -> None:
    """Drop an approval the play does not need (the limit is not reached),
    and call the jury (who approves) where the limit is reached."""
    for play in record.get("plays", []):
        contract = schedule.contract(play.get("contract", ""))
        if contract is None or contract.jury:
            continue
        reached = made.get(play.get("declarer"), 0) >= schedule.solo_limit
        if play.get("jury") == "approved" and not reached:
            del play["jury"]
        elif contract.solo_limit and reached and schedule.solo_limit:
            play["jury"] = "approved"


def _named(template, players: list[str], out: str | None = None):
    """Special deals name players "@0"–"@3" (the deal's players by index) and
    "@out" (the dealer sitting out at a table of five)."""
    if template == "@out":
        return out
    if isinstance(template, str) and template[:1] == "@" and template[1:].isdigit():
        return players[int(template[1:])]
    if isinstance(template, list):
        return [_named(x, players, out) for x in template]
    if isinstance(template, dict):
        return {
            _named(k, players, out): _named(v, players, out)
            for k, v in template.items()
        }
    return template


def _with_threes(entries: list, rng: random.Random) -> list[list]:
    """A random mix in the table plan with tables of three (the event's
    setting): 7 players are a table of 4 and one of 3."""
    order = entries[:]
    rng.shuffle(order)
    tables, i = [], 0
    for size in plan_tables(len(order), threes=True).sizes:
        tables.append(order[i : i + size])
        i += size
    return tables


@transaction.atomic
def generate_event(
    slug: str,
    n_players: int,
    rounds: int,
    deals: int,
    rules: str = "nl",
    seed: int = 1,
    special=None,
    published: bool = True,
    sanction_rate: float = 0.05,
    byes: bool = False,
    players: list[Player] | None = None,
    seater=None,
    **settings,
) -> Tournament:
    """An event with seated rounds and every deal scored. With ``byes`` the
    players left over from tables of 4 sit out, those with fewest byes first;
    with ``tables_of_three`` (an event setting) a count that tables of 4 and
    5 do not seat gets tables of three with the blind man.
    ``players`` from the register (a club's evening), else new ones.
    ``seater(round, entries, rng)`` seats a round (tables of entries; a
    club season passes the round page's seating), else a random mix."""
    rng = random.Random(seed)
    tournament = create_tournament(
        slug=slug,
        name=f"Demo {slug}",
        date=datetime.date(2026, 11, 21),
        venue="Geertruidenberg",
        rules=rules,
        rounds=rounds,
        deals_per_round=deals,
        **settings,
    )
    freeze_rules(tournament)
    players = players if players is not None else make_players(n_players, rng)
    Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, status=Entry.Status.PRESENT)
        for p in players
    )
    entries = list(tournament.entries.select_related("player"))
    contexts = ContextBuilder(tournament.schedule)
    out_before: Counter = Counter()
    for round_ in in_play_order(tournament.round_set.all(), lambda r: r.number):
        out = []
        if byes:
            order = sorted(entries, key=lambda e: (out_before[e.id], rng.random()))
            out = order[: len(entries) % 4]
            out_before.update(e.id for e in out)
        playing = [e for e in entries if e not in out]
        if seater:
            mix = seater(round_, playing, rng)
        elif tournament.tables_of_three and not byes:
            mix = _with_threes(playing, rng)
        else:
            mix = rotation_seating(playing, rng)
        tables = seat_round(round_, mix, byes=out)
        for table in in_play_order(tables, lambda t: t.number):
            extra = (special or {}).get((round_.number, table.number))
            rows, calls = fill_table(table, deals, rng, extra, contexts, sanction_rate)
            create_deal_rows(rows)
            JuryCall.objects.bulk_create(calls)
            recompute_table(table)
        round_.status = round_.Status.CLOSED
        round_.published = published
        round_.save()
        round_.tables.update(closed=True)
    return tournament
