"""Structure checks for an event backup, each failure named by its JSON path
(``rounds[1].tables[0].deals[3].scores``). Pure: no database.

Every key is required and no other key is allowed, so a hand-edited file
that lost or gained a field is refused rather than half-understood. Every
value is bounded before anything is stored: text by the length its column
takes and without control characters, numbers by the range the site allows,
lists by a count, free-form JSON (a deal record, an audit line's details) by
its depth and size, times to a plausible span. The whole document is checked
first; the first bad field is named.
"""

import datetime
import math
import re
import uuid
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from core.text import CONTROL
from tournaments.bounds import MAX_DEALS, MAX_ROUNDS
from tournaments.codes import code_problem
from tournaments.identity import derived_uid

SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")
TEXT = 150  # the longest text column
MAX_ITEMS = 20_000  # any list: players, tables, deals
#: Audit lines: table-side entry writes one for each side's entry and one
#: for the saved deal, so a 400-player event of 8 rounds of 16 deals
#: entered blind writes about 30,700; the upload's size bounds a file first.
MAX_AUDIT = 500_000
FREE_DEPTH, FREE_ITEMS, FREE_TEXT = 8, 500, 2_000  # free-form JSON
#: A total typed from the paper sheet (a table of typed totals, and its
#: sheet's totals): the totals form's bound (``td.forms_totals``).
TYPED_TOTAL = 1_000_000
EARLIEST = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


class BackupError(Exception):
    """The file is refused: ``path`` says where, ``message`` why."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


Check = Callable[[Any, str], None]


def fail(path: str, message) -> None:
    raise BackupError(path, str(message))


def obj(value: Any, path: str, fields: dict[str, Check]) -> None:
    """A JSON object with exactly ``fields``, each value checked."""
    if not isinstance(value, dict):
        fail(path, _("expected a JSON object"))
    for key in value:
        if key not in fields:
            fail(join(path, key), _("unknown key"))
    for key, check in fields.items():
        if key not in value:
            fail(join(path, key), _("missing"))
        check(value[key], join(path, key))


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def items(check: Check, most: int = MAX_ITEMS) -> Check:
    def run(value, path):
        if not isinstance(value, list):
            fail(path, _("expected a list"))
        if len(value) > most:
            fail(path, _("more than %(n)s entries") % {"n": most})
        for i, item in enumerate(value):
            check(item, f"{path}[{i}]")

    return run


def string(value, path, empty: bool = True, longest: int = TEXT) -> None:
    if not isinstance(value, str):
        fail(path, _("expected text"))
    if not empty and not value.strip():
        fail(path, _("may not be empty"))
    if len(value) > longest:
        fail(path, _("longer than %(n)s characters") % {"n": longest})
    if CONTROL.search(value):
        fail(path, _("contains a control character"))


def nonempty(value, path) -> None:
    string(value, path, empty=False)


def text(longest: int, empty: bool = True) -> Check:
    return lambda value, path: string(value, path, empty, longest)


def optional(check: Check) -> Check:
    def run(value, path):
        if value is not None:
            check(value, path)

    return run


def integer(low: int = -1_000_000, high: int = 1_000_000) -> Check:
    def run(value, path):
        if not isinstance(value, int) or isinstance(value, bool):
            fail(path, _("expected a whole number"))
        if (low is not None and value < low) or (high is not None and value > high):
            fail(path, _("out of range"))

    return run


def boolean(value, path) -> None:
    if not isinstance(value, bool):
        fail(path, _("expected true or false"))


def choice(*allowed) -> Check:
    def run(value, path):
        same = (
            (lambda a: isinstance(value, str))
            if isinstance(allowed[0], str)
            else (lambda a: type(value) is type(a))
        )
        if not any(value == a and same(a) for a in allowed):
            names = ", ".join(str(a) for a in allowed)
            fail(path, _("expected one of %(x)s") % {"x": names})

    return run


def slug(value, path) -> None:
    string(value, path, longest=60)
    if not SLUG.match(value) or len(value) > 60:
        fail(path, _("not a valid code (letters, digits, - and _)"))


def event_code(value, path) -> None:
    """An event's code: the form's rule (``tournaments.codes``)."""
    string(value, path, longest=60)
    problem = code_problem(value)
    if problem:
        fail(path, problem)


def date(value, path) -> None:
    string(value, path)
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        fail(path, _("not a date (YYYY-MM-DD)"))


def identity(value, path) -> None:
    """An event's identity (``Tournament.uid``): a UUID in its usual text."""
    string(value, path, longest=36)
    try:
        uuid.UUID(value)
    except ValueError:
        fail(path, _("not an event identity (a UUID)"))


