"""Backup and restore of a whole event as JSON.

The file names nothing by database id: players by a ``ref`` (their name, made
distinct), seats by position, tables and rounds by number, users by
username. Every deal is a deal record (deal-record.md) with its stored scores
by name and by seat. ``import_event`` checks the structure, runs every deal in
playing order through the same deal pipeline as the entry form (solo limit
counted, jury calls checked) against the frozen rules snapshot, and compares
the scores; any problem refuses the whole file with its JSON path, and the
writes happen in one transaction. Export → import → export gives the same JSON
but for the import's own audit line (``tournament.import``).

Version 2 adds the bye policy, byes and substitutes; version 1 files import
as version 2 with no byes. Version 3 adds who enters the deals
(``entry_mode``); older files import with the TD entering them. Version 4
adds the event's identity (``uid``), which every copy keeps, so the ratings
count an event once; an older file's is derived from its date, name and
players (``tournaments.identity``), as the events stored before it were.
Version 5 adds who decided each jury call (``decided_by``); older files'
calls import with it empty. It also adds the pairs of players the TD keeps
apart at the seating (``keep_apart``, by ref); older files have none.
A version-1 deal marked ``"jury": "approved"`` without a jury call in the
file (demo data of that time) is taken as the record of that approval: the
import stores the jury call.
Version 8 adds the event's ``tables_of_three`` (tables of three with the
blind man, 000 "Rikken for three players"); older files import with it off.
A table of three has seats 1-3; its deals name the blind man's hand
``"Blinde"`` (chair 4, ``tournaments.dealing``) among the players and as
``blind``, with a score of 0 by name and at seat 4. A file of any version
may hold a table of three: its deals go through the same pipeline.

Two players of one name in a file are told apart as an event's entries
are (``names.apart``: club, distinction, or both a federation number), and
each is found in the register by federation number, else by name, club and
distinction (``register_rules.register_match``): two members "Jan de Vries"
the register tells apart (1956, 1971) restore as the two rows they are, and
on a fresh site become two rows with their distinctions. A file before
version 6 carries no distinction: its players are matched as before.
Version 9 adds each player's identifier (``Player.public_id``): an import
finds the member by it first, when the file's name and club agree with the
register's (``register_rules.identity_match``: the identifier is public, so
it never attaches results to another club's member or renames anyone);
a player the import adds keeps it when it is free here, so importing the
file again, or its season, finds the same person. Older files (no
identifier) are matched as before.

Who recorded a jury decision (``user``, in every version) is kept as a name
(``JuryCall.claimed_user``), never linked to an account here, and exported
again as it came. A player the import adds without the file's club keeps
that club as text on the entry (``Entry.club_name``), exported as the club.
``restore_event`` (the web's import) lands the event with no round
published, under a free code when the file's is taken (docs/decisions.md).
"""

import copy
import datetime
import json
import uuid

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.numbers import NotANumberError, load_json
from core.text import clean_name
from documents import JSON
from documents.event_backup_schema import (
    DISTINCTION_SINCE,
    BackupError,
    check_structure,
    fail,
    upgrade,
)
from rules.engine import snapshots
from rules.engine.jury import APPROVED
from rules.naming import NoFreeCodeError, candidates, first_free
from scoring.context import ContextBuilder, in_play_order
from scoring.models import Deal, JuryCall
from scoring.pipeline import chairs, deal_players, run_deal
from scoring.records import by_name
from scoring.services.deal_rows import create_deal_rows, deal_row
from scoring.services.totals import fill_totals
from tournaments.audit import audit
from tournaments.codes import code_problem
from tournaments.dealing import blind_in, unique_labels
from tournaments.models import (
    AuditLog,
    Bye,
    Entry,
    KeepApart,
    Player,
    Round,
    Seat,
    TableRound,
    Tournament,
    TournamentRole,
)
from tournaments.names import apart, name_key
from tournaments.register_rules import (
    ClubsOfAFile,
    identity_match,
    player_from_file,
    register_match,
)
from tournaments.result_events import EventImported, announce

FORMAT, VERSION = "rikscore.event", 10
SETTINGS = ("slug", "name", "venue", "rules", "rules_snapshot", "rounds",
            "deals_per_round", "language", "method", "tiebreaks",
            "placement_points", "normalise_five", "hide_last_rounds",
            "bye_policy", "bye_points", "entry_mode", "score_entry",
            "tables_of_three")  # fmt: skip
