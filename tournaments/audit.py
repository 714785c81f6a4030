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
