"""The audit log in sentences a TD reads: "Deal 7 at table 3 changed by td:
rik → solo 9, tricks 8 → 9" instead of a stored dict.

The lines keep ids and named deal records (``tournaments.audit``, their
one writer); one ``AuditWords`` per page looks up the names
and the earlier version of each corrected deal in a few queries. Ids in an
imported line belong to the site it came from, so they are never looked up
here. A line this module cannot read is shown as its raw pairs.
"""

from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from td.audit_deals import changes_words, contract_name, record_words
from tournaments.audit import entry_ids
from tournaments.models import AuditLog, Player, Tournament, TournamentRole
from tournaments.people import event_names, player_names

MAX_NAMES = 8


@dataclass(frozen=True)
class AuditRow:
    line: AuditLog
    round: object
    sentence: str


def summary(detail, limit: int = 120) -> str:
    """``key=value`` pairs of a detail, shortened (for lines without words)."""
    pairs = detail.items() if isinstance(detail, dict) else [("detail", detail)]
    text = ", ".join(f"{k}={v}" for k, v in pairs)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AuditWords:
    """Names and earlier deal versions for one page of lines."""

    def __init__(self, tournament: Tournament, lines: list[AuditLog]):
        self.schedule = _schedule(tournament)
        local = [ln for ln in lines if not ln.imported and isinstance(ln.detail, dict)]
        self.entries = _entry_names(tournament, local)
        self.players = _player_names(local)
        self.earlier = _earlier_records(tournament, lines)

    def rows(self, lines) -> list[AuditRow]:
        return [
            AuditRow(ln, _get(ln.detail, "round"), self.sentence(ln)) for ln in lines
        ]

    def sentence(self, line: AuditLog) -> str:
        detail = line.detail if isinstance(line.detail, dict) else {}
        describe = SENTENCES.get(line.action)
        try:
            what, details = describe(self, line, detail) if describe else (None, "")
        except (KeyError, TypeError, ValueError, AttributeError):
            what = None
        if what is None:
            what, details = line.action, summary(line.detail)
        who = line.claimed_user if line.imported else getattr(line.user, "username", "")
        text = _("%(what)s by %(who)s") % {"what": what, "who": who} if who else what
        token = detail.get("api_token")  # a deal sent by an app (api.write)
        if isinstance(token, str) and token:
            text += " " + _("via API token “%(name)s”") % {"name": token}
        return f"{text}: {details}" if details else text

    def entry(self, line, entry_id) -> str:
        if line.imported or entry_id not in self.entries:
            return f"#{entry_id}"
        return self.entries[entry_id]

    def entry_list(self, line, ids) -> str:
        return _listed([self.entry(line, i) for i in ids or []])

    def seat(self, line, seat, entry_id=None) -> str:
        """A seat at a table as the TD reads it: "Anna (seat 3)"; by its
        number alone where the line names no entry (lines before issue 36)
        or the entry is not this site's."""
        if isinstance(entry_id, int) and not line.imported and entry_id in self.entries:
            return _("%(name)s (seat %(seat)s)") % {
                "name": self.entries[entry_id],
                "seat": seat,
            }
        return _("seat %(seat)s") % {"seat": seat}

    def seats(self, line, d) -> str:
        """The seats of a line's ``seats`` with their ``entries``."""
        entries = d.get("entries") or []
        return ", ".join(
            self.seat(line, seat, entries[i] if i < len(entries) else None)
            for i, seat in enumerate(d["seats"])
        )

    def previous_record(self, detail: dict):
        key = (detail["round"], detail["table"], detail["deal"], detail["version"] - 1)
        return self.earlier.get(key)


def _get(detail, key):
    return detail.get(key) if isinstance(detail, dict) else None


def _schedule(tournament):
    try:
        return tournament.schedule
    except Exception:  # unreadable rules: contract codes instead of names
        return None


