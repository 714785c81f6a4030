"""Thirty phones at the tables of one round (issue 40, part 5), against the
production server (granian, ``make serve``'s two processes of four
threads) on a SQLite file, with Redis when ``REDIS_URL`` is set:

- ``table_page_ms``: one phone's table page (seat held, mid-round), median
  and p99 of 40 asked one after another (target ≤ 10 ms of server time;
  this is the whole round-trip on this machine);
- ``phones_at_once_ms``: the 30 phones opening their pages at the same
  moment, five times: median and p99 (target p99 ≤ 500 ms);
- ``other_side_sees_s``: from one phone's save to the other side's phone
  polling as ``static/js/tableside.js`` does (every 3 s) and seeing it,
  median and worst of 10 (target ≤ 3 s);
- ``polls_every_3s`` / ``polls_every_15s``: 30 phones polling for 30 s,
  requests a second and the server's CPU time a second (both processes),
  the 3-s poll against the 15-s one it replaced.

The event: 30 players (``demo.events.generate_event``), round 2 being
entered in confirm mode, every seat held by its own phone.
"""

import http.cookiejar
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from bench.granian import granian

ROOT = Path(__file__).resolve().parents[1]
PHONES = 30
POLL_SECONDS = 30
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def prepare() -> None:
    """(In the server's environment.) The database, the event and its
    table links, printed as JSON."""
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from demo.events import generate_event
    from scoring.models import Deal
    from scoring.services import table_view
    from scoring.tableside.services import key_for
    from tournaments.models import Round, TableRound, Tournament

    event = generate_event("phones", PHONES, 2, 8, rules="nl", seed=3)
    Tournament.objects.filter(pk=event.pk).update(entry_mode="confirm")
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    Deal.objects.filter(table__round__tournament=event, table__round__number=2).delete()
    tables = TableRound.objects.filter(round__tournament=event, round__number=2)
    tables.update(closed=False)
    out = []
    for table in tables.order_by("number"):
        key = key_for(table)
        view = table_view(table)
        out.append(
            {
                "base": f"/k/{key.slot}/{key.secret}/",
                "seats": [s.position for s in view.seats],
                "deal1": [view.position_of(p) for p in view.players_for(1)],
            }
        )
    print(json.dumps(out))


class Phone:
    """One phone: its own cookies, its seat held at one table."""

    def __init__(self, site: str, base: str):
        self.site, self.base = site, base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.token = ""

    def get(self, path: str) -> tuple[float, bytes]:
        started = time.perf_counter()
        with self.opener.open(self.site + path, timeout=30) as answer:
            body = answer.read()
        return time.perf_counter() - started, body

    def post(self, path: str, fields: dict) -> bytes:
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": self.token})
        request = urllib.request.Request(
            self.site + path, data.encode(), headers={"Accept": "application/json"}
        )
        with self.opener.open(request, timeout=30) as answer:
            return answer.read()

    def page(self) -> float:
        seconds, body = self.get(self.base)
        found = TOKEN.search(body.decode())
        self.token = found.group(1) if found else self.token
        return seconds

    def sit(self, seat: int) -> None:
        self.page()
        self.post(self.base + "seat/", {"seat": seat})
        self.page()

    def status(self) -> dict:
        return json.loads(self.get(self.base + "status/")[1])


def _cpu_seconds(pid: int) -> float:
    """CPU time of ``pid`` and every process under it (granian's workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        todo += [int(c) for c in children]
    return total


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _percentile(values, share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))]


def _polling(phones, every: float, seconds: float, pid: int) -> tuple[float, float]:
    """Every phone asks for its status every ``every`` s (from a moment of
    its own) for ``seconds``: (requests a second, server CPU ms a second)."""
    stop = time.monotonic() + seconds
    asked = []

    def one(phone):
        time.sleep(random.uniform(0, every))
        while time.monotonic() < stop:
            phone.status()
            asked.append(1)
            time.sleep(every)

    cpu = _cpu_seconds(pid)
    started = time.monotonic()
    threads = [threading.Thread(target=one, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - started
    return len(asked) / took, (_cpu_seconds(pid) - cpu) * 1000 / took


def _measure(site: str, tables: list, pid: int) -> None:
    phones, by_seat = [], {}
    for table in tables:
        for seat in table["seats"]:
            phone = Phone(site, table["base"])
            phone.sit(seat)
            phones.append(phone)
            by_seat[(table["base"], seat)] = phone
    phones = phones[:PHONES]
    one = phones[0]
    times = [one.page() * 1000 for _ in range(40)]
    print(
        f"table_page_ms: median {statistics.median(times):.1f} ms, "
        f"p99 {_percentile(times, 0.99):.1f} ms (one phone, 40 asks)"
    )

    at_once = []
    for _ in range(5):
        barrier = threading.Barrier(len(phones))

        def open_page(phone, barrier=barrier):
            barrier.wait()
            at_once.append(phone.page() * 1000)

        threads = [threading.Thread(target=open_page, args=(p,)) for p in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    print(
        f"phones_at_once_ms: median {statistics.median(at_once):.0f} ms, "
        f"p99 {_percentile(at_once, 0.99):.0f} ms "
        f"({len(phones)} phones opening their table pages at once, 5 times)"
    )

    seen = []
    for number in range(1, 11):
        table = tables[number % len(tables)]
        d, p, o = table["deal1"][:3]
        mine, theirs = by_seat[(table["base"], d)], by_seat[(table["base"], o)]
        deal = number // len(tables) + 1
        before = json.dumps(theirs.status())
        phase = random.uniform(0, 3)  # where in its 3 s the other phone is
        saved = time.monotonic()
        mine.post(
            table["base"] + f"deal/{deal}/",
            {
                "p0_contract": "rik",
                "p0_declarer": d,
                "p0_partner": p,
                "p0_tricks": 9,
                "key": secrets.token_hex(16),
            },
        )
        time.sleep(max(0.0, phase - (time.monotonic() - saved)))
        while json.dumps(theirs.status()) == before:
            time.sleep(3)
        seen.append(time.monotonic() - saved)
    print(
        f"other_side_sees_s: median {statistics.median(seen):.1f} s, "
        f"worst {max(seen):.1f} s (10 entries, the other phone polling every 3 s)"
    )

    for every in (3, 15):
        rate, cpu = _polling(phones, every, POLL_SECONDS, pid)
        print(
            f"polls_every_{every}s: {rate:.1f} requests/s, server CPU "
            f"{cpu:.0f} ms/s ({len(phones)} phones, {POLL_SECONDS} s)"
        )


def run() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{folder}/phones.sqlite3",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_PRODUCTION": "1",
        }
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env.setdefault("REDIS_URL", "redis://127.0.0.1:6379/5")
        if not (ROOT / "staticfiles" / "staticfiles.json").exists():
            subprocess.run(  # as make serve does on its first start
                [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                cwd=ROOT,
                env=env,
                check=True,
            )
        made = subprocess.run(
            [sys.executable, "-c", "import bench.table_phones as b; b.prepare()"],
            cwd=ROOT,
            env={**env, "DJANGO_SETTINGS_MODULE": "rikscore.settings"},
            capture_output=True,
            text=True,
            check=True,
        )
        tables = json.loads(made.stdout.strip().splitlines()[-1])
        port = _free_port()
        server = subprocess.Popen(
            granian(port, workers=2),
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        site = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(site + "/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            _measure(site, tables, server.pid)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
