"""``make load-mail``: pages while the mail server hangs (issue 36).

The production setup of ``make load`` (PostgreSQL, granian with 2 workers,
the worker process ``run_worker``), its 400-player event, and a mail
server that accepts every connection and never answers (``EMAIL_TIMEOUT``
20 s, Django's default here). Then, as the red team did: 8 subscription
posts at once, and 40 more at one a second, while a visitor opens a public
page every quarter second. Before the task queue a post held a web thread
up to 20 s a mail and every page took 16–39 s; now the worker alone waits.

Figures: ``hung_mail_post_ms`` (p50 / max of the 48 posts),
``hung_mail_page_ms`` (p50 / p99 / max of the visitor's pages), and
``hung_mail_worker_waiting`` (the worker was held by the server meanwhile:
connections the server holds).
"""

import json
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from bench.load import run

POSTS_AT_ONCE = 8
POSTS_SLOW = 40


class HungServer:
    """Accepts every connection and never says a word (no SMTP greeting);
    ``held``: the connections it holds (tests/mailings/test_worker.py too)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                self.held.append(self.sock.accept()[0])
            except OSError:
                return

    def close(self) -> None:
        for conn in self.held:
            conn.close()
        self.sock.close()


def subscribe(form: str, n: int) -> float:
    session = requests.Session()
    session.get(form, timeout=60)
    started = time.monotonic()
    answer = session.post(
        form,
        {
            "email": f"bezoeker{n}@example.org",
            "mail_results": "on",
            "csrfmiddlewaretoken": session.cookies["csrftoken"],
        },
        headers={"Referer": form, "X-Forwarded-For": f"192.0.2.{n % 250}"},
        timeout=60,
        allow_redirects=False,
    )
    took = (time.monotonic() - started) * 1000
    if answer.status_code != 302:
        raise SystemExit(f"load-mail: a post answered {answer.status_code}")
    return took


def visitor(pages: list[str], stop: threading.Event, times: list[float]) -> None:
    session = requests.Session()
    i = 0
    while not stop.is_set():
        started = time.monotonic()
        session.get(run.HOST + pages[i % len(pages)], timeout=60)
        times.append((time.monotonic() - started) * 1000)
        i += 1
        time.sleep(0.25)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="rikscore-hung-mail-"))
    hung = HungServer()
    env = run.production_env()
    env.update(
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(hung.port),
        EMAIL_TIMEOUT="20",
        DJANGO_PROXIES="1",  # each post from its own client, as from a hall
    )
    print(f"load-mail: PostgreSQL {run.DATABASE}, granian {run.WORKERS} workers")
    run.prepare(work, env)
    plan = json.loads((work / "plan.json").read_text())
    server = subprocess.Popen(
        run.server_command(), cwd=run.ROOT, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    worker = subprocess.Popen(
        [run.PY, "manage.py", "run_worker", "--no-reload", "-v0"],
        cwd=run.ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    try:
        run.wait_for_server(server)
        entry = plan["entries"][0]
        form = f"{run.HOST}/mail/subscribe/{urllib.parse.quote(plan['slug'])}/{entry}/"
        pages = [*run.public_pages(plan)[:20], form.removeprefix(run.HOST)]
        for path in pages:
            requests.get(run.HOST + path, timeout=60)  # each kept once
        stop, times = threading.Event(), []
        watcher = threading.Thread(target=visitor, args=(pages, stop, times))
        watcher.start()
        with ThreadPoolExecutor(POSTS_AT_ONCE) as pool:
            posts = list(pool.map(lambda n: subscribe(form, n), range(POSTS_AT_ONCE)))
        for n in range(POSTS_SLOW):
            posts.append(subscribe(form, POSTS_AT_ONCE + n))
            time.sleep(1)
        stop.set()
        watcher.join()
    finally:
        run.stop(server)
        run.stop(worker)
    times.sort()
    print(
        f"hung_mail_post_ms: p50 {statistics.median(posts):.0f} ms, "
        f"max {max(posts):.0f} ms ({len(posts)} posts)"
    )
    print(
        f"hung_mail_page_ms: p50 {statistics.median(times):.0f} ms, "
        f"p99 {times[int(len(times) * 0.99) - 1]:.0f} ms, max {times[-1]:.0f} ms "
        f"({len(times)} pages)"
    )
    print(f"hung_mail_worker_waiting: {len(hung.held)} connections held by the server")


if __name__ == "__main__":
    main()