def _listed(names: list[str]) -> str:
    if len(names) <= MAX_NAMES:
        return ", ".join(names)
    more = len(names) - MAX_NAMES
    return ", ".join(names[:MAX_NAMES]) + " " + _("and %(n)s more") % {"n": more}


def _ids(value) -> list[int]:
    items = value if isinstance(value, list) else [value]
    return [i for i in items if isinstance(i, int) and not isinstance(i, bool)]


def _entry_names(tournament, lines) -> dict[int, str]:
    """The names of every entry the lines hold, by the keys declared with
    the log's writer (``tournaments.audit.ENTRY_KEYS``)."""
    ids = set().union(*(entry_ids(ln.detail) for ln in lines))
    if not ids:
        return {}
    names = event_names(tournament)  # as every page shows them
    return {pk: names[pk] for pk in ids if pk in names}


def _player_names(lines) -> dict[int, str]:
    ids = {
        i
        for ln in lines
        if ln.action == "entry.register"
        for i in _ids(ln.detail.get("players"))
    }
    return player_names(Player.objects.filter(id__in=ids))


def _earlier_records(tournament, lines) -> dict[tuple, dict]:
    """The record each corrected deal had before, from its earlier line."""
    wanted = set()
    for ln in lines:
        d = ln.detail
        if ln.action == "deal.save" and isinstance(d, dict):
            key = tuple(d.get(k) for k in ("round", "table", "deal", "version"))
            if all(isinstance(v, int) for v in key) and key[3] > 1:
                wanted.add((*key[:3], key[3] - 1))
    if not wanted:
        return {}
    match = reduce(
        or_,
        (
            Q(detail__round=r, detail__table=t, detail__deal=n, detail__version=v)
            for r, t, n, v in wanted
        ),
    )
    earlier = tournament.audit.filter(match, action="deal.save")
    out = {}
    for d in earlier.values_list("detail", flat=True):
        key = tuple(d.get(k) for k in ("round", "table", "deal", "version"))
        out.setdefault(key, d.get("record") or {})
    return out


# ---- one function per action: (what happened, details or "")


def _deal_save(words, line, d):
    where = {"deal": d["deal"], "table": d["table"]}
    version = d.get("version", 1)
    if version <= 1:
        what = _("Deal %(deal)s at table %(table)s entered") % where
        return what, record_words(d["record"], words.schedule)
    what = _("Deal %(deal)s at table %(table)s changed") % where
    before = words.previous_record(d)
    if before is None:  # the earlier line is not in this log
        return what, record_words(d["record"], words.schedule)
    return what, changes_words(before, d["record"], words.schedule)


def _deal_delete(words, line, d):
    what = _("Deal %(deal)s at table %(table)s deleted") % d
    return what, record_words(d.get("record") or {}, words.schedule)


def _jury_call(words, line, d):
    params = {
        "contract": contract_name(d["contract"], words.schedule),
        "name": words.entry(line, d["entry"]),
        "deal": d["deal"],
        "table": d["table"],
    }
    by = d.get("decided_by")
    who = _("decided by %(name)s") % {"name": by} if by else ""
    if d["decision"] == "approved":
        return _(
            "Jury approved %(contract)s of %(name)s (deal %(deal)s at table %(table)s)"
        ) % params, who
    return _(
        "Jury refused %(contract)s of %(name)s (deal %(deal)s at table %(table)s)"
    ) % params, who


def _round_seat(words, line, d):
    tables, byes = len(d.get("tables") or []), len(d.get("byes") or [])
    parts = [ngettext("%(n)s table", "%(n)s tables", tables) % {"n": tables}]
    if byes:
        parts.append(ngettext("%(n)s bye", "%(n)s byes", byes) % {"n": byes})
    sources = {
        "engine": _("seating engine"),
        "simple": _("simple generator"),
        "manual": _("by hand"),
        "standing": _("by standing"),
    }
    if d.get("source") in sources:
        parts.append(sources[d["source"]])
    return _("Round %(round)s seated") % d, ", ".join(parts)


