"""Bring the ratings up to date with every change still due (a worker that
stopped before its work after the response): ``manage.py catch_up_ratings``.
Cron may run it; it does nothing when the ratings are current."""

import time

from django.core.management.base import BaseCommand

from seasons.rating_queue import catch_up


class Command(BaseCommand):
    help = "Rate every change still due; nothing when the ratings are current."

    def handle(self, *args, **opts):
        start = time.perf_counter()
        outcome = catch_up()
        seconds = time.perf_counter() - start
        self.stdout.write(f"ratings {outcome} in {seconds:.2f} s")
