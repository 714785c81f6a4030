"""No web request waits on mail (issue 36, 3): work after a change goes on
the task queue (django-tasks, database backend) and the worker process
does it; a mail server that accepts the connection and never answers
costs the worker one timeout per run, never a page; failures are retried
with growing waits.

The last test runs the real processes (granian as ``make serve`` starts
it, ``manage.py run_worker``) against a listener that never answers."""

import os
import secrets
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from bench.load.hung_mail import HungServer
from core import background
from mailings.models import Mail
from mailings.queue import work_off

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@pytest.fixture
def hung_smtp(settings):
    server = HungServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 20
    yield server
    server.close()


def waiting(task) -> list:
    """The rows of ``task`` waiting on the queue."""
    return list(
        DBTaskResult.objects.filter(
            status=TaskResultStatus.READY, task_path=task.module_path
        )
    )


def queue_mails(n: int) -> None:
    for i in range(n):
        Mail.objects.create(
            kind="results", to=f"p{i}@example.org", subject="s", text="t"
        )


@pytest.mark.django_db(transaction=True)  # the request's own transaction
def test_a_post_waits_for_no_mail_server(hung_smtp, worker_queue, small_event, client):
    entry = small_event.entries.first()
    url = reverse("mailings:subscribe", args=[small_event.slug, entry.pk])
    before = len(waiting(background.catch_up))
    started = time.monotonic()
    answer = client.post(url, {"email": "me@example.org", "mail_results": "on"})
    assert answer.status_code == 302
    assert time.monotonic() - started < 2  # the server would hold it 20 s
    assert Mail.objects.get().status == Mail.Status.QUEUED
    assert len(waiting(background.catch_up)) == before + 1  # the worker's turn


@pytest.mark.django_db
def test_a_hung_server_costs_the_worker_one_timeout_then_waits(
    hung_smtp, worker_queue, settings
):
    settings.EMAIL_TIMEOUT = 1
    queue_mails(5)
    started = time.monotonic()
    work_off()
    assert time.monotonic() - started < 3  # one timeout, not five
    mails = Mail.objects.all()
    assert set(mails.values_list("attempts", flat=True)) == {1}
    assert all("timed out" in m.last_error for m in mails)
    (retry,) = waiting(background.catch_up)
    first_retry = min(m.next_try for m in mails)
    assert abs((retry.run_after - first_retry).total_seconds()) < 1


def broken() -> None:
    raise RuntimeError("a catch-up that fails")


def test_a_failing_catch_up_is_tried_again_with_growing_waits(
    worker_queue, monkeypatch, db
):
    ran = []
    monkeypatch.setattr(
        background, "_CATCH_UPS", [f"{__name__}.broken", f"{__name__}.fine"]
    )
    monkeypatch.setattr(
        __import__(__name__), "fine", lambda: ran.append(1), raising=False
    )
    for attempt, wait in enumerate(background.BACKOFF):
        before = timezone.now()
        with pytest.raises(RuntimeError):
            background.catch_up.call(attempt)
        (again,) = waiting(background.catch_up)
        assert again.args_kwargs["args"] == [attempt + 1]
        assert again.run_after - before >= wait - timedelta(seconds=1)
        again.delete()  # the worker takes it
    with pytest.raises(RuntimeError):
        background.catch_up.call(len(background.BACKOFF))
    assert waiting(background.catch_up) == []  # given up: the sweep goes on
    assert len(RAN) == len(background.BACKOFF) + 1  # the others ran every time


RAN: list[int] = []


def fine() -> None:
    RAN.append(1)


