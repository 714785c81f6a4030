"""Structure checks for an event backup, each failure named by its JSON path
(``rounds[1].tables[0].deals[3].scores``). Pure: no database.

Every key is required and no other key is allowed, so a hand-edited file
that lost or gained a field is refused rather than half-understood.
"""

import datetime
import re
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")


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


def items(check: Check) -> Check:
    def run(value, path):
        if not isinstance(value, list):
            fail(path, _("expected a list"))
        for i, item in enumerate(value):
            check(item, f"{path}[{i}]")

    return run


def string(value, path, empty: bool = True) -> None:
    if not isinstance(value, str):
        fail(path, _("expected text"))
    if not empty and not value.strip():
        fail(path, _("may not be empty"))


def nonempty(value, path) -> None:
    string(value, path, empty=False)


def optional(check: Check) -> Check:
    def run(value, path):
        if value is not None:
            check(value, path)

    return run


def integer(low: int | None = None, high: int | None = None) -> Check:
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
    string(value, path)
    if not SLUG.match(value) or len(value) > 60:
        fail(path, _("not a valid code (letters, digits, - and _)"))


def date(value, path) -> None:
    string(value, path)
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        fail(path, _("not a date (YYYY-MM-DD)"))


def moment(value, path) -> None:
    string(value, path)
    try:
        at = datetime.datetime.fromisoformat(value)
    except ValueError:
        fail(path, _("not a date and time"))
    if at.tzinfo is None:
        fail(path, _("a time zone is required"))


def anything(value, path) -> None:
    """Free-form JSON (audit details, paper totals): any value."""


def mapping(value, path) -> None:
    if not isinstance(value, dict):
        fail(path, _("expected a JSON object"))


def snapshot(value, path) -> None:
    obj(value, path, {"preset": nonempty, "overrides": mapping, "name": string})


TOURNAMENT = {
    "slug": slug, "name": nonempty, "date": date, "venue": string,
    "rules": nonempty, "rules_snapshot": optional(snapshot),
    "rounds": integer(1, 100), "deals_per_round": integer(1, 100),
    "language": choice("nl", "en"), "method": choice("points", "placement"),
    "tiebreaks": items(nonempty), "placement_points": items(integer()),
    "normalise_five": boolean, "hide_last_rounds": integer(0, 100),
}  # fmt: skip
PLAYER = {
    "ref": nonempty, "name": nonempty, "club": optional(nonempty),
    "federation_number": string,
    "status": choice("registered", "present", "withdrawn"),
    "withdrawn_after": optional(integer(0, 100)),
}  # fmt: skip
#: Version 2 (byes and substitutes) adds these keys to version 1's.
TOURNAMENT_2 = {**TOURNAMENT, "bye_policy": choice("zero", "average", "fixed"),
                "bye_points": integer(-10_000, 10_000)}  # fmt: skip
PLAYER_2 = {**PLAYER, "status": choice("registered", "present", "withdrawn",
                                       "substitute")}  # fmt: skip
SEAT = {"position": integer(1, 5), "player": nonempty}
DEAL = {
    "number": integer(1, 1000), "version": integer(1), "record": mapping,
    "scores": mapping, "seat_scores": items(integer()),
}  # fmt: skip
JURY = {
    "deal": integer(1, 1000), "player": nonempty, "contract": nonempty,
    "decision": choice("approved", "refused"), "at": moment,
    "user": optional(string),
}  # fmt: skip
TABLE = {
    "number": integer(1, 10000), "closed": boolean, "sheet_totals": anything,
    "seats": items(lambda v, p: obj(v, p, SEAT)),
    "deals": items(lambda v, p: obj(v, p, DEAL)),
    "jury_calls": items(lambda v, p: obj(v, p, JURY)),
}  # fmt: skip
ROUND = {
    "number": integer(1, 100), "status": choice("draft", "seated", "closed"),
    "published": boolean, "tables": items(lambda v, p: obj(v, p, TABLE)),
}  # fmt: skip
ROUND_2 = {**ROUND, "byes": items(nonempty)}
AUDIT = {"at": moment, "user": optional(string), "action": nonempty,
         "detail": mapping}  # fmt: skip


def document(tournament: dict, player: dict, round_: dict) -> dict[str, Check]:
    return {
        "format": choice("rikscore.event"), "version": choice(1, 2),
        "tournament": lambda v, p: obj(v, p, tournament),
        "players": items(lambda v, p: obj(v, p, player)),
        "rounds": items(lambda v, p: obj(v, p, round_)),
        "audit": items(lambda v, p: obj(v, p, AUDIT)),
    }  # fmt: skip


#: Every version still imports: a club's archive keeps working.
DOCUMENTS = {1: document(TOURNAMENT, PLAYER, ROUND),
             2: document(TOURNAMENT_2, PLAYER_2, ROUND_2)}  # fmt: skip


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
    return data
