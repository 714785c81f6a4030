"""``make load``: the round-release spike, measured on this machine.

1. A fresh PostgreSQL database (``LOAD_DATABASE_URL``), migrated, with the
   load's event (``setup_event``): 400 players, 7 published rounds, round 8
   seated with 100 empty tables.
2. The production setup as ``make serve`` starts it: granian, production
   settings, Redis for the cache when it answers on 127.0.0.1:6379.
3. locust, headless, on loopback, for ``LOAD_SECONDS`` (120): 400 phones
   polling the public standings, round and player pages while 100 tables
   enter their deals through the TD's entry path (one TD session).
4. Figures per kind of request (requests/s, p50, p99), then the database
   check (``verify``): no deal lost or stored twice, every table at zero.

Everything runs bounded in time and is stopped at the end, whatever happens.
"""

import csv
import http.client
import json
import os
import random
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

from rikscore.redis_check import redis_answers

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BIN = Path(PY).parent
DATABASE = os.environ.get(
    "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rikscore_load"
)
SECONDS = int(os.environ.get("LOAD_SECONDS", "120"))
PHONES = int(os.environ.get("LOAD_PHONES", "400"))
TABLES = int(os.environ.get("LOAD_TABLES", "100"))
WORKERS = os.environ.get("LOAD_WORKERS", "2")  # make serve's defaults
THREADS = os.environ.get("LOAD_THREADS", "4")
PHONE_TOOL = os.environ.get("LOAD_PHONE_TOOL", "locust")  # or "wrk"
#: locust processes: one event loop cannot keep up with 500 users and still
#: time them fairly (its own delays showed as a p99 of 1-2 s).
PROCESSES = int(
    os.environ.get("LOAD_PROCESSES", "2" if PHONE_TOOL == "locust" else "1")
)
RAMP_SECONDS = 10  # the probe starts once every phone and table is in
PORT = int(os.environ.get("LOAD_PORT", "8765"))
HOST = f"http://127.0.0.1:{PORT}"


def server_command() -> list[str]:
    """The production server as ``make serve`` starts it (granian, WSGI),
    with an access log of each request's own time."""
    return [str(BIN / "granian"), "--interface", "wsgi", "--workers", WORKERS,
            "--blocking-threads", THREADS, "--blocking-threads-idle-timeout", "600",
            "--backlog", "4096", "--backpressure", "2048",
            "--host", "127.0.0.1", "--port", str(PORT),
            "--no-ws", "--log-level", "warning", "--access-log",
            "--access-log-fmt", "%(method)s %(path)s %(status)d %(dt_ms).3f",
            "rikscore.wsgi:application"]  # fmt: skip


def fresh_cache(url: str) -> None:
    """A fresh database starts its versions again: its cache must be empty."""
    db = int(urllib.parse.urlparse(url).path.lstrip("/") or 0)
    with socket.create_connection(("127.0.0.1", 6379), timeout=2) as s:
        s.sendall(f"SELECT {db}\r\nFLUSHDB\r\n".encode())
        s.recv(64)


