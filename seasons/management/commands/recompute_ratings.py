"""Rebuild every rating from scratch (after an import, a deleted event, or
to repair an update that failed): ``manage.py recompute_ratings``."""

import time

from django.core.management.base import BaseCommand

from seasons.ratings import recompute_ratings


class Command(BaseCommand):
    help = "Recompute every player's rating from all rated results, in order."

    def handle(self, *args, **opts):
        start = time.perf_counter()
        rows = recompute_ratings()
        seconds = time.perf_counter() - start
        self.stdout.write(f"{rows} ratings stored in {seconds:.1f} s")
