"""Sending the queue through Django's mail (the SMTP server of the
settings): each mail as text and HTML, with a one-click unsubscribe
(RFC 8058). A failure is kept on the mail (``last_error``) and tried again
later, ever less often; after ``MAX_ATTEMPTS`` the mail is marked failed
for the organiser to see (``/manage/<event>/mail/``) and retry. A server
that does not answer stops the batch at its first mail: only the worker
waits for it (``EMAIL_TIMEOUT``), once, never a web request."""

import smtplib
from contextlib import suppress
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db.models import F
from django.utils import timezone

from mailings.models import Mail
from mailings.tokens import unsubscribe_url

MAX_ATTEMPTS = 5
#: Wait after the n-th failed attempt (minutes).
BACKOFF = (1, 5, 30, 120)
#: A mail being sent is not due for another worker meanwhile.
CLAIM = timedelta(minutes=10)
BATCH = 200


def send_due(now=None) -> dict[str, int]:
    """Send the queued mails whose time has come, batch after batch until
    none is left: {"sent", "failed"}."""
    now = now or timezone.now()
    outcome = {"sent": 0, "failed": 0}
    while True:
        batch = _send_batch(now)
        outcome = {key: outcome[key] + batch[key] for key in outcome}
        if batch.get("stopped") or batch["sent"] + batch["failed"] < BATCH:
            return outcome


def _send_batch(now) -> dict[str, int]:
    due = Mail.objects.filter(status=Mail.Status.QUEUED, next_try__lte=now)
    ids = list(due.order_by("next_try", "pk").values_list("pk", flat=True)[:BATCH])
    outcome = {"sent": 0, "failed": 0}
    if not ids:
        return outcome
    connection = get_connection(fail_silently=False)
    try:
        for pk in ids:
            claimed = Mail.objects.filter(
                pk=pk, status=Mail.Status.QUEUED, next_try__lte=now
            ).update(next_try=now + CLAIM)
            if not claimed:
                continue
            error = _send(Mail.objects.get(pk=pk), connection)
            outcome["failed" if error else "sent"] += 1
            if server_down(error):
                rest = ids[ids.index(pk) + 1 :]
                outcome["failed"] += _all_failed(rest, error, now)
                outcome["stopped"] = 1
                break
    finally:
        with suppress(Exception):  # a dead server: nothing to close
            connection.close()
    return outcome


def _all_failed(ids: list[int], error: Exception, now) -> int:
    """The server is down: every mail of the batch left (not claimed by
    another worker meanwhile) counts this attempt as failed with the same
    error, without waiting on the server again; how many."""
    left = Mail.objects.filter(pk__in=ids, status=Mail.Status.QUEUED, next_try__lte=now)
    mails = list(left)
    for mail in mails:
        _failed(mail, error)
    return len(mails)


def message(mail: Mail, connection=None) -> EmailMultiAlternatives:
    headers = {"Auto-Submitted": "auto-generated"}
    if mail.player_id and mail.kind != Mail.Kind.CONFIRM:
        link = unsubscribe_url(mail.player_id, mail.kind, mail.to)
        headers["List-Unsubscribe"] = f"<{link}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg = EmailMultiAlternatives(
        mail.subject,
        mail.text,
        settings.DEFAULT_FROM_EMAIL,
        [mail.to],
        headers=headers,
        connection=connection,
    )
    if mail.html:
        msg.attach_alternative(mail.html, "text/html")
    return msg


def _send(mail: Mail, connection) -> Exception | None:
    """Send one mail: None, or the failure (kept on the mail, retried)."""
    try:
        message(mail, connection).send()
    except Exception as exc:  # any failure is kept and retried
        _failed(mail, exc)
        return exc
    Mail.objects.filter(pk=mail.pk).update(
        status=Mail.Status.SENT,
        sent_at=timezone.now(),
        attempts=F("attempts") + 1,
        last_error="",
    )
    return None


def server_down(error: Exception | None) -> bool:
    """A failure of the server rather than of one mail (no answer, refused
    the connection, hung up): the rest of the batch waits for the retry
    instead of each mail waiting ``EMAIL_TIMEOUT`` on a dead server in
    turn. A server that answered about this one mail (a refused recipient,
    a 5xx on its data) is up."""
    if error is None or isinstance(error, smtplib.SMTPRecipientsRefused):
        return False
    if isinstance(error, smtplib.SMTPConnectError):
        return True
    if isinstance(error, smtplib.SMTPResponseException):
        return False
    return isinstance(error, OSError)


def next_retry(now=None):
    """When the earliest waiting mail is due again (None: none waits)."""
    now = now or timezone.now()
    waiting = Mail.objects.filter(status=Mail.Status.QUEUED, next_try__gt=now)
    return waiting.order_by("next_try").values_list("next_try", flat=True).first()


def _failed(mail: Mail, exc: Exception) -> None:
    attempts = mail.attempts + 1
    error = f"{type(exc).__name__}: {exc}"[:1000]
    if attempts >= MAX_ATTEMPTS:
        fields = {"status": Mail.Status.FAILED}
    else:
        wait = BACKOFF[min(attempts, len(BACKOFF)) - 1]
        fields = {"next_try": timezone.now() + timedelta(minutes=wait)}
    Mail.objects.filter(pk=mail.pk).update(
        attempts=attempts, last_error=error, **fields
    )


def retry(mails) -> int:
    """The organiser's "retry now": waiting and failed mails due at once,
    a failed one with one more attempt."""
    now = timezone.now()
    failed = mails.filter(status=Mail.Status.FAILED).update(
        status=Mail.Status.QUEUED, next_try=now, attempts=MAX_ATTEMPTS - 1
    )
    return failed + mails.filter(status=Mail.Status.QUEUED).update(next_try=now)
