"""Work off the mail queue: write the mails due and send what is waiting,
retrying failures whose time has come. Run it from cron every few minutes
(``*/5 * * * * manage.py send_mail_queue``): the site sends after each
response as well, this catches up with failures and a stopped worker. It
also deletes the mails older than ``KEEP_DAYS`` (docs/privacy.md)."""

from django.core.management.base import BaseCommand

from mailings.queue import forget_old, write_due
from mailings.sending import send_due


class Command(BaseCommand):
    help = "Write the mails due and send the queued mail (retries included)."

    def handle(self, *args, **options) -> None:
        written = write_due()
        outcome = send_due()
        forgotten = forget_old()
        self.stdout.write(
            f"written {written}, sent {outcome['sent']}, failed {outcome['failed']}, "
            f"deleted {forgotten} older than a year"
        )
