"""The worker process: runs the jobs changes ask for (``core.background``).

``make run`` and ``make serve`` start it beside the web server. It is
django-tasks-db's ``db_worker`` (same options), which first queues a sweep,
so work left due while no worker ran (a stopped laptop, a lost task) is
done at once and then every few minutes.
"""

from django_tasks_db.management.commands.db_worker import Command as DbWorker

from core.background import start_sweeping


class Command(DbWorker):
    help = "Run the jobs that changes ask for (mail, ratings), with retries."

    def handle(self, *args, **options):
        start_sweeping()
        super().handle(*args, **options)