IMPORT_ACTION = "tournament.import"
#: The blind man's key in the solo-limit count: no player's ref (a text)
#: equals it, and the blind man never declares.
BLIND_REF = ("blind man",)

__all__ = [
    "BackupError",
    "dump_event",
    "export_event",
    "import_event",
    "replace_event",
    "restore_event",
]


# -- export -----------------------------------------------------------------
def export_event(tournament: Tournament) -> dict:
    """The event as one JSON-ready dict (deterministic order)."""
    info = {key: getattr(tournament, key) for key in SETTINGS}
    for key in ("language", "method", "bye_policy", "entry_mode", "score_entry"):
        info[key] = str(info[key])
    info["date"] = tournament.date.isoformat()
    info["uid"] = str(tournament.uid)
    info["start_time"] = (
        tournament.start_time.isoformat("minutes") if tournament.start_time else None
    )
    info["round_minutes"] = tournament.round_minutes
    entries = list(
        tournament.entries.select_related("player__club").order_by(
            "player__name", "player__federation_number", "id"
        )
    )
    refs = player_refs([e.player.name for e in entries])
    ref_of = {e.id: ref for e, ref in zip(entries, refs, strict=True)}
    players = [
        {
            "ref": ref_of[e.id],
            "name": e.player.name,
            "club": e.player.club.name if e.player.club else (e.club_name or None),
            "federation_number": e.player.federation_number,
            "distinction": e.player.distinction,
            "public_name": str(e.player.public_name),
            "public_id": e.player.public_id,
            "guest": e.guest,
            "status": str(e.status),
            "withdrawn_after": e.withdrawn_after,
        }
        for e in entries
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": info,
        "players": players,
        "rounds": _export_rounds(
            tournament, ref_of, {e.id: e.player.name for e in entries}
        ),
        "keep_apart": sorted(
            sorted([ref_of[k.first_id], ref_of[k.second_id]])
            for k in tournament.keep_apart.all()
        ),
        "audit": [
            {
                "at": a.at.isoformat(),
                "user": a.user.username if a.user else (a.claimed_user or None),
                "action": a.action,
                "detail": a.detail,
            }
            for a in tournament.audit.select_related("user").order_by("at", "id")
        ],
    }


def player_refs(names: list[str]) -> list[str]:
    """Stable references: the name, with " [2]"… for a repeated name."""
    seen: dict[str, int] = {}
    refs = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        refs.append(name if seen[name] == 1 else f"{name} [{seen[name]}]")
    return refs


def _export_rounds(tournament, ref_of, name_of) -> list[dict]:
    seats, entries_at, deals, calls = {}, {}, {}, {}
    typed = set(  # tables of typed totals: their seats are not sums of deals
        TableRound.objects.filter(
            round__tournament=tournament, totals_only=True
        ).values_list("id", flat=True)
    )
    for s in Seat.objects.filter(table__round__tournament=tournament).order_by(
        "table_id", "position"
    ):
        seats.setdefault(s.table_id, []).append(
            {
                "position": s.position,
                "player": ref_of[s.entry_id],
                "points": s.points if s.table_id in typed else None,
                "deals_played": s.deals_played if s.table_id in typed else None,
            }
        )
        entries_at.setdefault(s.table_id, []).append(s.entry_id)
    for d in Deal.objects.filter(table__round__tournament=tournament).order_by(
        "table_id", "number"
    ):
        deals.setdefault(d.table_id, []).append(d)
    for c in (
        JuryCall.objects.filter(table__round__tournament=tournament)
        .select_related("user")
        .order_by("table_id", "at", "id")
    ):
        calls.setdefault(c.table_id, []).append(
            {
                "deal": c.deal_number,
                "player": ref_of[c.entry_id],
                "contract": c.contract,
                "decision": str(c.decision),
                "at": c.at.isoformat(),
                "user": c.user.username if c.user else (c.claimed_user or None),
                "decided_by": c.decided_by,
            }
        )
    byes: dict[int, list] = {}
    for round_id, entry_id in Bye.objects.filter(
        round__tournament=tournament
    ).values_list("round_id", "entry_id"):
        byes.setdefault(round_id, []).append(ref_of[entry_id])
    tables: dict[int, list] = {}
    for t in TableRound.objects.filter(round__tournament=tournament).order_by(
        "round_id", "number"
    ):
        labels = unique_labels([name_of[e] for e in entries_at.get(t.id, [])])
        tables.setdefault(t.round_id, []).append(
            {
                "number": t.number,
                "closed": t.closed,
                "sheet_totals": t.sheet_totals,
                "totals_only": t.totals_only,
                "from_totals": t.from_totals,
                "reopened_after_publication": t.reopened_after_publication,
                "seats": seats.get(t.id, []),
                "deals": [_export_deal(d, labels) for d in deals.get(t.id, [])],
                "jury_calls": calls.get(t.id, []),
            }
        )
    return [
        {
            "number": r.number,
            "status": str(r.status),
            "published": r.published,
            "tables": tables.get(r.id, []),
            "corrected_at": r.corrected_at.isoformat() if r.corrected_at else None,
            "correction_reason": r.correction_reason,
            "byes": sorted(byes.get(r.id, [])),
        }
        for r in tournament.round_set.order_by("number")
    ]