def clock(value, path) -> None:
    """A time of day, "HH:MM" or "HH:MM:SS"."""
    string(value, path, empty=False, longest=8)
    try:
        datetime.time.fromisoformat(value)
    except ValueError:
        fail(path, _("expected a time such as 19:30"))


def moment(value, path) -> None:
    string(value, path, longest=40)
    try:
        at = datetime.datetime.fromisoformat(value)
    except ValueError:
        fail(path, _("not a date and time"))
    if at.tzinfo is None:
        fail(path, _("a time zone is required"))
    latest = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=1)
    if not EARLIEST <= at <= latest:
        fail(path, _("not a time this event can have had"))


def anything(value, path) -> None:
    """Free-form JSON (audit details, paper totals): any value, bounded."""
    bounded(value, path, FREE_DEPTH)


def audit_detail(value, path) -> None:
    """An audit line's details: free-form JSON whose lists may name every
    player of the event (checking everyone in, a list of players entered:
    ``roster.check_in``, ``services.register``)."""
    if not isinstance(value, dict):
        fail(path, _("expected a JSON object"))
    bounded(value, path, FREE_DEPTH, most=MAX_ITEMS)


def bounded(value, path, depth: int, most: int = FREE_ITEMS) -> None:
    if depth < 0:
        fail(path, _("nested too deeply"))
    if isinstance(value, str):
        string(value, path, longest=FREE_TEXT)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            fail(path, _("not a number"))
        if abs(value) > 10**9:
            fail(path, _("out of range"))
    elif isinstance(value, list | dict):
        if len(value) > most:
            fail(path, _("more than %(n)s entries") % {"n": most})
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in pairs:
            if isinstance(key, str):
                string(key, path, longest=FREE_TEXT)
            bounded(
                item,
                f"{path}.{key}" if isinstance(value, dict) else f"{path}[{key}]",
                depth - 1,
                most,
            )


def sheet_totals(value, path) -> None:
    """The paper sheet's totals: none, or a whole number per seat "1"–"5"
    (as the TD's sheet form stores them, or the typed totals of a table
    entered as totals)."""
    if value is None:
        return
    if not isinstance(value, dict) or not set(value) <= {"1", "2", "3", "4", "5"}:
        fail(path, _("expected the totals of seats 1–5"))
    check = integer(-TYPED_TOTAL, TYPED_TOTAL)
    for seat, total in value.items():
        check(total, f"{path}.{seat}")


def mapping(value, path) -> None:
    if not isinstance(value, dict):
        fail(path, _("expected a JSON object"))
    bounded(value, path, FREE_DEPTH)


def snapshot(value, path) -> None:
    obj(
        value,
        path,
        {"preset": text(10, empty=False), "overrides": mapping, "name": text(120)},
    )


