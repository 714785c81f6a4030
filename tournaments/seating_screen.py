"""The round page's one door to the seating engine.

``generate_tables(round)`` loads who is present and the earlier rounds'
tables, asks the optimal engine in ``tournaments.seating`` for the next round
and maps its player ids back to entries. When that engine is missing or fails
unexpectedly, the simple mixing generator (``rotation_seating``) is used and
the diagnostics say so. Counts no mix of 4- and 5-tables fits are refused
with the engine's message (and the byes alternative), unless the event seats
tables of three with the blind man (``Tournament.tables_of_three``) or the
TD asks for them for this round (``threes``: instead of tables of five too).
"""

import logging
import random
from collections import Counter
from itertools import combinations

from django.utils.translation import gettext as _

from tournaments.dealing import has_blind_man, table_sizes
from tournaments.history import in_series, outside_history
from tournaments.models import Round, Seat
from tournaments.people import event_names, in_name_order
from tournaments.seating.tables import SeatingError, plan_tables
from tournaments.seating_outcome import SeatingOutcome
from tournaments.services import active_entries

log = logging.getLogger(__name__)
#: Tables of three: None or False (none), "event" (the event's setting: only
#: for counts tables of 4 and 5 do not seat), "asked" (the TD asks: instead of
#: tables of five too).
Threes = str | bool | None
EVENT, ASKED = "event", "asked"


def plan_kwargs(byes: bool, threes: Threes) -> dict:
    """``plan_tables``' and the engine's keywords for ``byes`` and ``threes``."""
    return {
        "byes_allowed": byes,
        "threes": bool(threes),
        "threes_for_fives": threes == ASKED,
    }


def threes_for(tournament, asked: bool = False) -> Threes:
    """The round's tables of three: asked by the TD, or the event's setting."""
    if asked:
        return ASKED
    return EVENT if getattr(tournament, "tables_of_three", False) else None


TIME_LIMIT = 1.0  # seconds; the search stops sooner at its bound
SIMPLE_TRIES = 200


def rotation_seating(
    entries: list, rng: random.Random, byes: bool = False, threes: Threes = None
):
    """A random mix in the table plan of ``tournaments.seating`` (not the
    optimiser): the seating screen's fallback, and generated events.
    With ``byes`` the players left over from tables of 4 sit out; ``threes``
    as ``plan_kwargs`` takes it."""
    order = entries[:]
    rng.shuffle(order)
    tables, i = [], 0
    for size in plan_tables(len(order), **plan_kwargs(byes, threes)).sizes:
        tables.append(order[i : i + size])
        i += size
    return tables


