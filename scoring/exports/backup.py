"""Backup and restore of a whole event as JSON.

The file names nothing by database id: players by a ``ref`` (their name, made
distinct), seats by position, tables and rounds by number, users by
username. Every deal is a deal record (deal-record.md) with its stored scores
by name and by seat. ``import_event`` checks the structure, re-validates and
re-settles every deal against the frozen rules snapshot, and compares the
scores; any problem refuses the whole file with its JSON path, and the writes
happen in one transaction. Export → import → export gives the same JSON but
for the import's own audit line (``tournament.import``).
"""

import datetime
import json

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from rules.house_rules import check_overrides
from rules.presets import PRESETS
from rules.validation import validate_record
from scoring.exports import JSON
from scoring.exports.backup_schema import BackupError, check_structure, fail
from scoring.settlement import settle
from tournaments.dealing import playing_positions, unique_labels
from tournaments.models import (
    AuditLog,
    Club,
    Deal,
    Entry,
    JuryCall,
    Player,
    Round,
    Seat,
    TableRound,
    Tournament,
    TournamentRole,
)

FORMAT, VERSION = "rikscore.event", 1
SETTINGS = ("slug", "name", "venue", "rules", "rules_snapshot", "rounds",
            "deals_per_round", "language", "method", "tiebreaks",
            "placement_points", "normalise_five", "hide_last_rounds")  # fmt: skip
IMPORT_ACTION = "tournament.import"

__all__ = ["BackupError", "dump_event", "export_event", "import_event"]


# -- export -----------------------------------------------------------------
def export_event(tournament: Tournament) -> dict:
    """The event as one JSON-ready dict (deterministic order)."""
    info = {key: getattr(tournament, key) for key in SETTINGS}
    info["language"], info["method"] = str(tournament.language), str(tournament.method)
    info["date"] = tournament.date.isoformat()
    entries = list(
        tournament.entries.select_related("player__club").order_by(
            "player__name", "player__federation_number", "id"
        )
    )
    refs = player_refs([e.player.name for e in entries])
    ref_of = {e.id: ref for e, ref in zip(entries, refs, strict=True)}
    players = [
        {"ref": ref_of[e.id], "name": e.player.name,
         "club": e.player.club.name if e.player.club else None,
         "federation_number": e.player.federation_number, "status": str(e.status),
         "withdrawn_after": e.withdrawn_after}
        for e in entries
    ]  # fmt: skip
    return {
        "format": FORMAT, "version": VERSION, "tournament": info,
        "players": players,
        "rounds": _export_rounds(
            tournament, ref_of, {e.id: e.player.name for e in entries}
        ),
        "audit": [
            {"at": a.at.isoformat(), "user": a.user.username if a.user else None,
             "action": a.action, "detail": a.detail}
            for a in tournament.audit.select_related("user").order_by("at", "id")
        ],
    }  # fmt: skip


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
    for s in Seat.objects.filter(table__round__tournament=tournament).order_by(
        "table_id", "position"
    ):
        seats.setdefault(s.table_id, []).append(
            {"position": s.position, "player": ref_of[s.entry_id]}
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
            {"deal": c.deal_number, "player": ref_of[c.entry_id],
             "contract": c.contract, "decision": str(c.decision),
             "at": c.at.isoformat(), "user": c.user.username if c.user else None}
        )  # fmt: skip
    tables: dict[int, list] = {}
    for t in TableRound.objects.filter(round__tournament=tournament).order_by(
        "round_id", "number"
    ):
        labels = unique_labels([name_of[e] for e in entries_at.get(t.id, [])])
        tables.setdefault(t.round_id, []).append(
            {"number": t.number, "closed": t.closed, "sheet_totals": t.sheet_totals,
             "seats": seats.get(t.id, []),
             "deals": [_export_deal(d, labels) for d in deals.get(t.id, [])],
             "jury_calls": calls.get(t.id, [])}
        )  # fmt: skip
    return [
        {"number": r.number, "status": str(r.status), "published": r.published,
         "tables": tables.get(r.id, [])}
        for r in tournament.round_set.order_by("number")
    ]  # fmt: skip


def _export_deal(deal: Deal, labels: list[str]) -> dict:
    scores = deal.seat_scores
    by_name = {}
    for label in deal.record.get("players", []):
        if label in labels:
            by_name[label] = scores[labels.index(label)]
    return {"number": deal.number, "version": deal.version, "record": deal.record,
            "scores": by_name, "seat_scores": scores}  # fmt: skip


