"""Work off the mail queue by hand: write the mails due and send what is
waiting, retrying failures whose time has come, and delete the mails older
than ``KEEP_DAYS`` (docs/privacy.md). The worker (``manage.py
run_worker``) does the same on its own; this is for a site run without
one, or to see what is stuck."""

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