def _export_deal(deal: Deal, labels: list[str]) -> dict:
    """The deal as the interchange format has it: players by name (at a
    table of three the blind man's hand as ``BLIND_LABEL``, scored 0)."""
    scores = deal.seat_scores
    record = by_name(deal.record, labels)
    seats = [*deal.record.get("players", []), deal.record.get("sitting_out")]
    at = chairs(labels)
    by_label = {at[p - 1]: scores[p - 1] for p in seats if p}
    return {
        "number": deal.number,
        "version": deal.version,
        "record": record,
        "scores": by_label,
        "seat_scores": scores,
    }


def dump_event(tournament: Tournament) -> tuple[str, str, bytes]:
    data = json.dumps(export_event(tournament), ensure_ascii=False, indent=1)
    return f"{tournament.slug}.json", JSON, data.encode()


# -- import -----------------------------------------------------------------
def load(raw: bytes | str) -> dict:
    """Parse the file; a JSON syntax error is refused with line and column."""
    try:
        return load_json(raw)
    except NotANumberError as exc:
        raise BackupError(
            "",
            _("The file holds %(x)s, which is no number a backup may hold.")
            % {"x": exc.literal},
        ) from None
    except UnicodeDecodeError:
        raise BackupError("", _("The file is not UTF-8 text.")) from None
    except RecursionError:
        raise BackupError(
            "", _("The file is nested too deeply to be a backup.")
        ) from None
    except json.JSONDecodeError as exc:
        msg = _("Not JSON (line %(l)s, column %(c)s): %(m)s")
        raise BackupError(
            "", msg % {"l": exc.lineno, "c": exc.colno, "m": exc.msg}
        ) from None


def import_event(
    data,
    slug: str | None = None,
    user=None,
    *,
    unpublished: bool = False,
    new_code: bool = False,
    make_clubs: bool = False,
    into: Tournament | None = None,
) -> Tournament:
    """Check everything, then store the event in one transaction.

    ``into``: an event of this site whose contents the file replaces
    (``replace_event``); it keeps its code, its row and what hangs on it.

    ``unpublished``: every round lands unpublished (the file's published
    rounds are listed on the import's audit line); ``new_code``: without a
    ``slug``, the file's code if free, else the first free one after it
    (``code-2`` …, ``rules.naming``). ``restore_event`` asks for both.
    ``make_clubs``: the file's clubs missing here are made, when the
    importer may create clubs (``register_rules.ClubsOfAFile``)."""
    if isinstance(data, bytes | str):
        data = load(data)
    check_structure(data)
    legacy = data["version"] == 1
    distinction_known = data["version"] >= DISTINCTION_SINCE
    data = upgrade(copy.deepcopy(data))
    info = dict(data["tournament"])
    if new_code and not slug:
        slug = _free_code(info["slug"])
    if unpublished:
        data["published_in_file"] = [
            r["number"] for r in data["rounds"] if r["published"]
        ]
        for r in data["rounds"]:
            r["published"] = False
    if into is not None:
        info["slug"] = into.slug
    elif slug:
        info["slug"] = slug
        problem = code_problem(slug)
        if problem:
            fail("slug", problem)
    if into is None and Tournament.objects.filter(slug=info["slug"]).exists():
        fail(
            "tournament.slug",
            _(
                "A tournament with code “%(s)s” exists already: import it under "
                "another code."
            )
            % {"s": info["slug"]},
        )
    event = Tournament(
        **{k: info[k] for k in SETTINGS},
        uid=uuid.UUID(info["uid"]),
        date=datetime.date.fromisoformat(info["date"]),
        start_time=(
            datetime.time.fromisoformat(info["start_time"])
            if info["start_time"]
            else None
        ),
        round_minutes=info["round_minutes"],
    )
    schedule = _schedule(event)
    refs = _check_players(data["players"])
    if not legacy:  # version 1 could hold them; its archives keep importing
        _check_names(data["players"])
    corrected = _check_rounds(data["rounds"], event, schedule, refs, legacy)
    for i, (a, b) in enumerate(data["keep_apart"]):
        if a not in refs or b not in refs:
            fail(f"keep_apart[{i}]", _("unknown player"))
    with transaction.atomic():
        if into is not None:
            event = _emptied(into, event)
        imported = _write(data, event, user, corrected, distinction_known, make_clubs)
        announce(EventImported(imported.pk))
        return imported