def dump_event(tournament: Tournament) -> tuple[str, str, bytes]:
    data = json.dumps(export_event(tournament), ensure_ascii=False, indent=1)
    return f"{tournament.slug}.json", JSON, data.encode()


# -- import -----------------------------------------------------------------
def load(raw: bytes | str) -> dict:
    """Parse the file; a JSON syntax error is refused with line and column."""
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        raise BackupError("", _("The file is not UTF-8 text.")) from None
    except json.JSONDecodeError as exc:
        msg = _("Not JSON (line %(l)s, column %(c)s): %(m)s")
        raise BackupError(
            "", msg % {"l": exc.lineno, "c": exc.colno, "m": exc.msg}
        ) from None


def import_event(data, slug: str | None = None, user=None) -> Tournament:
    """Check everything, then store the event in one transaction."""
    if isinstance(data, bytes | str):
        data = load(data)
    check_structure(data)
    info = dict(data["tournament"])
    if slug:
        info["slug"] = slug
    if Tournament.objects.filter(slug=info["slug"]).exists():
        fail("tournament.slug", _(
            "A tournament with code “%(s)s” exists already: import it under "
            "another code."
        ) % {"s": info["slug"]})  # fmt: skip
    event = Tournament(**{k: info[k] for k in SETTINGS},
                       date=datetime.date.fromisoformat(info["date"]))  # fmt: skip
    schedule = _schedule(event)
    refs = _check_players(data["players"])
    _check_rounds(data["rounds"], event, schedule, refs)
    with transaction.atomic():
        return _write(data, event, user)


def _schedule(event: Tournament):
    snap = event.rules_snapshot
    if snap:
        if snap["preset"] not in PRESETS:
            fail("tournament.rules_snapshot.preset", _("unknown preset"))
        problems = check_overrides(snap["preset"], snap["overrides"])
        if problems:
            key, message = problems[0]
            fail(f"tournament.rules_snapshot.overrides.{key}", message)
    schedule = event.schedule
    if schedule is None:
        fail("tournament.rules", _(
            "These rules are unknown here and the file has no frozen snapshot."
        ))  # fmt: skip
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
            if owner is not None and owner.name != p["name"]:
                fail(f"players[{i}].federation_number", _(
                    "belongs to %(name)s in this register"
                ) % {"name": owner.name})  # fmt: skip
    return refs


def _check_rounds(rounds, event, schedule, refs) -> None:
    numbers = set()
    for r, rnd in enumerate(rounds):
        here = f"rounds[{r}]"
        if rnd["number"] in numbers or rnd["number"] > event.rounds:
            fail(f"{here}.number", _("repeated or beyond the number of rounds"))
        numbers.add(rnd["number"])
        seated, tables = set(), set()
        for t, table in enumerate(rnd["tables"]):
            where = f"{here}.tables[{t}]"
            if table["number"] in tables:
                fail(f"{where}.number", _("used twice in this round"))
            tables.add(table["number"])
            labels = _check_seats(table["seats"], where, refs, seated)
            _check_deals(table["deals"], where, event, schedule, labels)
            for j, call in enumerate(table["jury_calls"]):
                if call["player"] not in refs:
                    fail(f"{where}.jury_calls[{j}].player", _("unknown player"))


def _check_seats(seats, where, refs, seated) -> list[str]:
    positions = [s["position"] for s in seats]
    if sorted(positions) != list(range(1, len(seats) + 1)) or len(seats) not in (
        4, 5,
    ):  # fmt: skip
        fail(f"{where}.seats", _("a table has seats 1–4 or 1–5"))
    for i, s in enumerate(seats):
        if s["player"] not in refs:
            fail(f"{where}.seats[{i}].player", _("unknown player"))
        if s["player"] in seated:
            fail(f"{where}.seats[{i}].player", _("seated twice in this round"))
        seated.add(s["player"])
    ordered = sorted(seats, key=lambda s: s["position"])
    return unique_labels([refs[s["player"]]["name"] for s in ordered])


def _check_deals(deals, where, event, schedule, labels) -> None:
    numbers = set()
    for k, deal in enumerate(deals):
        here = f"{where}.deals[{k}]"
        number = deal["number"]
        if number in numbers:
            fail(f"{here}.number", _("used twice at this table"))
        numbers.add(number)
        record = deal["record"]
        if record.get("rules") != event.rules:
            fail(f"{here}.record.rules", _("not the event's rules"))
        expected = [labels[p - 1] for p in playing_positions(len(labels), number)]
        if record.get("players") != expected:
            fail(f"{here}.record.players", _("not the players of this deal"))
        result = validate_record(record, lambda code: schedule)
        if not result.ok:
            v = result.violations[0]
            fail(f"{here}.record.{v.field}".rstrip("."), v.message)
        scores = dict(settle(result.deal).scores)
        if deal["scores"] != scores:
            fail(f"{here}.scores", _("the stored scores do not match the rules"))
        by_seat = [0] * 5
        for label, points in scores.items():
            by_seat[labels.index(label)] = points
        if deal["seat_scores"] != by_seat:
            fail(f"{here}.seat_scores", _("do not match the scores by name"))


