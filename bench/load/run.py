"""``make load``: the round-release spike, measured on this machine.

1. A fresh PostgreSQL database (``LOAD_DATABASE_URL``), migrated, with the
   load's event (``setup_event``): 400 players, 7 published rounds, round 8
   seated with 100 empty tables.
2. The production setup as ``make serve`` starts it: granian, production
   settings, Redis for the cache when it answers on 127.0.0.1:6379.
3. locust, headless, on loopback, for ``LOAD_SECONDS`` (120): 400 phones
   polling the public standings, round and player pages while 100 tables
   enter their deals through the TD's entry path (each its TD session);
   or, with ``LOAD_ENTRY=table`` (``make load-tables``), 300
   phones while 100 tables enter and confirm their deals on their own links.
4. Figures per kind of request (requests/s, p50, p99), then the database
   check (``verify``): no deal lost or stored twice, every table at zero.

Everything runs bounded in time and is stopped at the end, whatever happens.
"""

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

from bench.load.cpu import CpuShare
from bench.load.probe import Probe
from bench.load.report import locust_figures, server_times, window_figures
from core.env import flag
from core.redis_check import redis_answers

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BIN = Path(PY).parent
DATABASE = os.environ.get(
    "LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rikscore_load"
)
SECONDS = int(os.environ.get("LOAD_SECONDS", "120"))
#: "td": the TD types the tables' deals in; "table": each table
#: enters its deals on its own link and the other side confirms.
ENTRY = os.environ.get("LOAD_ENTRY", "td")
TABLE_SIDE = ENTRY == "table"
PHONES = int(os.environ.get("LOAD_PHONES", "300" if TABLE_SIDE else "400"))
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
#: The first LOAD_SETTLE seconds are the arrival (every phone and table
#: coming in within seconds while the load tools start on the same two
#: cores); the figures of the LOAD_SECONDS after it, from every sample, are
#: printed apart, beside locust's own for the whole run (docs/performance.md).
SETTLE = float(os.environ.get("LOAD_SETTLE", "30"))
RUN_SECONDS = int(SETTLE + SECONDS)
PORT = int(os.environ.get("LOAD_PORT", "8765"))
DEAL_SECONDS = float(os.environ.get("LOAD_DEAL_SECONDS", "30"))  # as locust's
#: Keep locust's CSV files and the per-second samples (a flag: 1, true, yes, on).
KEEP = flag("LOAD_KEEP")
HOST = f"http://127.0.0.1:{PORT}"


def server_command() -> list[str]:
    """The production server as ``make serve`` starts it (granian, WSGI),
    with an access log of each request's own time."""
    return [
        str(BIN / "granian"),
        "--interface",
        "wsgi",
        "--workers",
        WORKERS,
        "--blocking-threads",
        THREADS,
        "--blocking-threads-idle-timeout",
        "600",
        "--backlog",
        "4096",
        "--backpressure",
        "2048",
        "--host",
        "127.0.0.1",
        "--port",
        str(PORT),
        "--no-ws",
        "--log-level",
        "warning",
        "--access-log",
        "--access-log-fmt",
        "%(method)s %(path)s %(status)d %(dt_ms).3f %(time)s",
        "rikscore.wsgi:application",
    ]


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
        [
            str(BIN / "locust"),
            "-f",
            str(ROOT / "bench/load/locustfile.py"),
            "--headless",
            "--users",
            str(users),
            "--spawn-rate",
            "100",
            "--reset-stats",
            # several processes talk over a port of their own: only one run may
            *(["--processes", str(processes)] if processes > 1 else []),
            "--run-time",
            f"{RUN_SECONDS}s",
            "--host",
            HOST,
            "--csv",
            str(work / f"stats-{user}"),
            *(["--csv-full-history"] if KEEP else []),
            "--only-summary",
            "--stop-timeout",
            "10",
            "--loglevel",
            "WARNING",
            user,
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(work / f"locust-{user}.log").open("w"),
        env={
            **env,
            "LOAD_PLAN": str(work / "plan.json"),
            "LOAD_PROCESSES": str(processes),
            "LOAD_SAVED": str(work / "saved.json"),
            "LOAD_TOLD": str(work / "told.json"),
        },
    )