def _round_swap(words, line, d):
    names = {"a": words.entry(line, d["a"]), "b": words.entry(line, d["b"])}
    return _("Seats of %(a)s and %(b)s swapped") % names, ""


def _round_move(words, line, d):
    name = words.entry(line, d["entry"])
    if d.get("to_table") is None:
        what = _("%(name)s moved to sit round %(round)s out")
    else:
        what = _("%(name)s moved to table %(table)s, seat %(seat)s")
    params = {
        "name": name,
        "round": d["round"],
        "table": d.get("to_table"),
        "seat": d.get("to_seat"),
    }
    if d.get("from_table") is not None:
        before = _("was at table %(table)s, seat %(seat)s") % {
            "table": d["from_table"],
            "seat": d.get("from_seat"),
        }
    elif d.get("was_out"):
        before = _("sat out before")
    else:
        before = _("was not seated before")
    return what % params, before


def _round_substitute(words, line, d):
    params = {
        "new": words.entry(line, d["entry"]),
        "old": words.entry(line, d["out"]),
        "table": d["table"],
    }
    return _("Seat of %(old)s at table %(table)s given to %(new)s") % params, ""


def _entry_withdraw(words, line, d):
    what = _("%(name)s withdrawn") % {"name": words.entry(line, d["entry"])}
    choices = {
        "reseat": _("the round is seated again"),
        "substitute": _("a substitute takes the seat"),
        "remove": _("the seat is taken away"),
    }
    parts = []
    if d.get("after"):
        parts.append(_("after round %(n)s") % {"n": d["after"]})
    if d.get("choice") in choices:
        parts.append(choices[d["choice"]])
    return what, ", ".join(parts)


def _entry_register(words, line, d):
    names = [
        f"#{i}" if line.imported else words.players.get(i, f"#{i}")
        for i in _ids(d["players"])
    ]
    return _("Players registered"), _listed(names)


def _role(text):
    def describe(words, line, d):
        role = dict(TournamentRole.Role.choices).get(d["role"], d["role"])
        return text() % {"user": d["username"], "role": str(role).lower()}, ""

    return describe


def _tournament_edit(words, line, d):
    labels = {
        f.name: str(f.verbose_name)
        for f in Tournament._meta.get_fields()
        if hasattr(f, "verbose_name")
    }
    return _("Settings changed"), ", ".join(labels.get(f, f) for f in d["fields"])


def _table_submit(words, line, d):
    by = words.seat(line, d["seat"], d.get("entry"))
    what = _("Deal %(deal)s at table %(table)s entered at the table by %(by)s") % {
        **d,
        "by": by,
    }
    waits = {
        "confirm": _("it counts once the other side confirms it"),
        "blind": _("it counts once the other side's entry matches"),
    }
    return what, waits.get(d.get("mode"), "")


def _table_confirm(words, line, d):
    to = words.seat(line, d["seat"], d.get("entry"))
    what = _("Deal %(deal)s at table %(table)s confirmed at the table by %(to)s") % {
        **d,
        "to": to,
    }
    by = words.seat(line, d["entered_by"], d.get("entered_entry"))
    return what, _("entered by %(by)s") % {"by": by}


def _table_agree(words, line, d):
    what = _("Deal %(deal)s at table %(table)s: both sides entered the same") % d
    return what, words.seats(line, d)


def _table_dispute(words, line, d):
    what = _(
        "Deal %(deal)s at table %(table)s: the two sides' entries differ, "
        "the TD decides"
    )
    return what % d, words.seats(line, d)


def _table_decide(words, line, d):
    what = _("Deal %(deal)s at table %(table)s decided") % d
    chosen = words.seat(line, d["seat"], d.get("entry"))
    details = _("the entry of %(who)s counts") % {"who": chosen}
    reason = _reason(words, line, d)
    return what, f"{details}, {reason}" if reason else details


def _fixed(text, details=None):
    """A sentence from the detail's numbers alone (round, table, …)."""

    def describe(words, line, d):
        return text() % d, details(words, line, d) if details else ""

    return describe