def fresh_database() -> None:
    import psycopg

    parts = urllib.parse.urlparse(DATABASE)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def td_session(user: str, password: str) -> tuple[str, str]:
    """Log the TD in once, as a browser would: (sessionid, csrftoken)."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(f"{HOST}/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode(
        {"username": user, "password": password, "csrfmiddlewaretoken": token}
    ).encode()
    request = urllib.request.Request(
        f"{HOST}/accounts/login/", body, headers={"Referer": f"{HOST}/"}
    )
    opener.open(request, timeout=30)
    cookies = {c.name: c.value for c in jar}
    if "sessionid" not in cookies:
        raise SystemExit("load: the TD could not log in")
    return cookies["sessionid"], cookies["csrftoken"]


def locust(work: Path, env: dict, user: str, users: int, processes: int):
    """One headless locust run of ``users`` users of one class, bounded in
    time, its figures in ``stats-<class>_stats.csv``."""
    if not users:
        return None
    return subprocess.Popen(
        [str(BIN / "locust"), "-f", str(ROOT / "bench/load/locustfile.py"),
         "--headless", "--users", str(users), "--spawn-rate", "100",
         "--reset-stats",
         # several processes talk over a port of their own: only one run may
         *(["--processes", str(processes)] if processes > 1 else []),
         "--run-time", f"{SECONDS}s", "--host", HOST,
         "--csv", str(work / f"stats-{user}"),
         *(["--csv-full-history"] if os.environ.get("LOAD_KEEP") else []),
         "--only-summary", "--stop-timeout", "10", "--loglevel", "WARNING", user],
        cwd=ROOT, stdout=subprocess.DEVNULL,
        stderr=(work / f"locust-{user}.log").open("w"),
        env={**env, "LOAD_PLAN": str(work / "plan.json"),
             "LOAD_PROCESSES": str(processes), "LOAD_SAVED": str(work / "saved.json")},
    )  # fmt: skip


def start_phones(plan: dict):
    """The phones under wrk (``LOAD_PHONE_TOOL=wrk``, Debian's ``wrk``): a
    C load tool costing a few % of a core, as a second opinion on locust's
    Phone users (the default)."""
    if PHONE_TOOL != "wrk" or not PHONES:
        return None
    rounds = str(plan["round"] - 1)
    return subprocess.Popen(
        ["wrk", "-t2", f"-c{PHONES}", f"-d{SECONDS}s", "--latency", "--timeout", "10s",
         "-s", str(ROOT / "bench/load/phones.lua"), HOST, "--", plan["slug"], rounds,
         *map(str, plan["entries"])],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip


def phone_figures(out: str) -> None:
    """wrk's summary: requests/s and its latency distribution."""
    if not out:
        return
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    lat = dict(re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)", out)
    print(f"load_phones_rps: {float(rate[1]):.0f} requests/s (wrk, {PHONES} phones)")
    print(f"load_phones_latency: p50 {lat.get('50')}  p90 {lat.get('90')}  "
          f"p99 {lat.get('99')}")  # fmt: skip
    print(f"load_phones_errors: {errors[0] if errors else 'none'}")


def public_pages(plan: dict) -> list[str]:
    slug = plan["slug"]
    return [f"/t/{slug}/", *(f"/t/{slug}/round/{n}/" for n in range(1, plan["round"])),
            *(f"/t/{slug}/player/{e}/" for e in plan["entries"])]  # fmt: skip


def warm_up(plan: dict, session: str, csrf: str) -> None:
    """Every worker answers each kind of request once before the clock
    starts (imports, templates, connections), as a server does that has run
    before the round is released; the preview stores nothing."""
    table = plan["tables"][0]
    base = (
        f"{HOST}/manage/{plan['slug']}/round/{plan['round']}/table/{table['number']}/"
    )
    headers = {"Cookie": f"sessionid={session}; csrftoken={csrf}", "X-CSRFToken": csrf}
    preview = urllib.parse.urlencode(table["deals"][0]).encode()
    for _ in range(8 * int(WORKERS)):
        for path in (
            "/",
            f"/t/{plan['slug']}/",
            f"/t/{plan['slug']}/round/1/",
            f"/t/{plan['slug']}/player/{plan['entries'][0]}/",
        ):
            urllib.request.urlopen(f"{HOST}{path}", timeout=30).read()
        urllib.request.urlopen(
            urllib.request.Request(base, headers=headers), timeout=30
        ).read()
        urllib.request.urlopen(
            urllib.request.Request(f"{base}deal/1/preview/", preview, headers=headers),
            timeout=30,
        ).read()


class Probe(threading.Thread):
    """An independent phone and TD beside the load, in their own OS thread
    with plain blocking HTTP on kept-alive connections, as a phone's and a
    laptop's browser: what one more visitor waits while the hall is busy.
    locust's own figures include its event loops' delays on the same two
    cores; the probe's do not (docs/performance.md)."""

    def __init__(self, plan: dict, session: str, csrf: str, pages: list[str]):
        super().__init__(daemon=True)
        self.plan, self.pages, self.stop = plan, pages, threading.Event()
        self.headers = {"Cookie": f"sessionid={session}; csrftoken={csrf}",
                        "X-CSRFToken": csrf}  # fmt: skip
        self.times: dict[str, list[float]] = {"public": [], "entry page": [],
                                              "entry check": []}  # fmt: skip

    def timed(self, kind: str, conn, method: str, path: str, body=None,
              headers=None) -> None:  # fmt: skip
        """One request on a kept-alive connection, as a browser makes it (a
        connection the server closed meanwhile is opened again, once)."""
        headers = {"Accept-Encoding": "gzip", **(headers or {})}
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                conn.request(method, path, body=body, headers=headers)
                conn.getresponse().read()
                break
            except (OSError, http.client.HTTPException):
                conn.close()
                if attempt == 2:
                    raise
        self.times[kind].append((time.perf_counter() - start) * 1000)

    def run(self) -> None:
        table = self.plan["tables"][-1]
        base = (f"/manage/{self.plan['slug']}/round/{self.plan['round']}"
                f"/table/{table['number']}/")  # fmt: skip
        preview = urllib.parse.urlencode(table["deals"][0])
        form = {**self.headers, "Content-Type": "application/x-www-form-urlencoded"}
        rng = random.Random(7)
        phone = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        laptop = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        if self.stop.wait(RAMP_SECONDS):
            return
        while not self.stop.wait(0.1):
            self.timed("public", phone, "GET", rng.choice(self.pages))
            if len(self.times["public"]) % 5 == 0:
                self.timed("entry page", laptop, "GET", base, headers=self.headers)
                self.timed("entry check", laptop, "POST", f"{base}deal/1/preview/",
                           body=preview, headers=form)  # fmt: skip

    def report(self) -> None:
        for kind, times in self.times.items():
            if times:
                times.sort()
                p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
                print(f"  probe {kind:<12} n={len(times):>5}  p50 {p50:6.1f} ms  "
                      f"p99 {p99:6.1f} ms")  # fmt: skip


def wait_for_server(proc, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit("load: granian stopped before it served")
        try:
            urllib.request.urlopen(f"{HOST}/", timeout=2)
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("load: granian did not answer within a minute")


def figures(stats_csvs: list[Path], seconds: float) -> None:
    rows = [row for path in stats_csvs
            for row in csv.DictReader(path.read_text().splitlines())]  # fmt: skip
    print(f"load_duration_s: {seconds:.0f}")
    public = [r for r in rows if r["Name"].startswith("public")]
    entry = [r for r in rows if r["Name"] == "entry save deal"]
    count = sum(int(r["Request Count"]) for r in public)
    fails = sum(int(r["Failure Count"]) for r in rows if r["Name"] != "Aggregated")
    print(f"load_public_rps: {count / seconds:.0f} requests/s ({count} requests)")
    for r in rows:
        if r["Name"] == "Aggregated":
            continue
        print(f"  {r['Name']:<20} n={r['Request Count']:>6}  "
              f"{float(r['Requests/s']):6.1f}/s  p50 {r['50%']:>5} ms  "
              f"p99 {r['99%']:>5} ms  failures {r['Failure Count']}")  # fmt: skip
    if public:
        agg = _combined_p99(public)
        print(f"load_public_p99_ms: {agg}")
    if entry:
        print(f"load_entry_p99_ms: {entry[0]['99%']}  (p50 {entry[0]['50%']})")
        saved = int(entry[0]["Request Count"]) - int(entry[0]["Failure Count"])
        print(f"load_deals_per_s: {saved / seconds:.1f}")
    print(f"load_failures: {fails}")


def server_times(log: Path) -> None:
    """The server's own time per request (granian's access log), without
    the wait in the queue: where the time goes when the two differ."""
    kinds: dict[str, list[float]] = {"public": [], "entry GET": [], "entry POST": []}
    if not log.exists():
        return
    for line in log.read_text().splitlines():
        parts = line.split()
        if len(parts) != 4 or not parts[3].replace(".", "").isdigit():
            continue  # not an access line
        method, path, _status, millis = parts
        kind = "public" if path.startswith("/t/") else f"entry {method}"
        if kind in kinds:
            kinds[kind].append(float(millis))
    for kind, times in kinds.items():
        if times:
            times.sort()
            p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
            print(f"  server time {kind:<11} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms")


def _combined_p99(rows) -> int:
    """The p99 of several request kinds together: the largest p99 is an
    upper bound, which is what is printed (honest without the raw samples)."""
    return max(int(float(r["99%"])) for r in rows)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="rikscore-load-"))
    env = {**os.environ, "DATABASE_URL": DATABASE, "DJANGO_PRODUCTION": "1",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
           "PYTHONPATH": str(ROOT)}  # fmt: skip
    env.pop("DJANGO_DEBUG", None)
    if redis_answers():
        env["REDIS_URL"] = "redis://127.0.0.1:6379/5"
    print(f"load: PostgreSQL {DATABASE}, cache "
          f"{env.get('REDIS_URL', 'in each process')}, granian {WORKERS} workers, "
          f"{PHONES} phones + {TABLES} tables for {SECONDS} s")  # fmt: skip
    fresh_database()
    if "REDIS_URL" in env:
        fresh_cache(env["REDIS_URL"])

    def manage(*args):
        subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True,
                       timeout=600)  # fmt: skip

    manage("migrate", "--noinput", "-v0")
    manage("collectstatic", "--noinput", "-v0")
    subprocess.run([PY, "-m", "bench.load.setup_event", str(work / "plan.json")],
                   cwd=ROOT, env=env, check=True, timeout=600)  # fmt: skip
    log = (work / "server.log").open("w")
    server = subprocess.Popen(
        server_command(), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        wait_for_server(server)
        plan = json.loads((work / "plan.json").read_text())
        session, csrf = td_session(plan["user"], plan["password"])
        warm_up(plan, session, csrf)
        probe = Probe(plan, session, csrf, public_pages(plan))
        probe.start()
        started = time.monotonic()
        phones = start_phones(plan)
        # Phones and tables in locust processes of their own: sharing one
        # event loop, the phones' traffic delayed the tables' clocks.
        runs = [
            locust(work, env, "Phone", PHONES if PHONE_TOOL == "locust" else 0,
                   PROCESSES),
            locust(work, env, "Table", TABLES, 1),
        ]  # fmt: skip
        for run in filter(None, runs):
            run.wait(timeout=SECONDS + 120)
        elapsed = time.monotonic() - started
        phones_out = phones.communicate(timeout=60)[0] if phones else ""
        probe.stop.set()
        probe.join(timeout=40)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    figures(sorted(work.glob("stats-*_stats.csv")), min(elapsed, SECONDS))
    phone_figures(phones_out)
    log.close()
    server_times(work / "server.log")
    probe.report()
    saved: dict[str, int] = {}
    for part in work.glob("saved.json.*"):
        saved.update(json.loads(part.read_text()))
    (work / "saved.json").write_text(json.dumps(saved))
    result = subprocess.run(
        [PY, "-m", "bench.load.verify", str(work / "plan.json"),
         str(work / "saved.json")], cwd=ROOT, env=env, timeout=600,
    )  # fmt: skip
    if not os.environ.get("LOAD_KEEP"):
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"load: kept {work}")
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