def restore_event(
    data, user=None, slug: str | None = None, make_clubs: bool = False
) -> Tournament:
    """A backup restored through the web (the event import page): a copy the
    TD checks before the public sees it. It lands with no round published,
    under ``slug`` or the file's code, or, when an event has that code
    already (its original, most often), the first free one after it
    (``code-2`` …); publishing a round shows it again. Everything else is as
    ``import_event`` stores it: the identity (``Tournament.uid``), the audit
    log and who recorded each jury decision (a name, ``claimed_user``)."""
    return import_event(
        data, slug, user, unpublished=True, new_code=True, make_clubs=make_clubs
    )


def replace_event(
    event: Tournament, data, user=None, make_clubs: bool = False
) -> Tournament:
    """The file's contents in place of ``event``'s (an upload from the hall,
    ``publishing``): checked as ``import_event`` checks a file, then, in one
    transaction, the event's rounds, entries, pairs kept apart and audit
    lines make way for the file's. The row stays (its code, its season
    evening, its online copy, the mail subscriptions to its players);
    nothing is stored when the file is refused."""
    return import_event(data, user=user, make_clubs=make_clubs, into=event)


#: The event's own rows that are not the file's to replace.
KEPT = ("pk", "id", "slug", "created", "version")


def _emptied(existing: Tournament, checked: Tournament) -> Tournament:
    """``existing`` without its contents, holding ``checked``'s settings."""
    existing = Tournament.objects.select_for_update().get(pk=existing.pk)
    Round.objects.filter(tournament=existing).delete()  # tables, seats, deals
    KeepApart.objects.filter(tournament=existing).delete()
    Entry.objects.filter(tournament=existing).delete()
    AuditLog.objects.filter(tournament=existing).delete()
    for field in Tournament._meta.concrete_fields:
        if field.attname not in KEPT:
            setattr(existing, field.attname, getattr(checked, field.attname))
    return existing


def _free_code(wanted: str) -> str:
    """The file's code, or the first free one after it (bounded search)."""
    field = Tournament._meta.get_field("slug")
    options = candidates(wanted, field.max_length)
    taken = set(
        Tournament.objects.filter(slug__in=options).values_list("slug", flat=True)
    )
    try:
        return first_free(options, taken, wanted)
    except NoFreeCodeError:
        fail(
            "tournament.slug",
            _("Every code like “%(s)s” is taken here: import it under another code.")
            % {"s": wanted},
        )


def _schedule(event: Tournament):
    if event.rules_snapshot:
        problems = snapshots.check(event.rules_snapshot)
        if problems:
            first = problems[0]
            fail(f"tournament.rules_snapshot.{first.field}", first.message)
    schedule = event.schedule
    if schedule is None:
        fail(
            "tournament.rules",
            _("These rules are unknown here and the file has no frozen snapshot."),
        )
    return schedule


