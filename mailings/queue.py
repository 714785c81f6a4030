"""Mail follows results after the response, never inside it.

A result event that calls for mail (``mailings.events``) notes a
``MailDue`` row in the change's own transaction; once committed,
``work_off`` runs after the response (``tournaments.after_response``):
it writes the mails due (``mailings.compose``) and sends what is queued
(``mailings.sending``). Both are idempotent: ``manage.py send_mail_queue``
(cron) catches up with anything a stopped worker left.
"""

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from mailings.models import Mail, MailDue
from mailings.results_mail import write_results
from mailings.seating_mail import write_seating
from mailings.sending import send_due
from tournaments.after_response import after_response
from tournaments.models import Tournament

log = logging.getLogger(__name__)


def note_due(tournament_id: int, what: str, round_number: int) -> None:
    MailDue.objects.create(tournament_id=tournament_id, what=what, round=round_number)
    transaction.on_commit(lambda: after_response(work_off), robust=True)


def work_off() -> tuple[int, int]:
    """Write the mails due, then send the queue: (written, sent)."""
    return write_due(), send_due()["sent"]


def write_due() -> int:
    written = 0
    keys = MailDue.objects.values_list("tournament_id", "what", "round").distinct()
    for key in sorted(set(keys)):
        try:
            with transaction.atomic():
                rows = MailDue.objects.select_for_update().filter(
                    tournament_id=key[0], what=key[1], round=key[2]
                )
                ids = list(rows.values_list("pk", flat=True))
                if not ids:  # another worker took them
                    continue
                written += write(*key)
                MailDue.objects.filter(pk__in=ids).delete()
        except Exception:
            log.exception("mail due for event %s could not be written", key[0])
    return written


def write(tournament_id: int, what: str, round_number: int) -> int:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not _anyone_subscribed(tournament):
        return 0
    if what == MailDue.What.SEATING:
        return write_seating(tournament, round_number)
    if what == MailDue.What.CORRECTION:
        return write_results(tournament, [round_number], only_corrections=True)
    if round_number:
        return write_results(tournament, [round_number])
    return write_results(tournament, _not_mailed_yet(tournament))


def _anyone_subscribed(tournament: Tournament) -> bool:
    """Most events have no subscriber: one query and done."""
    players = tournament.entries.filter(player__mail_consent_at__isnull=False)
    return players.exclude(player__email="").exists()


def _not_mailed_yet(tournament: Tournament) -> list[int]:
    """Rounds that just became public (hidden last rounds shown): those no
    results mail of the event was written for yet."""
    numbers = tournament.round_set.values_list("number", flat=True)
    mailed = set(
        tournament.mails.filter(kind="results").values_list("scope", flat=True)
    )
    return [n for n in numbers if f"round:{n}" not in mailed]


#: How long a mail is kept (its text names the player's results).
KEEP_DAYS = 365


def forget_old(now=None) -> int:
    """Delete the mails written more than ``KEEP_DAYS`` ago: how many."""
    before = (now or timezone.now()) - timedelta(days=KEEP_DAYS)
    return Mail.objects.filter(created__lt=before).delete()[0]
