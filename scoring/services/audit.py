"""The audit lines of deals: who stored or deleted what, players by name
(a log keeps the names people read at the time)."""

from tournaments.models import AuditLog


def user_or_none(user):
    return user if user is not None and user.is_authenticated else None


def deal_line(table, user, action: str, number: int, **detail) -> None:
    AuditLog.objects.create(
        tournament=table.round.tournament,
        user=user_or_none(user),
        action=action,
        detail={
            "round": table.round.number,
            "table": table.number,
            "deal": number,
            **detail,
        },
    )