def start_phones(plan: dict):
    """The phones under wrk (``LOAD_PHONE_TOOL=wrk``, Debian's ``wrk``): a
    C load tool costing a few % of a core, as a second opinion on locust's
    Phone users (the default)."""
    if PHONE_TOOL != "wrk" or not PHONES:
        return None
    rounds = str(plan["round"] - 1)
    return subprocess.Popen(
        [
            "wrk",
            "-t2",
            f"-c{PHONES}",
            f"-d{RUN_SECONDS}s",
            "--latency",
            "--timeout",
            "10s",
            "-s",
            str(ROOT / "bench/load/phones.lua"),
            HOST,
            "--",
            plan["slug"],
            rounds,
            *map(str, plan["entries"]),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )


def phone_figures(out: str) -> None:
    """wrk's summary: requests/s and its latency distribution."""
    if not out:
        return
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    lat = dict(re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)", out)
    print(f"load_phones_rps: {float(rate[1]):.0f} requests/s (wrk, {PHONES} phones)")
    print(
        f"load_phones_latency: p50 {lat.get('50')}  p90 {lat.get('90')}  "
        f"p99 {lat.get('99')}"
    )
    print(f"load_phones_errors: {errors[0] if errors else 'none'}")


def public_pages(plan: dict) -> list[str]:
    slug = plan["slug"]
    return [
        f"/t/{slug}/",
        *(f"/t/{slug}/round/{n}/" for n in range(1, plan["round"])),
        *(f"/t/{slug}/player/{e}/" for e in plan["entries"]),
    ]


def entry_base(plan: dict, table: dict) -> str:
    """Where a table's deals are entered: the TD's table page, or the
    table's own link (table-side)."""
    if TABLE_SIDE:
        return table["link"]
    return f"/manage/{plan['slug']}/round/{plan['round']}/table/{table['number']}/"


def entry_headers(session: str, csrf: str) -> dict:
    """The TD's session, or a phone's CSRF cookie only (no account)."""
    cookie = f"csrftoken={csrf}"
    if not TABLE_SIDE:
        cookie = f"sessionid={session}; {cookie}"
    return {"Cookie": cookie, "X-CSRFToken": csrf}


def warm_up(plan: dict, session: str, csrf: str) -> None:
    """Every worker answers each kind of request once before the clock
    starts (imports, templates, connections), as a server does that has run
    before the round is released; the preview stores nothing."""
    table = plan["tables"][0]
    base = HOST + entry_base(plan, table)
    headers = entry_headers(session, csrf)
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


def stop(server) -> None:
    """The server and its workers, whatever state they are in."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)


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


def told_by_the_site(work: Path, probe: Probe) -> dict:
    """The table-side users' files (one per locust process) and the probe's
    entries as one: what was sent, entered and confirmed per table."""
    told: dict = {"sent": {}, "entered": {}, "confirming": {}, "confirmed": {}}
    parts = [json.loads(part.read_text()) for part in work.glob("told.json.*")]
    for data in [*parts, probe.told]:
        for kind in ("sent", "entered", "confirming", "confirmed"):
            for table, ids in data.get(kind, {}).items():
                mine = told[kind].setdefault(table, type(ids)())
                (mine.update if isinstance(ids, dict) else mine.extend)(ids)
    (work / "told.json").write_text(json.dumps(told))
    return told


def production_env() -> dict:
    """The server's environment as ``make serve`` runs it, on the load's
    database, with Redis for the cache when one answers."""
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE,
        "DJANGO_PRODUCTION": "1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_DEBUG", None)
    if redis_answers():
        env["REDIS_URL"] = "redis://127.0.0.1:6379/5"
    return env


def prepare(work: Path, env: dict) -> None:
    """A fresh database (and cache), migrated, with the load's event and the
    plan (``work/plan.json``)."""
    fresh_database()
    if "REDIS_URL" in env:
        fresh_cache(env["REDIS_URL"])
    for args in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [PY, "manage.py", *args, "-v0"], cwd=ROOT, env=env, check=True, timeout=600
        )
    subprocess.run(
        [PY, "-m", "bench.load.setup_event", str(work / "plan.json")],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=600,
    )


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="rikscore-load-"))
    env = production_env()
    print(
        f"load: PostgreSQL {DATABASE}, cache "
        f"{env.get('REDIS_URL', 'in each process')}, granian {WORKERS} workers, "
        f"{PHONES} phones + {TABLES} tables for {SECONDS} s"
        f"{f' after {SETTLE:.0f} s of arrival' if SETTLE else ''}, "
        f"{'table-side entry (confirm)' if TABLE_SIDE else 'TD entry'}"
    )
    # other work on the machine shares its two cores: the figures mean little
    # when this is well above 0 (docs/performance.md)
    print(
        "load: load average before the run: {:.2f} {:.2f} {:.2f}".format(
            *os.getloadavg()
        )
    )
    prepare(work, env)
    log = (work / "server.log").open("w")
    server = subprocess.Popen(
        server_command(),
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        wait_for_server(server)
        plan = json.loads((work / "plan.json").read_text())
        session, csrf = td_session(plan["user"], plan["password"])
        warm_up(plan, session, csrf)
        probe = Probe(
            plan,
            entry_headers(session, csrf),
            entry_base(plan, plan["tables"][-1]),
            public_pages(plan),
            PORT,
            max(RAMP_SECONDS, SETTLE),
            int(RUN_SECONDS / DEAL_SECONDS) + 2,
        )
        probe.start()
        cpu = CpuShare(server.pid)
        for at, then in ((SETTLE, cpu.restart), (RUN_SECONDS, cpu.stop)):
            if at:  # the machine's share of the steady part only
                timer = threading.Timer(at, then)
                timer.daemon = True
                timer.start()
        started, steady = time.monotonic(), time.time() + SETTLE
        phones = start_phones(plan)
        # Phones and tables in locust processes of their own: sharing one
        # event loop, the phones' traffic delayed the tables' clocks.
        runs = [
            locust(
                work, env, "Phone", PHONES if PHONE_TOOL == "locust" else 0, PROCESSES
            ),
            locust(work, env, "TableSide" if TABLE_SIDE else "Table", TABLES, 1),
        ]
        cpu.watch([p.pid for p in (phones, *runs) if p is not None])
        for run in filter(None, runs):
            run.wait(timeout=RUN_SECONDS + 120)
        elapsed = time.monotonic() - started
        phones_out = phones.communicate(timeout=60)[0] if phones else ""
        probe.stop.set()
        probe.join(timeout=40)
        cpu.stop()
    finally:
        stop(server)
    told = told_by_the_site(work, probe)
    stats = sorted(work.glob("stats-*_stats.csv"))
    locust_figures(stats, min(elapsed, RUN_SECONDS), told if TABLE_SIDE else {})
    phone_figures(phones_out)
    log.close()
    server_times(work / "server.log", TABLE_SIDE)
    if SETTLE:
        print(
            f"load: the steady {SECONDS} s after the arrival (locust's samples,"
            f" the server's own times, the probe, the machine):"
        )
        window_figures(work, steady, steady + SECONDS, PHONES)
        server_times(work / "server.log", TABLE_SIDE, since=steady)
    probe.report()
    cpu.report()
    cpu.write_timeline(work / "cpu.csv")
    saved: dict[str, int] = {}
    for part in work.glob("saved.json.*"):
        saved.update(json.loads(part.read_text()))
    for table, n in probe.saved.items():  # the probe's own deals (table-side)
        saved[table] = saved.get(table, 0) + n
    (work / "saved.json").write_text(json.dumps(saved))
    result = subprocess.run(
        [
            PY,
            "-m",
            "bench.load.verify",
            str(work / "plan.json"),
            str(work / "saved.json"),
            *([str(work / "told.json")] if TABLE_SIDE else []),
        ],
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    if not KEEP:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"load: kept {work}")
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