def history_of(round_: Round) -> list[list[list[int]]]:
    """Earlier rounds' tables as lists of entry ids in seat order."""
    seats = (
        Seat.objects.filter(
            table__round__tournament_id=round_.tournament_id,
            table__round__number__lt=round_.number,
        )
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round__number", "table__number", "entry_id")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for r, t, e in seats:
        rounds.setdefault(r, {}).setdefault(t, []).append(e)
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


def full_history(round_: Round) -> list[list[list[int]]]:
    """What the seating weighs: earlier evenings of a club's season
    (``tournaments.history``), then this event's earlier rounds."""
    return outside_history(round_.tournament) + history_of(round_)


def new_repeats(history, tables) -> int:
    """Pairs in ``tables`` that met before, counted once per earlier meeting."""
    met: Counter = Counter()
    for tables_before in history:
        for table in tables_before:
            met.update(frozenset(p) for p in combinations(table, 2))
    return sum(met[frozenset(p)] for t in tables for p in combinations(t, 2))


def plan_error(n: int, byes: bool, threes: Threes = None) -> tuple[str, str] | None:
    """(code, message) when ``n`` players cannot be seated, else None."""
    try:
        plan_tables(n, **plan_kwargs(byes, threes))
    except SeatingError as exc:
        return exc.code, exc.message
    return None


def _call_engine(
    ids,
    history,
    byes,
    seed,
    planned,
    order=None,
    soft=None,
    threes: Threes = None,
    time_limit: float | None = None,
):
    """Next round from the optimal engine: (tables of ids, extra diagnostics).
    With ``order`` (entry ids, leader first) the tables group players close
    in the standings (``next_round_swiss``), still avoiding repeat meetings."""
    from tournaments.seating import next_round_swiss, schedule, warm, warmed

    soft = soft or {}  # clubs and keep_apart (tournaments.keep_apart)
    if not warmed():  # a process that missed the start (rikscore.wsgi):
        warm()  # load the compiled search before the clock starts
    kw = plan_kwargs(byes, threes)
    seconds = TIME_LIMIT if time_limit is None else time_limit
    three = {"threes": kw["threes"], "threes_for_fives": kw["threes_for_fives"]}
    if order is not None:
        result = next_round_swiss(
            order,
            history,
            seed=seed,
            time_limit=seconds,
            byes=byes,
            **three,
            **soft,
        )
    else:
        result = schedule(
            ids,
            1,
            seed=seed,
            time_limit=seconds,
            byes=byes,
            history=history,
            planned_rounds=planned,
            **three,
            **soft,
        )
    extra = {
        "total_repeats": int(result.repeats),
        "lower_bound": int(result.lower_bound),
        "method": str(result.method),
        "seats_balanced": bool(result.seats_balanced),
        "seconds": round(float(result.seconds), 2),
        "club_meetings": int(result.club_meetings),
        "apart_meetings": int(result.apart_meetings),
    }
    return [[int(p) for p in t] for t in result.rounds[0]], extra


def _simple(ids, history, byes, seed, threes: Threes = None) -> list[list[int]]:
    """Best of a few random mixes; with byes only tables of 4."""
    rng = random.Random(seed)
    best, best_cost = None, None
    for _try in range(SIMPLE_TRIES):
        tables = rotation_seating(ids, rng, byes, threes)
        cost = new_repeats(history, tables)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    return best or []


def by_standing_order(standings: list[int], ids: list[int]) -> list[int]:
    """``ids`` leader first by ``standings`` (entry ids, leader first);
    players without results yet (latecomers) last, in a fixed order."""
    present = set(ids)
    ranked = [i for i in standings if i in present]
    seen = set(ranked)
    return ranked + [i for i in ids if i not in seen]


def generate_tables(
    round_: Round,
    byes: bool = False,
    standings: list[int] | None = None,
    threes: bool = False,
    time_limit: float | None = None,
):
    """(tables of entries in seat order, entries sitting out, diagnostics dict)
    for ``round_``.

    The search has ``TIME_LIMIT`` seconds, or ``time_limit`` (the demo's
    seasons, made where no TD waits for the best seating, take less).

    Tables of three with the blind man: for the counts 4s and 5s do not seat
    when the event has ``tables_of_three`` on; for any count (instead of
    tables of five) when the TD asks (``threes``). Byes only when asked
    (``byes``), and then no tables of three.

    Diagnostics: ``engine`` ("optimal"/"simple"), ``repeats``, ``byes``
    (names sitting out), ``message``, ``by_standing``, and ``error``/``code``
    when refused. ``standings`` (entry ids, leader first, from round 2: the
    caller reads them, ``scoring.services.ranking.standings_order``) seats
    players close in the standings together, still avoiding repeat meetings.
    """
    entries = {e.id: e for e in active_entries(round_.tournament)}
    ids = sorted(entries)
    diag = {
        "engine": "optimal",
        "repeats": 0,
        "byes": [],
        "message": "",
        "error": "",
        "code": "",
        "players": len(ids),
        "by_standing": bool(standings is not None and round_.number > 1),
    }
    three = threes_for(round_.tournament, threes)
    diag["asked_threes"] = three == ASKED
    refused = plan_error(len(ids), byes, three)
    if refused:
        diag["code"], diag["error"] = refused
        return [], [], diag
    # Earlier evenings of a club's season first (tournaments.history), then
    # this event's own earlier rounds.
    outside = outside_history(round_.tournament)
    history = outside + history_of(round_)
    diag["season"] = in_series(round_.tournament)  # totals over the season
    # One seed per event: each round then follows the same design while the
    # field is unchanged (see tournaments.seating.schedule, planned_rounds).
    seed = round_.tournament_id or 0
    planned = round_.tournament.rounds
    order = by_standing_order(standings or [], ids) if diag["by_standing"] else None
    soft = keep_apart_rules(round_.tournament, entries.values())
    try:
        found = _call_engine(
            ids, history, byes, seed, planned, order, soft, three, time_limit
        )
    except SeatingError as exc:
        diag["code"], diag["error"] = exc.code, exc.message
        return [], [], diag
    except Exception:  # never let the engine take the page down
        log.exception("seating engine failed; using the simple generator")
        found = None
    if found is not None and not _valid(found[0], ids, byes, bool(three)):
        log.error("seating engine returned an invalid seating")
        found = None
    if found is None:
        tables = _simple(ids, history, byes, seed, three)
        diag["engine"] = "simple"
        diag["message"] = _(
            "The optimal seating engine is not available; a simple mixing "
            "generator was used."
        )
    else:
        tables = found[0]
        diag.update(found[1])
    seated = {i for t in tables for i in t}
    names = event_names(round_.tournament)  # as the round page shows them
    out = [
        entries[i] for i in in_name_order({i: names[i] for i in ids if i not in seated})
    ]
    diag["byes"] = [names[e.pk] for e in out]
    diag["repeats"] = new_repeats(history, tables)
    # tables of five go first to those who have not sat at one: with history
    # that can cost repeat meetings the counting bound does not see
    diag["fives"] = bool(history) and any(len(t) == 5 for t in tables)
    # tables of three (the blind man's hand the fourth) go round the same way
    diag["threes"] = sum(has_blind_man(len(t)) for t in tables)
    diag["three_turns"] = bool(history) and diag["threes"] > 0
    describe(diag, soft, tables)
    return [[entries[i] for i in t] for t in tables], out, diag


def keep_apart_rules(tournament, entries) -> dict:
    """The engine's soft rules for the present ``entries``: their clubs and
    the pairs the TD keeps apart (``tournaments.keep_apart``)."""
    from tournaments.keep_apart import clubs_of, pairs_of

    return {
        "clubs": clubs_of(entries),
        "keep_apart": pairs_of(tournament),
        # the seat order at a table of five evens the deals sat out
        "deals_per_round": int(tournament.deals_per_round or 0),
    }


def describe(diag: dict, soft: dict, tables) -> SeatingOutcome:
    """Counts and sentences of a seating into ``diag`` (``outcome``, a dict
    of ``SeatingOutcome``, and ``messages``, its sentences); the simple
    generator's seating is counted here too."""
    clubs, pairs = soft.get("clubs", {}), soft.get("keep_apart", [])
    wanted = {frozenset(p) for p in pairs}
    club_meetings = apart_meetings = 0
    for t in tables:
        for a, b in combinations(t, 2):
            club_meetings += bool(clubs.get(a)) and clubs.get(a) == clubs.get(b)
            apart_meetings += frozenset((a, b)) in wanted
    present = list(clubs.values())
    outcome = SeatingOutcome(
        round_repeats=int(diag.get("repeats", 0)),
        total_repeats=int(diag.get("total_repeats", diag.get("repeats", 0))),
        bound=int(diag.get("lower_bound", 0)),
        club_meetings=club_meetings,
        apart_meetings=apart_meetings,
        has_clubs=len(present) != len(set(present)),
        has_pairs=bool(wanted),
        seats_balanced=bool(diag.get("seats_balanced", True)),
        engine=diag.get("engine", "optimal"),
        byes=list(diag.get("byes", [])),
        season=bool(diag.get("season")),
    )
    diag["club_meetings"], diag["apart_meetings"] = club_meetings, apart_meetings
    diag["outcome"] = outcome.as_dict()
    diag["messages"] = outcome.messages()
    return outcome


def _valid(tables, ids, byes, threes: bool = False) -> bool:
    flat = [i for t in tables for i in t]
    if len(flat) != len(set(flat)) or not set(flat) <= set(ids):
        return False
    if any(len(t) not in table_sizes(threes) for t in tables):
        return False
    return byes or len(flat) == len(ids)


def seating_lists(round_: Round):
    """(by table, by name, byes) for the screen and the printout. ``by_name``
    holds seats and byes (a bye's ``table`` is None)."""
    seats = list(
        Seat.objects.filter(table__round=round_)
        .select_related("table", "entry__player__club")
        .order_by("table__number", "position")
    )
    by_table: dict[int, list[Seat]] = {}
    for s in seats:
        by_table.setdefault(s.table.number, []).append(s)
    byes = list(round_.byes.select_related("entry__player__club"))
    by_name = sorted(
        [*seats, *byes], key=lambda s: (s.entry.player.name.lower(), s.entry_id)
    )
    return by_table, by_name, byes


def warm_at_start() -> None:
    """Load (or, once after an install, compile) the seating search in a
    server process at start (``rikscore.wsgi``); a failure is logged and the
    first seating loads it instead. ``RIKSCORE_SEATING_WARM=0`` skips it."""
    import os
    import time

    if os.environ.get("RIKSCORE_SEATING_WARM", "1").strip() in ("0", "false", "no"):
        return
    began = time.perf_counter()
    try:
        from tournaments.seating import warm

        warm()
    except Exception:  # the server starts anyway; _call_engine warms later
        log.exception("seating search could not be loaded at start")
        return
    log.info("seating search loaded in %.2f s", time.perf_counter() - began)