def _check_players(players: list[dict]) -> dict[str, dict]:
    refs, feds = {}, {}
    for i, p in enumerate(players):
        if p["ref"] in refs:
            fail(f"players[{i}].ref", _("used twice"))
        refs[p["ref"]] = p
        fed = p["federation_number"]
        if fed:
            if fed in feds:
                fail(f"players[{i}].federation_number", _("used twice"))
            feds[fed] = p
            owner = Player.objects.filter(federation_number=fed).first()
            if owner is not None and name_key(owner.name) != name_key(p["name"]):
                fail(
                    f"players[{i}].federation_number",
                    _("belongs to %(name)s in this register") % {"name": owner.name},
                )
    return refs


def _check_names(players: list[dict]) -> None:
    """Two players of one event with one name must be told apart, by the
    rule the event's entries follow (``names.apart``): their clubs, their
    distinctions (the register's "1956" and "1971") or both a federation
    number."""
    seen: dict[str, list[tuple[int, dict]]] = {}
    for i, p in enumerate(players):
        key = name_key(p["name"])
        for j, other in seen.get(key, []):
            if not apart(_marks(p), _marks(other)):
                fail(
                    f"players[{i}].name",
                    _(
                        "the same name as players[%(j)s] and nothing tells them "
                        "apart: give a club, a distinction or a federation number"
                    )
                    % {"j": j},
                )
        seen.setdefault(key, []).append((i, p))


def _marks(player: dict) -> tuple:
    """What tells a file's player from a namesake (``names.apart``)."""
    return player["club"], player["distinction"], player["federation_number"]


def _check_rounds(rounds, event, schedule, refs, legacy=False) -> list[str]:
    """Every round in play order: the solo limit counts what came before.

    Returns the paths of version-1 records mended (``_legacy_fixes``)."""
    corrected: list[str] = []
    numbers = set()
    contexts = ContextBuilder(schedule)
    for r, rnd in _in_play_order(rounds):
        here = f"rounds[{r}]"
        if rnd["number"] in numbers or rnd["number"] > event.rounds:
            fail(f"{here}.number", _("repeated or beyond the number of rounds"))
        numbers.add(rnd["number"])
        seated, tables = set(), set()
        for t, table in _in_play_order(rnd["tables"]):
            where = f"{here}.tables[{t}]"
            if table["number"] in tables:
                fail(f"{where}.number", _("used twice in this round"))
            tables.add(table["number"])
            labels = _check_seats(table["seats"], where, refs, seated)
            for j, call in enumerate(table["jury_calls"]):
                if call["player"] not in refs:
                    fail(f"{where}.jury_calls[{j}].player", _("unknown player"))
            if legacy:
                corrected += _legacy_fixes(table, where, schedule, labels)
            if table.get("totals_only"):  # version 6
                _check_typed_totals(table, where, event)
            _check_deals(table, where, event, schedule, labels, contexts)
        for b, ref in enumerate(rnd["byes"]):
            if ref not in refs or ref in seated:
                fail(f"{here}.byes[{b}]", _("unknown, seated or listed twice"))
            seated.add(ref)
    return corrected


def typed_totals(table: dict) -> tuple[dict[int, int], dict[int, int]]:
    """A file's table of typed totals: (points, deals played) by seat."""
    seats = table["seats"]
    points = {s["position"]: s["points"] for s in seats}
    played = {s["position"]: s["deals_played"] for s in seats}
    return points, {p: n for p, n in played.items() if n is not None}


def _check_typed_totals(table, where, event) -> None:
    """A table of typed totals holds no deals and passes the checks the TD's
    entry of totals makes (``table_totals.check_totals``)."""
    from scoring.services.table_totals import TotalsError, check_totals

    if table["deals"]:
        fail(f"{where}.deals", _("a table of typed totals holds no deals"))
    points, played = typed_totals(table)
    try:
        check_totals(sorted(points), event.deals_per_round, points, played)
    except TotalsError as exc:
        fail(f"{where}.seats", exc.messages[0])


def _in_play_order(items: list[dict]) -> list[tuple[int, dict]]:
    """(index in the file, item) of a file's rounds, a round's tables or a
    table's deals, in play order (``scoring.context``)."""
    return in_play_order(enumerate(items), lambda pair: pair[1]["number"])


