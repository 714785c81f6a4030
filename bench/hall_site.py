"""A hall and a club's site on this machine, with the network between
them in our hands (issue 39: tests/e2e/test_hall_to_site.py and ``python
-m bench hall_site``).

- The site: PostgreSQL (a fresh database), production settings, Redis for
  the cache, granian, as ``make serve`` runs it; a club, its organiser and
  an upload key.
- The hall: SQLite (a fresh file), the development server and the task
  worker, as ``make run`` runs them; an event of ``players`` players whose
  rounds are played but the last not yet published, told the site's
  address (through the proxy) and the key.
- ``Network``: a TCP proxy between them that can refuse every connection
  (the hotspot gone), cut an upload after some bytes, or let the upload
  through and lose the site's answer.

Every process is stopped at the end, whatever happens.
"""

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

from bench.granian import granian
from core.redis_check import redis_answers

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
BIN = Path(PY).parent
SITE_DATABASE = os.environ.get(
    "HALL_SITE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rikscore_site"
)
PASSWORD = "hall-and-site"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Network:
    """A TCP proxy 127.0.0.1:``port`` → ``upstream``. ``mode``: "open",
    "down" (every connection closed at once), "cut" (a request cut after
    ``cut_after`` bytes), "lose_answer" (the request goes through, the
    answer is lost). ``uploads`` counts the connections that carried a
    request through."""

    def __init__(self, upstream: int):
        self.upstream = upstream
        self.mode = "open"
        self.cut_after = 0
        self.uploads = 0
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.closed = True
        self.server.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _address = self.server.accept()
            except OSError:
                return
            if self.mode == "down":
                client.close()
                continue
            threading.Thread(
                target=self._serve, args=(client, self.mode), daemon=True
            ).start()

    def _serve(self, client: socket.socket, mode: str) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.upstream))
        except OSError:
            client.close()
            return
        limit = self.cut_after if mode == "cut" else None
        up = threading.Thread(
            target=self._pump, args=(client, upstream, limit), daemon=True
        )
        up.start()
        self._pump(upstream, client, 0 if mode == "lose_answer" else None)
        up.join(timeout=5)
        if mode != "cut":
            self.uploads += 1

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket, limit: int | None) -> None:
        """Copy until the end, or close both after ``limit`` bytes."""
        sent = 0
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if limit is not None and sent + len(data) > limit:
                    sink.sendall(data[: max(limit - sent, 0)])
                    break
                sink.sendall(data)
                sent += len(data)
            if limit is None:
                sink.shutdown(socket.SHUT_WR)
                return
        except OSError:
            pass
        for s in (source, sink):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


def _run(env: dict, *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [PY, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"{args}: {done.stderr[-2000:]}")
    return done.stdout


def _fresh_postgres(url: str) -> None:
    import psycopg

    parts = urllib.parse.urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _wait_for(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"a server stopped before it served {url}")
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds} s")