def _write(data, event: Tournament, user) -> Tournament:
    event.save()
    entries = _write_players(data["players"], event)
    users = {u.username: u for u in get_user_model().objects.all()}
    rounds = Round.objects.bulk_create(
        Round(tournament=event, number=r["number"], status=r["status"],
              published=r["published"])
        for r in data["rounds"]
    )  # fmt: skip
    missing = set(range(1, event.rounds + 1)) - {r.number for r in rounds}
    Round.objects.bulk_create(Round(tournament=event, number=n) for n in missing)
    tables, seats, deals, calls = [], [], [], []
    for rnd, r in zip(data["rounds"], rounds, strict=True):
        for t in rnd["tables"]:
            tables.append((t, TableRound(round=r, number=t["number"],
                                         closed=t["closed"],
                                         sheet_totals=t["sheet_totals"])))  # fmt: skip
    TableRound.objects.bulk_create([row for _t, row in tables])
    for t, row in tables:
        seats += [Seat(table=row, position=s["position"], entry=entries[s["player"]])
                  for s in t["seats"]]  # fmt: skip
        deals += [
            Deal(table=row, number=d["number"], version=d["version"],
                 record=d["record"],
                 **{f"s{i + 1}": v for i, v in enumerate(d["seat_scores"])})
            for d in t["deals"]
        ]  # fmt: skip
        calls += [
            (c, JuryCall(table=row, deal_number=c["deal"],
                         entry=entries[c["player"]], contract=c["contract"],
                         decision=c["decision"], user=users.get(c["user"] or "")))
            for c in t["jury_calls"]
        ]  # fmt: skip
    Seat.objects.bulk_create(seats)
    Deal.objects.bulk_create(deals, batch_size=2000)
    _with_times(JuryCall, calls)
    audit = [
        (a, AuditLog(tournament=event, user=users.get(a["user"] or ""),
                     action=a["action"], detail=a["detail"]))
        for a in data["audit"]
    ]  # fmt: skip
    _with_times(AuditLog, audit)
    from scoring.services import recompute_table

    for _t, row in tables:
        recompute_table(row)
    if user is not None and user.is_authenticated:
        TournamentRole.objects.get_or_create(
            tournament=event, user=user, role=TournamentRole.Role.TD
        )
    AuditLog.objects.create(
        tournament=event, user=user if user and user.is_authenticated else None,
        action=IMPORT_ACTION, detail={"slug": event.slug,
                                      "from": data["tournament"]["slug"]},
    )  # fmt: skip
    return event


def _with_times(model, pairs) -> None:
    """Create rows keeping the file's ``at`` (auto_now_add would overwrite it)."""
    rows = model.objects.bulk_create([row for _d, row in pairs], batch_size=2000)
    for (d, _r), row in zip(pairs, rows, strict=True):
        row.at = datetime.datetime.fromisoformat(d["at"])
    model.objects.bulk_update(rows, ["at"], batch_size=1000)


def _write_players(players, event) -> dict[str, Entry]:
    clubs = {c.name: c for c in Club.objects.all()}
    used: set[int] = set()
    entries = {}
    for p in players:
        club = None
        if p["club"]:
            club = clubs.get(p["club"])
            if club is None:
                club = clubs[p["club"]] = Club.objects.create(name=p["club"])
        player = _find_player(p, club, used)
        if player is None:
            player = Player.objects.create(
                name=p["name"], club=club, federation_number=p["federation_number"]
            )
        used.add(player.id)
        entries[p["ref"]] = Entry(tournament=event, player=player,
                                  status=p["status"],
                                  withdrawn_after=p["withdrawn_after"])  # fmt: skip
    Entry.objects.bulk_create(entries.values())
    return entries


def _find_player(p, club, used) -> Player | None:
    """The register's player: by federation number, else same name and club."""
    if p["federation_number"]:
        return Player.objects.filter(federation_number=p["federation_number"]).first()
    candidates = Player.objects.filter(name=p["name"], federation_number="", club=club)
    return next((c for c in candidates.order_by("id") if c.id not in used), None)