def _legacy_fixes(table, where, schedule, labels) -> list[str]:
    """Version 1 allowed what 003 (as read since) does not; each such record
    is mended without changing a single score, and the import's audit line
    lists where, rather than the archive refused:

    - an iwwa troela with a trump other than hearts ("De Harten Aas blijft de
      hoogste troef"): the trump never changes the score, so it becomes hearts;
    - a forgotten turn-up card on someone other than the dealer, or "jury not
      called" beside the jury's approval: the same points as a director's
      ``penalty`` on the same player (a penalty of N pays N/3 to each other
      player, exactly what these sanctions paid).
    """
    fixed = []
    for k, deal in enumerate(table["deals"]):
        record, here = deal["record"], f"{where}.deals[{k}].record"
        if not isinstance(deal["number"], int) or not 1 <= deal["number"] <= 1000:
            continue
        players, out = deal_players([label for label, _r in labels], deal["number"])
        plays = record.get("plays")
        plays = (
            [p for p in plays if isinstance(p, dict)] if isinstance(plays, list) else []
        )
        for i, play in enumerate(plays):
            contract = (
                schedule.contract(play["contract"])
                if isinstance(play.get("contract"), str)
                else None
            )
            suit = contract.trump if contract is not None else None
            if suit is not None and play.get("trump") not in (None, suit.value):
                play["trump"] = suit.value
                fixed.append(f"{here}.plays[{i}].trump")
        approved = {p.get("declarer") for p in plays if p.get("jury") == APPROVED}
        sanctions = record.get("sanctions")
        for i, s in enumerate(sanctions if isinstance(sanctions, list) else []):
            if not isinstance(s, dict) or "penalty" not in schedule.sanctions:
                continue
            sanction = schedule.sanctions.get(s.get("code"))
            if sanction is None:
                continue  # validation names it
            player = s.get("player")
            misaimed = sanction.dealer_only and player != (out or players[-1])
            doubled = s.get("code") == "jury-not-called" and player in approved
            if misaimed or doubled:
                points = s.get("points") if sanction.variable else sanction.amount
                sanctions[i] = {"code": "penalty", "player": player, "points": points}
                fixed.append(f"{here}.sanctions[{i}].code")
    return fixed


def _check_seats(seats, where, refs, seated) -> list[tuple[str, str]]:
    """(label, ref) per seat in seat order."""
    positions = [s["position"] for s in seats]
    if sorted(positions) != list(range(1, len(seats) + 1)) or len(seats) not in (
        3,
        4,
        5,
    ):
        fail(f"{where}.seats", _("a table has seats 1–3, 1–4 or 1–5"))
    for i, s in enumerate(seats):
        if s["player"] not in refs:
            fail(f"{where}.seats[{i}].player", _("unknown player"))
        if s["player"] in seated:
            fail(f"{where}.seats[{i}].player", _("seated twice in this round"))
        seated.add(s["player"])
    ordered = [s["player"] for s in sorted(seats, key=lambda s: s["position"])]
    labels = unique_labels([refs[ref]["name"] for ref in ordered])
    return list(zip(labels, ordered, strict=True))


def _check_deals(table, where, event, schedule, seats, contexts) -> None:
    """Each deal through the pipeline, as the entry form runs it, with its
    context from ``contexts`` (``scoring.context``, fed in play order)."""
    labels = [label for label, _ref in seats]
    ref_of = dict(seats)
    numbers = set()
    for k, deal in _in_play_order(table["deals"]):
        here = f"{where}.deals[{k}]"
        number = deal["number"]
        if number in numbers or number > event.deals_per_round:
            fail(
                f"{here}.number",
                _("used twice at this table, or beyond the deals per round"),
            )
        numbers.add(number)
        record = deal["record"]
        if record.get("rules") != event.rules:
            fail(f"{here}.record.rules", _("not the event's rules"))
        players, out = deal_players(labels, number)
        if record.get("players") != players:
            fail(f"{here}.record.players", _("not the players of this deal"))
        if record.get("sitting_out", out) != out:
            fail(f"{here}.record.sitting_out", _("not the dealer who sits out"))
        blind = blind_in(players)
        if record.get("blind", blind) != blind:
            fail(f"{here}.record.blind", _("not the blind man's hand at this table"))
        calls = _jury_calls(table, number, ref_of, record)
        keys = {**ref_of, blind: BLIND_REF} if blind else ref_of
        context = contexts.context(keys, players, calls)
        outcome = run_deal(schedule, labels, number, record, context)
        if not outcome.ok:
            v = outcome.violations[0]
            fail(f"{here}.record.{v.field}".rstrip("."), v.message)
        scores = outcome.settlement.scores
        shown = {k: v for k, v in scores.items() if v or k in deal["scores"]}
        if deal["scores"] != shown:
            fail(f"{here}.scores", _("the stored scores do not match the rules"))
        if deal["seat_scores"] != list(outcome.seat_scores):
            fail(f"{here}.seat_scores", _("do not match the scores by name"))
        deal["outcome"] = outcome  # what ``_write`` stores
        contexts.played(outcome.record, outcome.facts, ref_of)


