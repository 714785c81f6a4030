"""What a burst of logins does to everyone else (issue 36): the median time
of a public page while ``LOGINS`` logins post at once, again and again, on
the server as ``make serve`` starts it (granian, 2 workers of 4 threads).

A measurement, not a test: ``python -m bench.load.login_burst``
(``LOGIN_BURST_ROOT=<another checkout>`` serves that one). It makes a
database of its own (SQLite in a temporary directory, the demo loaded),
starts granian on ``LOGIN_BURST_PORT``, measures the page alone, then with
the logins, and prints both and the ratio. Each login hashes its password
(about 0.25 s of one core): eight at once are two seconds of CPU on a
2-core machine.
"""

import http.client
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

#: The checkout to serve: this one, or another (a copy of the code before a
#: change, to compare); this checkout's virtualenv runs either.
ROOT = Path(os.environ.get("LOGIN_BURST_ROOT") or Path(__file__).resolve().parents[2])
BIN = Path(sys.executable).parent
PORT = int(os.environ.get("LOGIN_BURST_PORT", "8791"))
LOGINS = int(os.environ.get("LOGIN_BURST_LOGINS", "8"))
SECONDS = float(os.environ.get("LOGIN_BURST_SECONDS", "15"))
WORKERS = os.environ.get("LOGIN_BURST_WORKERS", "2")
THREADS = os.environ.get("LOGIN_BURST_THREADS", "4")
TICK = 0.05  # a visitor every 50 ms
USER, PASSWORD = "burst", "kwartet-harten-negen"


def environment(work: Path) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{work / 'burst.sqlite3'}",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    for name in ("DJANGO_DEBUG", "DJANGO_PRODUCTION", "REDIS_URL"):
        env.pop(name, None)
    return env


def manage(env: dict, *args: str) -> str:
    command = [sys.executable, "manage.py", *args]
    done = subprocess.run(
        command, cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def prepare(env: dict) -> str:
    """Migrate, load the demo, add the account that logs in; the page."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_demo", "-v0")
    script = (
        "from django.contrib.auth import get_user_model as m;"
        f"m().objects.create_user({USER!r}, password={PASSWORD!r});"
        "from tournaments.models import Tournament as T;"
        "print(T.objects.order_by('pk').values_list('slug', flat=True).first())"
    )
    slug = manage(env, "shell", "-c", script).strip().splitlines()[-1]
    return f"/t/{slug}/"


def serve(env: dict) -> subprocess.Popen:
    command = [
        str(BIN / "granian"),
        *("--interface", "wsgi", "--workers", WORKERS),
        *("--blocking-threads", THREADS, "--host", "127.0.0.1"),
        *("--port", str(PORT), "--no-ws", "--log-level", "warning"),
        "rikscore.wsgi:application",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    for _ in range(200):
        try:
            get("/")
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("login_burst: the server did not start")


def get(path: str, headers=None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    return response


def page_seconds(path: str, until: float) -> list[float]:
    """The page asked every ``TICK`` seconds until ``until``, each request
    on its own (open loop): a visitor arriving at any moment, so a stall
    counts for every visitor it holds up, not once."""
    times: list[float] = []

    def visit():
        start = time.perf_counter()
        assert get(path).status == 200
        times.append(time.perf_counter() - start)

    visitors = []
    while time.monotonic() < until:
        visitor = threading.Thread(target=visit)
        visitor.start()
        visitors.append(visitor)
        time.sleep(TICK)
    for visitor in visitors:
        visitor.join()
    return times


def login_once() -> int:
    """One login as a browser does it: the form (CSRF cookie), the post."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    connection.request("GET", "/accounts/login/")
    form = connection.getresponse()
    page = form.read().decode()
    cookie = form.getheader("Set-Cookie", "").split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode(
        {"username": USER, "password": PASSWORD, "csrfmiddlewaretoken": token}
    )
    connection.request(
        "POST",
        "/accounts/login/",
        body,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": cookie,
            "Referer": f"http://127.0.0.1:{PORT}/accounts/login/",
        },
    )
    answer = connection.getresponse()
    answer.read()
    return answer.status


def burst(until: float, statuses: list[int]) -> None:
    """``LOGINS`` logins at once, again as soon as all are answered."""

    def log_in():
        statuses.append(login_once())

    while time.monotonic() < until:
        threads = [threading.Thread(target=log_in) for _ in range(LOGINS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def figures(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(len(ms) * 0.9)]
    median = statistics.median(ms)
    return f"median {median:.1f} ms, p90 {p90:.1f} ms, max {ms[-1]:.0f} ms, n={len(ms)}"


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        env = environment(Path(work))
        path = prepare(env)
        server = serve(env)
        try:
            page_seconds(path, time.monotonic() + 2)  # warm the cache
            alone = page_seconds(path, time.monotonic() + SECONDS / 2)
            statuses: list[int] = []
            until = time.monotonic() + SECONDS
            logins = threading.Thread(target=burst, args=(until, statuses))
            logins.start()
            time.sleep(0.2)
            busy = page_seconds(path, until)
            logins.join()
        finally:
            server.terminate()
            server.wait(timeout=30)
    ratio = statistics.median(busy) / statistics.median(alone)
    counted = {s: statuses.count(s) for s in sorted(set(statuses))}
    print(f"login_burst page alone: {figures(alone)}")
    print(f"login_burst page during {LOGINS} logins at once: {figures(busy)}")
    print(f"login_burst slowdown (median): {ratio:.1f}x")
    print(f"login_burst login answers: {counted}")


if __name__ == "__main__":
    main()
