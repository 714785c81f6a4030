"""Mail follows results in the worker, never in a web request.

A result event that calls for mail (``mailings.events``) notes a
``MailDue`` row in the change's own transaction; once committed, the
worker runs ``work_off`` (``core.background``): it writes the mails due
(``mailings.compose``) and sends what is queued (``mailings.sending``,
which asks for itself again when a mail waits for its retry). Both are
idempotent: the worker's sweep (and ``manage.py send_mail_queue`` by hand)
catches up with anything a stopped worker left.
"""

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from core.background import after_change, catch_up_later, catches_up, tidies
from mailings.models import Mail, MailDue
from mailings.results_mail import write_results
from mailings.seating_mail import write_seating
from mailings.sending import next_retry, send_due
from tournaments.locks import lock_players
from tournaments.models import Player, Tournament
from tournaments.subscriptions import anyone_q

log = logging.getLogger(__name__)


def note_due(tournament_id: int, what: str, round_number: int) -> None:
    MailDue.objects.create(tournament_id=tournament_id, what=what, round=round_number)
    after_change()


@catches_up
def work_off() -> tuple[int, int]:
    """Write the mails due, then send the queue, then ask to run again when
    the first mail that failed is due for its retry: (written, sent)."""
    written, sent = write_due(), send_due()["sent"]
    retry_at = next_retry()
    if retry_at is not None:
        catch_up_later(retry_at - timezone.now())
    return written, sent


@tidies
def forget_old_mail() -> int:
    """``forget_old``, on every sweep of the worker (docs/privacy.md)."""
    return forget_old()


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
                # Mails copy names: an erasure meanwhile waits, or is read.
                lock_players(Player.objects.filter(entries__tournament_id=key[0]))
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
    return tournament.entries.filter(anyone_q("player__")).exists()


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