def _jury_calls(table, number, ref_of, record) -> list[tuple[str, str, str]]:
    """Deal ``number``'s jury calls, (player ref, contract, decision) oldest
    first; an approval a play claims without a call in the file becomes a
    call (see the module doc)."""
    in_file = sorted(
        (c for c in table["jury_calls"] if c["deal"] == number),
        key=lambda c: datetime.datetime.fromisoformat(c["at"]),
    )
    calls = [(c["player"], c["contract"], c["decision"]) for c in in_file]
    called = {(ref, contract) for ref, contract, _d in calls}
    plays = record.get("plays") if isinstance(record, dict) else None
    for play in plays if isinstance(plays, list) else []:
        if not isinstance(play, dict) or play.get("jury") != APPROVED:
            continue
        label, contract = play.get("declarer"), play.get("contract")
        if not (isinstance(label, str) and isinstance(contract, str)):
            continue  # the pipeline names what is wrong with this play
        ref = ref_of.get(label)
        if ref is not None and (ref, contract) not in called:
            called.add((ref, contract))
            calls.append((ref, contract, APPROVED))
            table["jury_calls"].append(
                {
                    "deal": number,
                    "player": ref,
                    "contract": contract,
                    "decision": APPROVED,
                    "at": timezone.now().isoformat(),
                    "user": None,
                    "decided_by": "",
                }
            )
    return calls


def _write(
    data,
    event: Tournament,
    user,
    corrected=(),
    distinction_known: bool = True,
    make_clubs: bool = False,
) -> Tournament:
    event.save()
    entries = _write_players(
        data["players"], event, user, distinction_known, make_clubs
    )
    rounds = Round.objects.bulk_create(
        Round(
            tournament=event,
            number=r["number"],
            status=r["status"],
            published=r["published"],
            corrected_at=(
                datetime.datetime.fromisoformat(r["corrected_at"])
                if r["corrected_at"]
                else None
            ),
            correction_reason=r["correction_reason"],
        )
        for r in data["rounds"]
    )
    missing = set(range(1, event.rounds + 1)) - {r.number for r in rounds}
    Round.objects.bulk_create(Round(tournament=event, number=n) for n in missing)
    tables, seats, deals, calls = [], [], [], []
    for rnd, r in zip(data["rounds"], rounds, strict=True):
        for t in rnd["tables"]:
            tables.append(
                (
                    t,
                    TableRound(
                        round=r,
                        number=t["number"],
                        closed=t["closed"],
                        sheet_totals=t["sheet_totals"],
                        from_totals=bool(t.get("from_totals")),
                        reopened_after_publication=t["reopened_after_publication"],
                    ),
                )
            )
    TableRound.objects.bulk_create([row for _t, row in tables])
    for t, row in tables:
        table_seats = [
            Seat(table=row, position=s["position"], entry=entries[s["player"]])
            for s in t["seats"]
        ]
        table_deals = [
            deal_row(row, d["number"], d["outcome"], version=d["version"])
            for d in t["deals"]
        ]
        if not t.get("totals_only"):
            fill_totals(table_seats, table_deals)  # their sums, stored at once
        seats += table_seats
        deals += table_deals
        calls += [
            (
                c,
                JuryCall(
                    table=row,
                    deal_number=c["deal"],
                    entry=entries[c["player"]],
                    contract=c["contract"],
                    decision=c["decision"],
                    claimed_user=c["user"] or "",
                    decided_by=c["decided_by"],
                ),
            )
            for c in t["jury_calls"]
        ]
    Seat.objects.bulk_create(seats)
    Bye.objects.bulk_create(
        Bye(round=r, entry=entries[ref])
        for rnd, r in zip(data["rounds"], rounds, strict=True)
        for ref in rnd["byes"]
    )
    create_deal_rows(deals)
    _with_times(JuryCall, calls)
    apart = {
        tuple(sorted((entries[a].pk, entries[b].pk))) for a, b in data["keep_apart"]
    }
    KeepApart.objects.bulk_create(
        KeepApart(tournament=event, first_id=first, second_id=second)
        for first, second in sorted(apart)
    )
    # a file only claims who wrote its lines: never link them to users here
    lines = [
        (
            a,
            AuditLog(
                tournament=event,
                action=a["action"],
                detail=a["detail"],
                imported=True,
                claimed_user=a["user"] or "",
            ),
        )
        for a in data["audit"]
    ]
    _with_times(AuditLog, lines)
    from scoring.services.table_totals import store_totals

    for t, row in tables:
        if t.get("totals_only"):  # the one writer of typed totals, checked above
            store_totals(row, *typed_totals(t))
    if user is not None and user.is_authenticated:
        TournamentRole.objects.get_or_create(
            tournament=event, user=user, role=TournamentRole.Role.TD
        )
    audit(
        event,
        user,
        IMPORT_ACTION,
        slug=event.slug,
        **{"from": data["tournament"]["slug"]},
        **({"corrected": list(corrected)} if corrected else {}),
        **(
            {"unpublished": data["published_in_file"]}
            if "published_in_file" in data
            else {}
        ),
    )
    return event