TOURNAMENT = {
    "slug": event_code,
    "name": nonempty,
    "date": date,
    "venue": string,
    "rules": text(50, empty=False),
    "rules_snapshot": optional(snapshot),
    "rounds": integer(1, MAX_ROUNDS),
    "deals_per_round": integer(1, MAX_DEALS),
    "language": choice("nl", "en"),
    "method": choice("points", "placement"),
    "tiebreaks": items(text(20, empty=False), 10),
    "placement_points": items(integer(0, 1000), 5),
    "normalise_five": boolean,
    "hide_last_rounds": integer(0, MAX_ROUNDS),
}
PLAYER = {
    "ref": text(160, empty=False),
    "name": text(120, empty=False),
    "club": optional(text(120, empty=False)),
    "federation_number": text(30),
    "status": choice("registered", "present", "withdrawn"),
    "withdrawn_after": optional(integer(0, 100)),
}
#: Version 2 (byes and substitutes) adds these keys to version 1's.
TOURNAMENT_2 = {
    **TOURNAMENT,
    "bye_policy": choice("zero", "average", "fixed"),
    "bye_points": integer(-1000, 1000),
}
#: Version 3 adds who enters the deals (table-side entry).
TOURNAMENT_3 = {**TOURNAMENT_2, "entry_mode": choice("td", "confirm", "blind")}
#: Version 4 adds the event's identity, which copies share (the ratings
#: count an event once, however often it is imported).
TOURNAMENT_4 = {**TOURNAMENT_3, "uid": identity}
PLAYER_2 = {
    **PLAYER,
    "status": choice("registered", "present", "withdrawn", "substitute"),
}
SEAT = {"position": integer(1, 5), "player": text(160, empty=False)}
DEAL = {
    "number": integer(1, MAX_DEALS),
    "version": integer(1),
    "record": mapping,
    "scores": mapping,
    "seat_scores": items(integer(), 5),
}
JURY = {
    "deal": integer(1, MAX_DEALS),
    "player": text(160, empty=False),
    "contract": text(40, empty=False),
    "decision": choice("approved", "refused"),
    "at": moment,
    "user": optional(text(150)),
}
TABLE = {
    "number": integer(1, 1000),
    "closed": boolean,
    "sheet_totals": sheet_totals,
    "seats": items(lambda v, p: obj(v, p, SEAT), 5),
    "deals": items(lambda v, p: obj(v, p, DEAL), MAX_DEALS),
    "jury_calls": items(lambda v, p: obj(v, p, JURY), 1000),
}
ROUND = {
    "number": integer(1, MAX_ROUNDS),
    "status": choice("draft", "seated", "closed"),
    "published": boolean,
    "tables": items(lambda v, p: obj(v, p, TABLE)),
}
ROUND_2 = {**ROUND, "byes": items(text(160, empty=False), 1000)}
#: Version 5 adds who decided each jury call (``decided_by``: the jury
#: member or TD as named on the deal form or the jury page), beside who
#: recorded it (``user``, in every version).
JURY_5 = {**JURY, "decided_by": text(100)}
TABLE_5 = {
    **TABLE,
    "jury_calls": items(lambda v, p: obj(v, p, JURY_5), 1000),
}
ROUND_5 = {**ROUND_2, "tables": items(lambda v, p: obj(v, p, TABLE_5))}
#: Version 6 adds what is entered (every deal, or each player's total per
#: round), what tells two same names apart, and tables of typed totals: the
#: seats' points and deals played (null at a table of deals, whose seats
#: are the sums of its deals).
TOURNAMENT_6 = {**TOURNAMENT_4, "score_entry": choice("deals", "totals")}
#: The first version whose players carry their distinction: an older file's
#: players have none in the file, which says nothing about the register's.
DISTINCTION_SINCE = 6
PLAYER_6 = {**PLAYER_2, "distinction": text(40)}
SEAT_6 = {
    **SEAT,
    "points": optional(integer(-TYPED_TOTAL, TYPED_TOTAL)),
    "deals_played": optional(integer(0, MAX_DEALS)),
}
TABLE_6 = {
    **TABLE_5,
    "totals_only": boolean,
    "from_totals": optional(boolean),
    "seats": items(lambda v, p: obj(v, p, SEAT_6), 5),
}
ROUND_6 = {**ROUND_2, "tables": items(lambda v, p: obj(v, p, TABLE_6))}
#: Version 7 adds how the public sees each player's name (a restored
#: event never shows a hidden player's name) and the calendar's times.
TOURNAMENT_7 = {
    **TOURNAMENT_6,
    "start_time": optional(clock),
    "round_minutes": integer(10, 600),
}
PLAYER_7 = {**PLAYER_6, "public_name": choice("full", "short", "hidden")}
#: Version 8 adds tables of three with the blind man (000, "Rikken for
#: three players"): the event's setting. A table of three itself needs no
#: new key (seats 1-3, the deals name the blind man's hand).
TOURNAMENT_8 = {**TOURNAMENT_7, "tables_of_three": boolean}
#: Version 9 adds each player's identifier in the register
#: (``Player.public_id``): an import finds the same person by it first
#: (``register_rules.identity_match``); empty: none known.
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{0,16}")


def public_id(value, path) -> None:
    string(value, path, longest=16)
    if not PUBLIC_ID.fullmatch(value):
        fail(path, _("not an identifier (letters, digits, - and _)"))


PLAYER_9 = {**PLAYER_7, "public_id": public_id, "guest": boolean}  # guest: Entry.guest
#: Version 10 adds the corrections of published results (the public pages
#: say when and why): each round's ``corrected_at`` and
#: ``correction_reason``, and which tables were reopened for one
#: (``reopened_after_publication``). Older files carry none.
TABLE_10 = {**TABLE_6, "reopened_after_publication": boolean}
ROUND_10 = {
    **ROUND_2,
    "tables": items(lambda v, p: obj(v, p, TABLE_10)),
    "corrected_at": optional(moment),
    "correction_reason": text(200),
}
AUDIT = {
    "at": moment,
    "user": optional(text(150)),
    "action": text(40, empty=False),
    "detail": audit_detail,
}