@pytest.mark.django_db(transaction=True)  # transactions of its own
def test_a_transaction_adds_one_row_and_a_retry_none_when_one_waits(worker_queue):
    from django.db import transaction

    DBTaskResult.objects.all().delete()
    with transaction.atomic():
        background.after_change()
        background.after_change()
    assert len(waiting(background.catch_up)) == 1  # one a transaction
    with transaction.atomic():
        background.after_change()
    assert len(waiting(background.catch_up)) == 2  # no query first: extra is no-op
    with transaction.atomic():
        try:
            with transaction.atomic():
                background.after_change()
                raise ValueError
        except ValueError:
            pass
        background.after_change()  # the first went with its savepoint
    assert len(waiting(background.catch_up)) == 3
    DBTaskResult.objects.all().delete()
    background.catch_up_later(timedelta(minutes=5))
    background.catch_up_later(timedelta(minutes=10))
    assert len(waiting(background.catch_up)) == 1
    background.start_sweeping()
    background.start_sweeping()
    assert len(waiting(background.sweep)) == 1


def _database_url() -> str:
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or "postgres"
    return f"postgres://{user}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, seconds: float = 30) -> None:
    import requests

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            requests.get(url, timeout=2)
            return
        except requests.RequestException:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


@pytest.mark.django_db(transaction=True)
def test_served_pages_stay_fast_while_the_mail_server_hangs(tmp_path):
    """granian (2 workers, as ``make serve``) and ``run_worker`` against a
    server that never answers: 8 subscriptions at once, then pages."""
    import requests

    from demo.events import generate_event

    hung = HungServer()
    event = generate_event("hung", 8, 1, 4, rules="nl", seed=2)
    entry = event.entries.first()
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(hung.port),
        "EMAIL_TIMEOUT": "20",
        "PGAPPNAME": SERVED,  # their PostgreSQL sessions, to close at the end
    }
    env.pop("REDIS_URL", None)
    log = (tmp_path / "servers.log").open("w")
    server = subprocess.Popen(
        [str(BIN / "granian"), "--interface", "wsgi", "--workers", "2",
         "--blocking-threads", "4", "--host", "127.0.0.1", "--port", str(port),
         "--no-ws", "rikscore.wsgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True,
    )  # fmt: skip
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "run_worker", "--no-startup-delay",
         "--interval", "0.2", "--no-reload"],
        cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    form = f"{base}{reverse('mailings:subscribe', args=[event.slug, entry.pk])}"
    try:
        _wait_for(f"{base}/t/{event.slug}/")

        def subscribe(n: int) -> float:
            session = requests.Session()
            session.get(form, timeout=30)
            started = time.monotonic()
            answer = session.post(
                form,
                {"email": f"p{n}@example.org", "mail_results": "on",
                 "csrfmiddlewaretoken": session.cookies["csrftoken"]},
                headers={"Referer": form}, timeout=30, allow_redirects=False,
            )  # fmt: skip
            assert answer.status_code == 302, answer.text[:300]
            return time.monotonic() - started

        with ThreadPoolExecutor(8) as pool:
            posts = list(pool.map(subscribe, range(8)))
        deadline = time.monotonic() + 15
        while not hung.held and time.monotonic() < deadline:
            time.sleep(0.1)
        assert hung.held, "the worker never reached the mail server"
        pages = []
        for path in (f"/t/{event.slug}/", form.removeprefix(base), "/"):
            for _ in range(5):
                started = time.monotonic()
                assert requests.get(base + path, timeout=30).status_code == 200
                pages.append(time.monotonic() - started)
        assert (
            worker.poll() is None and Mail.objects.filter(status="queued").count() == 8
        )
        assert max(posts) < 2, posts
        assert max(pages) < 2, pages
    finally:
        for proc in (server, worker):
            os.killpg(proc.pid, 9)
            proc.wait(timeout=20)
        _close_their_connections()
        hung.close()
        log.close()


SERVED = "rikscore-test-served"


def _close_their_connections() -> None:
    """PostgreSQL may still hold the killed processes' sessions a moment:
    the test database must be free to drop. Only theirs: this worker's
    live server keeps its own session for the tests after."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = %s",
            [SERVED],
        )