def _with_times(model, pairs) -> None:
    """Create rows keeping the file's ``at`` (auto_now_add would overwrite it)."""
    rows = model.objects.bulk_create([row for _d, row in pairs], batch_size=2000)
    for (d, _r), row in zip(pairs, rows, strict=True):
        row.at = datetime.datetime.fromisoformat(d["at"])
    model.objects.bulk_update(rows, ["at"], batch_size=1000)


def _write_players(
    players, event, user, distinction_known: bool = True, make_clubs: bool = False
) -> dict[str, Entry]:
    """Entries for the file's players: the register's player where one is
    found (``register_rules.identity_match``: the identifier, when name and
    club agree; else ``register_match``: federation number, else name,
    club and distinction), else a new one, in the file's club only when the
    importer may add to it (``register_rules``); the clubs left out are kept
    on the event for the page to say (``event.clubs_left_out``), as are the
    clubs made (``event.clubs_made``, ``make_clubs``). Names are
    stored as every way in stores them (``core.text.clean_name``)."""
    clubs = ClubsOfAFile(user, make_missing=make_clubs)
    used: set[int] = set()
    entries = {}
    for p in players:
        p = {**p, "name": clean_name(p["name"]), "club": clean_name(p["club"]) or None}
        club = clubs.existing(p["club"])
        player = identity_match(p["public_id"], p["name"], p["club"], used)
        if player is None:
            player = _by_todays_rules(p, club, used, distinction_known)
        if player is None:
            player = player_from_file(
                p["name"],
                clubs.for_new_player(p["club"]),
                p["federation_number"],
                file_club=p["club"] or "",
                used=used,
                distinction=p["distinction"],
                public_id=p["public_id"],
            )
        keep_private(player, p["public_name"])
        used.add(player.id)
        entries[p["ref"]] = Entry(
            tournament=event,
            player=player,
            status=p["status"],
            guest=p["guest"],
            withdrawn_after=p["withdrawn_after"],
            # a club not written to the register is kept as the file's text
            club_name=(p["club"] or "") if player.club_id is None else "",
        )
    Entry.objects.bulk_create(entries.values())
    event.clubs_left_out = sorted(clubs.left_out)
    event.clubs_made = list(clubs.made)
    return entries


def _by_todays_rules(p: dict, club, used, distinction_known: bool):
    """The register's row by federation number, else name, club and
    distinction (``register_match``), when the file's club is here or the
    file names none."""
    if club is None and p["club"]:
        return None
    return register_match(
        p["name"],
        club,
        p["federation_number"],
        p["distinction"],
        used,
        distinction_known=distinction_known,
    )


#: The public-name choices from the most public to the least.
PRIVACY = ("full", "short", "hidden")


def keep_private(player: Player, choice: str) -> None:
    """A restore never shows a name more than the file did: the register's
    choice is raised to the file's when the file's is more private."""
    if PRIVACY.index(choice) > PRIVACY.index(player.public_name):
        player.public_name = choice
        player.save(update_fields=["public_name"])  # its events' pages follow