class HallAndSite:
    """Both servers, the network between them, and what each side holds."""

    def __init__(self, players: int = 16, rounds: int = 3, deals: int = 4):
        self.players, self.rounds, self.deals = players, rounds, deals
        self.work = Path(tempfile.mkdtemp(prefix="hall-site-"))
        self.procs: list[subprocess.Popen] = []
        self.site_port, self.hall_port = free_port(), free_port()
        self.site = f"http://127.0.0.1:{self.site_port}"
        self.hall = f"http://127.0.0.1:{self.hall_port}"
        self.network: Network | None = None

    # -- the two sides --------------------------------------------------------
    def site_env(self) -> dict:
        env = {
            **os.environ,
            "DATABASE_URL": SITE_DATABASE,
            "DJANGO_PRODUCTION": "1",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "RIKSCORE_SITE_URL": self.site,
            "DJANGO_SETTINGS_MODULE": "bench.hall_site_settings",
            "HALL_SITE_STATIC": str(self.work / "static"),
            "PYTHONPATH": str(ROOT),
        }
        env.pop("DJANGO_DEBUG", None)
        if redis_answers():
            env["REDIS_URL"] = "redis://127.0.0.1:6379/7"
        return env

    def hall_env(self) -> dict:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.work / 'hall.sqlite3'}",
            "DJANGO_DEBUG": "1",
            "PYTHONPATH": str(ROOT),
        }
        for name in ("DJANGO_PRODUCTION", "REDIS_URL", "RIKSCORE_SITE_URL"):
            env.pop(name, None)
        return env

    def __enter__(self) -> "HallAndSite":
        try:
            self._start()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self) -> None:
        _fresh_postgres(SITE_DATABASE)
        site_env, hall_env = self.site_env(), self.hall_env()
        migrations = [
            subprocess.Popen(
                [PY, "manage.py", "migrate", "-v0", "--noinput"],
                cwd=ROOT,
                env=env,
            )
            for env in (site_env, hall_env)
        ]
        migrations.append(
            subprocess.Popen(
                [PY, "manage.py", "collectstatic", "-v0", "--noinput"],
                cwd=ROOT,
                env=site_env,
            )
        )
        if any(p.wait(timeout=300) for p in migrations):
            raise RuntimeError("a migration (or collectstatic) failed")
        if "REDIS_URL" in site_env:
            with socket.create_connection(("127.0.0.1", 6379), timeout=2) as s:
                s.sendall(b"SELECT 7\r\nFLUSHDB\r\n")
                s.recv(64)
        self.key = json.loads(_run(site_env, "-m", "bench.hall_site_setup", "site"))[
            "key"
        ]
        self._serve_site(site_env)
        self.network = Network(self.site_port)
        made = _run(
            hall_env,
            "-m",
            "bench.hall_site_setup",
            "hall",
            str(self.players),
            str(self.rounds),
            str(self.deals),
            f"http://127.0.0.1:{self.network.port}",
            self.key,
        )
        self.slug = json.loads(made)["slug"]
        self._serve_hall(hall_env)

    def _serve_site(self, env: dict) -> None:
        proc = subprocess.Popen(
            granian(self.site_port),
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=(self.work / "site.log").open("w"),
            stderr=subprocess.STDOUT,
        )
        self.procs.append(proc)
        _wait_for(self.site + "/", proc)

    def _serve_hall(self, env: dict) -> None:
        server = subprocess.Popen(
            [
                PY,
                "manage.py",
                "runserver",
                "--noreload",
                "--nothreading",
                f"127.0.0.1:{self.hall_port}",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=(self.work / "hall.log").open("w"),
            stderr=subprocess.STDOUT,
        )
        worker = subprocess.Popen(
            [PY, "manage.py", "run_worker", "--no-reload", "--interval", "0.2"],
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=(self.work / "worker.log").open("w"),
            stderr=subprocess.STDOUT,
        )
        self.procs += [server, worker]
        _wait_for(self.hall + "/", server)

    def __exit__(self, *exc) -> None:
        for proc in self.procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        if self.network is not None:
            self.network.close()
        if not os.environ.get("HALL_SITE_KEEP"):
            shutil.rmtree(self.work, ignore_errors=True)

    # -- what a TD does in the hall, what the site shows --------------------
    def td(self):
        """The hall's TD, logged in: an opener and the CSRF token."""
        jar = CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(f"{self.hall}/accounts/login/", timeout=30).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        body = urllib.parse.urlencode(
            {"username": "td", "password": PASSWORD, "csrfmiddlewaretoken": token}
        ).encode()
        opener.open(f"{self.hall}/accounts/login/", body, timeout=30).read()
        csrf = next(c.value for c in jar if c.name == "csrftoken")
        return opener, csrf

    def publish(self, number: int) -> None:
        """The TD publishes round ``number`` on the round page."""
        self._post(f"/manage/{self.slug}/round/{number}/publish/", publish="1")

    def publish_off(self, number: int) -> None:
        """The TD takes round ``number``'s results off the public pages."""
        self._post(f"/manage/{self.slug}/round/{number}/publish/", publish="0")

    def send_now(self) -> None:
        """The TD's "Send now" on the event's page "Publish online"."""
        self._post(f"/manage/{self.slug}/online/send/")

    def _post(self, path: str, **fields) -> None:
        opener, csrf = self.td()
        body = urllib.parse.urlencode(
            {**fields, "confirmed": "1", "csrfmiddlewaretoken": csrf}
        ).encode()
        url = self.hall + path
        opener.open(
            urllib.request.Request(url, body, headers={"Referer": url}), timeout=30
        ).read()

    def hall_page(self, path: str) -> str:
        opener, _csrf = self.td()
        return opener.open(self.hall + path, timeout=30).read().decode()

    def site_status(self, path: str) -> int:
        try:
            with urllib.request.urlopen(self.site + path, timeout=10) as answer:
                return answer.status
        except urllib.error.HTTPError as exc:
            return exc.code

    def site_page(self, path: str) -> str:
        return urllib.request.urlopen(self.site + path, timeout=10).read().decode()

    def wait_online(self, number: int, seconds: float = 60) -> float:
        """Seconds until round ``number`` is on the site's public page."""
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            if self.site_status(f"/t/{self.slug}/round/{number}/") == 200:
                return time.monotonic() - start
            time.sleep(0.05)
        raise TimeoutError(f"round {number} not online after {seconds} s")

    def site_query(self, sql: str) -> list[tuple]:
        import psycopg

        with psycopg.connect(SITE_DATABASE) as conn:
            return conn.execute(sql).fetchall()


# -- figures (python -m bench hall_site) ------------------------------------
def run() -> None:
    """``publish_to_online_s``: a 16-player event, the TD publishes a round
    in the hall, until the round answers on the site's public page (median
    of 5, unpublished in between). ``upload_400_s``: the same for a
    400-player event of 8 rounds of 16 deals (the hall writes and zips the
    whole file, the site checks every deal and stores it)."""
    import statistics

    with HallAndSite(players=16, rounds=3, deals=4) as hs:
        hs.wait_online(2)
        times = []
        for _ in range(5):
            hs.publish(3)
            times.append(hs.wait_online(3))
            hs.publish_off(3)
            _wait_gone(hs, 3)
    print(
        f"publish_to_online_s: {statistics.median(times):.2f} s "
        f"(median of 5; {min(times):.2f}–{max(times):.2f})"
    )
    with HallAndSite(players=400, rounds=8, deals=16) as hs:
        first = hs.wait_online(7, seconds=600)
        size = hs.site_query("select count(*) from tournaments_deal")[0][0]
        hs.publish(8)
        took = hs.wait_online(8, seconds=600)
    print(
        f"upload_400_s: {took:.2f} s (publish to online; {size} deals online "
        f"before; the first upload, from the worker's start: {first:.2f} s)"
    )


def _wait_gone(hs: HallAndSite, number: int) -> None:
    end = time.monotonic() + 60
    while hs.site_status(f"/t/{hs.slug}/round/{number}/") != 404:
        if time.monotonic() > end:
            raise TimeoutError("the round stayed online")
        time.sleep(0.05)
