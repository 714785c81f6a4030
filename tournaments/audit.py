"""The audit log's one writer: who did what, for people (``AuditLog``).

Every service that changes an event writes its line here, inside its own
transaction, with all it knows at that moment: a line is never rewritten
afterwards (a caller with more to say, such as the API naming the token a
deal came with, passes it in). Lines name players by entry or, for deals,
by the names people read at the time. The one other place that makes
lines is the restore of a backup, which copies the file's own lines as they
were (``documents.event_backup``).
"""

from tournaments.models import AuditLog, TableRound, Tournament

#: The detail keys whose values are entry ids (a number, or lists of them:
#: a seating's ``tables``), declared once for every reader: a member's data
#: export finds the lines about them by these (``seasons.privacy``), the
#: audit page names the players they hold (``td.audit_text``). A writer that
#: names an entry under a new key adds it here; a test reads every writer's
#: keys and fails on one that is in neither list
#: (tests/seasons/test_privacy_declared.py). ``first``/``second``: lines of
#: older versions (a pair kept apart).
ENTRY_KEYS = (
    "entry", "entries", "a", "b", "out", "entered_entry", "tables", "byes",
    "first", "second",
)  # fmt: skip

#: The detail keys whose values are register player ids (``entry.register``,
#: ``player.erase``). A merge's ``id`` names a player that is gone.
PLAYER_KEYS = ("players", "player")


def ids_in(value) -> set[int]:
    """The ids a detail value holds: a number, or lists of them, nested."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value))
    return set()


def entry_ids(detail) -> set[int]:
    """Every entry id an audit line's detail holds (``ENTRY_KEYS``)."""
    if not isinstance(detail, dict):
        return set()
    return set().union(*(ids_in(detail.get(k)) for k in ENTRY_KEYS))


def player_ids(detail) -> set[int]:
    """Every register player id an audit line's detail holds."""
    if not isinstance(detail, dict):
        return set()
    return set().union(*(ids_in(detail.get(k)) for k in PLAYER_KEYS))


def user_or_none(user):
    """The user to link a line to: nobody for an anonymous visitor (a phone
    at the table) or work without one (the worker, a command)."""
    return user if user is not None and user.is_authenticated else None


def audit(tournament: Tournament, user, action: str, **detail) -> AuditLog:
    """One line of ``tournament``'s log: ``action`` and what it concerns."""
    return AuditLog.objects.create(
        tournament=tournament, user=user_or_none(user), action=action, detail=detail
    )


def table_line(table: TableRound, user, action: str, **detail) -> AuditLog:
    """A line about one table-round: its round and table go first."""
    where = {"round": table.round.number, "table": table.number}
    return audit(table.round.tournament, user, action, **where, **detail)


def deal_line(table: TableRound, user, action: str, number: int, **detail) -> AuditLog:
    """A line about deal ``number`` at ``table`` (stored, deleted, decided)."""
    return table_line(table, user, action, deal=number, **detail)
