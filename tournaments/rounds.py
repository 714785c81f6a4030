"""Round-level writes for the TD: close, reopen, publish; keep the round rows
in step with the tournament's round count. Each write is one transaction
with an audit line; refusals raise ``RoundRefusedError`` with a user message.
"""

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from tournaments import paper_sheet
from tournaments.audit import audit
from tournaments.corrections import (
    REASON_NEEDED,
    clean_reason,
    needs_reason,
    note_reopening,
)
from tournaments.locks import lock_round_tables
from tournaments.models import Round, Tournament
from tournaments.result_events import EventEdited, RoundChange, RoundChanged, announce
from tournaments.result_lock import refuse_if_locked


class RoundRefusedError(Exception):
    """The round cannot change state (message for the user)."""


def open_tables(round_: Round) -> list[int]:
    """Numbers of the tables neither closed nor complete (every deal
    entered, or typed totals: ``paper_sheet.complete``)."""
    needed = round_.tournament.deals_per_round
    tables = round_.tables.annotate(n=Count("deals")).order_by("number")
    return [
        t.number
        for t in tables
        if not paper_sheet.complete(t.closed, t.totals_only, t.n, needed)
    ]


@transaction.atomic
def close_round(round_: Round, user=None) -> None:
    refuse_if_locked(round_.tournament_id, RoundRefusedError)
    lock_round_tables(round_)
    if not round_.tables.exists():
        raise RoundRefusedError(_("This round is not seated yet."))
    still_open = open_tables(round_)
    if still_open:
        raise RoundRefusedError(
            _("These tables are still open: %(tables)s.")
            % {"tables": ", ".join(str(n) for n in still_open)}
        )
    off_sheet = paper_sheet.differences(round_.tables.filter(closed=False))
    if off_sheet:
        raise RoundRefusedError(
            _("At these tables the deals do not add up to the paper sheet: %(tables)s.")
            % {"tables": ", ".join(str(n) for n in off_sheet)}
        )
    round_.tables.update(closed=True)
    round_.status = Round.Status.CLOSED
    round_.save(update_fields=["status"])
    audit(round_.tournament, user, "round.close", round=round_.number)
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.CLOSED))


@transaction.atomic
def reopen_round(round_: Round, user=None, reason: str = "") -> None:
    """Back to seated with every table open again, for corrections; a
    published round only with the TD's reason (``tournaments.corrections``)."""
    refuse_if_locked(round_.tournament_id, RoundRefusedError)
    reason = clean_reason(reason)
    if needs_reason(round_) and not reason:
        raise RoundRefusedError(REASON_NEEDED)
    tables = lock_round_tables(round_)
    if round_.status != Round.Status.CLOSED:
        raise RoundRefusedError(_("This round is not closed."))
    round_.tables.update(closed=False)
    round_.status = Round.Status.SEATED
    round_.save(update_fields=["status"])
    note_reopening(round_, reason, tables)
    detail = {"reason": reason} if reason else {}
    audit(round_.tournament, user, "round.reopen", round=round_.number, **detail)
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.REOPENED))


@transaction.atomic
def publish_round(round_: Round, published: bool, user=None) -> None:
    """Release control: only published rounds show on the public pages."""
    refuse_if_locked(round_.tournament_id, RoundRefusedError)
    if published and round_.status == Round.Status.DRAFT:
        raise RoundRefusedError(_("A round that is not seated cannot be published."))
    round_.published = published
    round_.save(update_fields=["published"])
    action = "round.publish" if published else "round.unpublish"
    audit(round_.tournament, user, action, round=round_.number)
    change = RoundChange.PUBLISHED if published else RoundChange.UNPUBLISHED
    announce(RoundChanged(round_.tournament_id, round_.number, change))


def last_used_round(tournament: Tournament) -> int:
    """The highest round with a seating stored (0 before the first)."""
    numbers = tournament.round_set.filter(tables__isnull=False).values_list(
        "number", flat=True
    )
    return max(numbers, default=0)


@transaction.atomic
def sync_rounds(tournament: Tournament) -> None:
    """Create missing rounds; drop unseated ones beyond ``tournament.rounds``."""
    have = set(tournament.round_set.values_list("number", flat=True))
    Round.objects.bulk_create(
        Round(tournament=tournament, number=n)
        for n in range(1, tournament.rounds + 1)
        if n not in have
    )
    tournament.round_set.filter(
        number__gt=tournament.rounds, tables__isnull=True
    ).delete()


def settings_changed(tournament: Tournament, user, fields) -> None:
    """After the event's settings were saved (in the same transaction): the
    rounds follow the round count; the change is logged and announced."""
    sync_rounds(tournament)
    audit(tournament, user, "tournament.edit", fields=sorted(fields))
    announce(EventEdited(tournament.pk, frozenset(fields)))