def _reason(words, line, d) -> str:
    """A correction's reason (a published round reopened), as the TD gave it."""
    return _("reason: %(reason)s") % {"reason": d["reason"]} if d.get("reason") else ""


SENTENCES = {
    "deal.save": _deal_save,
    "deal.delete": _deal_delete,
    "jury.call": _jury_call,
    "table.close": _fixed(lambda: _("Table %(table)s closed")),
    "table.reopen": _fixed(lambda: _("Table %(table)s reopened"), _reason),
    "table.sheet": _fixed(lambda: _("Paper totals of table %(table)s stored")),
    "table.totals": _fixed(
        lambda: _("Players' totals of table %(table)s entered"), _reason
    ),
    "table.to_deals": _fixed(
        lambda: _("Table %(table)s moved from totals to deals"), _reason
    ),
    "table.release": _fixed(
        lambda: _("Seat %(seat)s at table %(table)s freed for another phone")
    ),
    "table.tablet": _fixed(lambda: _("A device made the tablet of table %(table)s")),
    "table.submit": _table_submit,
    "table.confirm": _table_confirm,
    "table.agree": _table_agree,
    "table.dispute": _table_dispute,
    "table.decide": _table_decide,
    "round.seat": _round_seat,
    "round.swap": _round_swap,
    "round.move": _round_move,
    "round.substitute": _round_substitute,
    "round.seat_removed": _fixed(
        lambda: _("Seat %(position)s at table %(table)s removed")
    ),
    "round.unseat": _fixed(lambda: _("Seating of round %(round)s removed")),
    "round.close": _fixed(lambda: _("Round %(round)s closed")),
    "round.reopen": _fixed(lambda: _("Round %(round)s reopened"), _reason),
    "round.publish": _fixed(lambda: _("Results of round %(round)s published")),
    "round.unpublish": _fixed(
        lambda: _("Results of round %(round)s taken off the public pages")
    ),
    "entry.register": _entry_register,
    "entry.checkin": lambda w, ln, d: (
        _("Players checked in"),
        w.entry_list(ln, _ids(d["entries"])),
    ),
    "entry.checkout": lambda w, ln, d: (
        _("%(name)s checked out") % {"name": w.entry(ln, d["entry"])},
        "",
    ),
    "entry.unwithdraw": lambda w, ln, d: (
        _("%(name)s taken back into the tournament")
        % {"name": w.entry(ln, d["entry"])},
        "",
    ),
    "entry.withdraw": _entry_withdraw,
    "seating.keep_apart": lambda w, ln, d: (
        _("Kept apart at the seating"),
        w.entry_list(ln, _ids(d["entries"])),
    ),
    "seating.keep_apart_removed": lambda w, ln, d: (
        _("No longer kept apart at the seating"),
        w.entry_list(ln, _ids(d["entries"])),
    ),
    "role.add": _role(lambda: _("%(user)s added as %(role)s")),
    "role.remove": _role(lambda: _("Role %(role)s of %(user)s removed")),
    "tournament.create": lambda w, ln, d: (_("Tournament created"), ""),
    "api.token_create": lambda w, ln, d: (
        _("API token “%(name)s” made") % {"name": d["name"]},
        "",
    ),
    "api.token_revoke": lambda w, ln, d: (
        _("API token “%(name)s” revoked") % {"name": d["name"]},
        "",
    ),
    "player.erase": lambda w, ln, d: (
        _("A player's personal data erased"),
        _("now %(pseudonym)s") % {"pseudonym": d["pseudonym"]},
    ),
    "player.merge": lambda w, ln, d: (
        _("Players merged"),
        _("%(gone)s into %(keep)s") % {"gone": d["gone"], "keep": d["keep"]},
    ),
    "tournament.edit": _tournament_edit,
    "tournament.import": lambda w, ln, d: (
        _("Tournament imported from a backup"),
        _("from %(slug)s") % {"slug": d["from"]} if d.get("from") else "",
    ),
}