def pair(value, path) -> None:
    """Two different players' refs (a pair the TD keeps apart)."""
    items(text(160, empty=False), 2)(value, path)
    if len(value) != 2 or value[0] == value[1]:
        fail(path, _("expected two different players"))


def document(tournament: dict, player: dict, round_: dict) -> dict[str, Check]:
    return {
        "format": choice("rikscore.event"),
        "version": choice(*range(1, 11)),
        "tournament": lambda v, p: obj(v, p, tournament),
        "players": items(lambda v, p: obj(v, p, player)),
        "rounds": items(lambda v, p: obj(v, p, round_)),
        "audit": items(lambda v, p: obj(v, p, AUDIT), MAX_AUDIT),
    }


#: Every version still imports: a club's archive keeps working.
DOCUMENTS = {
    1: document(TOURNAMENT, PLAYER, ROUND),
    2: document(TOURNAMENT_2, PLAYER_2, ROUND_2),
    3: document(TOURNAMENT_3, PLAYER_2, ROUND_2),
    4: document(TOURNAMENT_4, PLAYER_2, ROUND_2),
    #: Version 5 also adds the pairs the TD keeps apart at the seating.
    5: {
        **document(TOURNAMENT_4, PLAYER_2, ROUND_5),
        "keep_apart": items(pair, 1000),
    },
    6: {
        **document(TOURNAMENT_6, PLAYER_6, ROUND_6),
        "keep_apart": items(pair, 1000),
    },
    7: {
        **document(TOURNAMENT_7, PLAYER_7, ROUND_6),
        "keep_apart": items(pair, 1000),
    },
    8: {
        **document(TOURNAMENT_8, PLAYER_7, ROUND_6),
        "keep_apart": items(pair, 1000),
    },
    9: {
        **document(TOURNAMENT_8, PLAYER_9, ROUND_6),
        "keep_apart": items(pair, 1000),
    },
    10: {
        **document(TOURNAMENT_8, PLAYER_9, ROUND_10),
        "keep_apart": items(pair, 1000),
    },
}


def check_structure(data: Any) -> None:
    """Raise ``BackupError`` at the first structural problem."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version not in DOCUMENTS:
        obj(data, "", DOCUMENTS[max(DOCUMENTS)])  # names the first problem
    obj(data, "", DOCUMENTS[version])


def upgrade(data: dict) -> dict:
    """A checked document of any version as the newest version reads it."""
    if data["version"] == 1:
        data["tournament"].update(bye_policy="zero", bye_points=0)
        for round_ in data["rounds"]:
            round_["byes"] = []
        data["version"] = 2
    if data["version"] == 2:
        data["tournament"]["entry_mode"] = "td"
        data["version"] = 3
    if data["version"] == 3:
        info = data["tournament"]
        names = (p["name"] for p in data["players"])
        info["uid"] = str(derived_uid(info["date"], info["name"], names))
        data["version"] = 4
    if data["version"] == 4:
        for round_ in data["rounds"]:
            for table in round_["tables"]:
                for call in table["jury_calls"]:
                    call["decided_by"] = ""
        data["keep_apart"] = []
        data["version"] = 5
    if data["version"] == 5:
        data["tournament"]["score_entry"] = "deals"
        for player in data["players"]:
            player["distinction"] = ""
        for round_ in data["rounds"]:
            for table in round_["tables"]:
                table["totals_only"] = False
                table["from_totals"] = False
                for seat in table["seats"]:
                    seat.update(points=None, deals_played=None)
        data["version"] = 6
    if data["version"] == 6:
        data["tournament"].update(start_time=None, round_minutes=90)
        for player in data["players"]:
            player["public_name"] = "full"
        data["version"] = 7
    if data["version"] == 7:
        data["tournament"]["tables_of_three"] = False
        data["version"] = 8
    if data["version"] == 8:
        for player in data["players"]:
            player["public_id"] = ""
            player["guest"] = False  # an older file knew no guests: members
        data["version"] = 9
    if data["version"] == 9:
        for round_ in data["rounds"]:
            round_.update(corrected_at=None, correction_reason="")
            for table in round_["tables"]:
                table["reopened_after_publication"] = False
        data["version"] = 10
    return data
