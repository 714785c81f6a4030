"""The load users: phones polling the public pages, tables entering deals
through the TD's entry path (``Table``) or on their own link, one player
entering and one of the other side confirming (``TableSide``). The
plan (``LOAD_PLAN``, with each table's TD session or link) comes from
``bench.load.setup_event``."""

import itertools
import json
import os
import random
import secrets
import time
from pathlib import Path

import gevent
from locust import (
    FastHttpUser,
    HttpUser,
    constant_pacing,
    constant_throughput,
    events,
    task,
)

PLAN = json.loads(Path(os.environ["LOAD_PLAN"]).read_text())
SLUG, ROUND = PLAN["slug"], PLAN["round"]
TABLES = itertools.count()
RESENDS = itertools.count(1)
PHONE_RATE = float(os.environ.get("LOAD_PHONE_RATE", "0.9"))  # requests/s each
DEAL_SECONDS = float(os.environ.get("LOAD_DEAL_SECONDS", "30"))
SAVED: dict[int, int] = {}  # table number: deals the site said it saved
#: Table-side, per table: the idempotency keys sent, the entries the site
#: answered "saved" ({key: entry id}), the entries a confirmation was sent
#: for and those it answered "counts"; a request still on its way when the
#: clock stopped may be stored without an answer (``verify`` tells them
#: apart).
TOLD: dict[str, dict] = {"sent": {}, "entered": {}, "confirming": {}, "confirmed": {}}
#: Every request once every user is in, as (moment sent, name, ms, ok), in
#: ``samples.<pid>.csv`` beside the plan: ``bench.load.run`` takes its
#: figures for a window of the run (after the arrival) and for several
#: request kinds together from them, which locust's CSV cannot give.
SAMPLES: list[tuple[float, str, float, int]] = []
#: every RESEND-th deal entered (in this process) is sent twice with the
#: same key, as by a phone that lost the first answer: the second answer
#: must name the same entry.
RESEND = int(os.environ.get("LOAD_RESEND", "10"))
COUNTING = [False]


PROCESSES = int(os.environ.get("LOAD_PROCESSES", "1"))


@events.test_stop.add_listener
def _write_saved(**_kwargs):
    """One file per locust process (``bench.load.run`` adds them up)."""
    if SAVED:
        Path(f"{os.environ['LOAD_SAVED']}.{os.getpid()}").write_text(json.dumps(SAVED))
    if TOLD["sent"]:
        Path(f"{os.environ['LOAD_TOLD']}.{os.getpid()}").write_text(json.dumps(TOLD))
    if SAMPLES:
        lines = "".join(
            f"{t:.3f},{name},{ms:.1f},{ok}\n" for t, name, ms, ok in SAMPLES
        )
        plan = Path(os.environ["LOAD_PLAN"])
        plan.with_name(f"samples.{os.getpid()}.csv").write_text(lines)


@events.spawning_complete.add_listener
def _start_counting(**_kwargs):
    """The samples count from the moment locust resets its statistics."""
    SAMPLES.clear()
    COUNTING[0] = True


@events.request.add_listener
def _sample(name, response_time, exception=None, **_kwargs):
    if COUNTING[0]:
        sent = time.time() - response_time / 1000
        SAMPLES.append((sent, name, response_time, int(exception is None)))


def next_table(user) -> dict:
    """Each table to one user, also when several locust processes run: a
    process takes the tables of its own index, in turn."""
    index = getattr(user.environment.runner, "worker_index", 0) or 0
    n = next(TABLES) * PROCESSES + index
    return PLAN["tables"][n % len(PLAN["tables"])]


def out_of_step(user) -> None:
    """Tables do not play in step: each starts at its own moment and keeps
    its own pace from there. (locust's ``constant_pacing`` counts from the
    user's creation, so without the reset every table's second deal came at
    the same instant, 30 s in, and so on.)"""
    gevent.sleep(random.uniform(0, DEAL_SECONDS))
    user._cp_last_run = time.perf_counter()


class Phone(FastHttpUser):
    """A player's phone in the hall: the standings, a round, a player."""

    weight = 4
    wait_time = constant_throughput(PHONE_RATE)

    @task(5)
    def standings(self):
        self.client.get(f"/t/{SLUG}/", name="public standings")

    @task(3)
    def round_page(self):
        number = random.randint(1, PLAN["published"])
        self.client.get(f"/t/{SLUG}/round/{number}/", name="public round")

    @task(2)
    def player(self):
        entry = random.choice(PLAN["entries"])
        self.client.get(f"/t/{SLUG}/player/{entry}/", name="public player")


class Table(HttpUser):
    """One table's score sheet typed in by the TD, one deal at a time."""

    fixed_count = int(os.environ.get("LOAD_TABLES", len(PLAN["tables"])))
    wait_time = constant_pacing(DEAL_SECONDS)

    def on_start(self):
        self.table = next_table(self)
        self.next_deal = 0
        session, csrf = self.table["session"], self.table["csrf"]
        self.headers = {
            "Cookie": f"sessionid={session}; csrftoken={csrf}",
            "X-CSRFToken": csrf,
        }
        self.base = f"/manage/{SLUG}/round/{ROUND}/table/{self.table['number']}/"
        out_of_step(self)

    @task
    def enter_a_deal(self):
        if self.next_deal >= len(self.table["deals"]):
            return
        number = self.next_deal + 1
        self.client.get(self.base, headers=self.headers, name="entry table page")
        with self.client.post(
            f"{self.base}deal/{number}/",
            data=self.table["deals"][self.next_deal],
            headers=self.headers,
            name="entry save deal",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code == 302:
                self.next_deal += 1
                SAVED[self.table["number"]] = self.next_deal
                response.success()
            else:
                response.failure(f"deal {number}: {response.status_code}")


class TableSide(HttpUser):
    """One table entering its own deals on its link (entry mode "confirm"):
    the declarer's phone opens the table's page and sends the deal (a fresh
    idempotency key, JSON answer, as ``static/js/tableside.js``); a moment
    later a player of the other side opens the page and confirms it. Then,
    and only then, the deal counts."""

    fixed_count = int(os.environ.get("LOAD_TABLES", len(PLAN["tables"])))
    wait_time = constant_pacing(DEAL_SECONDS)

    def on_start(self):
        self.table = next_table(self)
        self.number = self.table["number"]
        self.next_deal = 0
        self.base = self.table["link"]
        csrf = self.table["csrf"]
        self.headers = {
            "Cookie": f"csrftoken={csrf}",
            "X-CSRFToken": csrf,
            "Accept": "application/json",
        }
        out_of_step(self)

    def post(
        self, path: str, data: dict, name: str, seat: int, tries: int = 3
    ) -> dict | None:
        """One JSON step from the phone of ``seat``; "busy" (503) is tried
        again after a second, as the phone's queue does (with the same key):
        each try is timed."""
        phone = self.table["phones"][str(seat)]
        headers = {**self.headers, "Cookie": f"{self.headers['Cookie']}; {phone}"}
        for attempt in range(tries):
            with self.client.post(
                f"{self.base}{path}",
                data=data,
                name=name,
                headers=headers,
                allow_redirects=False,
                catch_response=True,
            ) as response:
                try:
                    answer = response.json()
                except ValueError:
                    answer = {}
                if response.status_code == 200 and answer.get("ok"):
                    response.success()
                    return answer
                response.failure(
                    f"{path}: {response.status_code} {answer.get('message', '')}"
                )
                if response.status_code != 503 or attempt == tries - 1:
                    return None
            gevent.sleep(1)
        return None

    @task
    def enter_and_confirm(self):
        deals = self.table["deals"]
        if self.next_deal >= len(deals):
            return
        number, deal = self.next_deal + 1, deals[self.next_deal]
        fields = {k: v for k, v in deal.items() if k.startswith("p")}
        body = {**fields, "key": secrets.token_urlsafe(12)}
        self.client.get(self.base, name="table page", headers=self.headers)
        told = {
            kind: TOLD[kind].setdefault(self.number, {} if kind == "entered" else [])
            for kind in TOLD
        }
        told["sent"].append(body["key"])
        answer = self.post(f"deal/{number}/", body, "table enter deal", deal["seat"])
        if answer is None or "entry" not in answer:
            return  # the table tries this deal again next time round
        entry = answer["entry"]
        told["entered"][body["key"]] = entry
        if next(RESENDS) % RESEND == 0:  # the first answer was lost on the way
            again = self.post(
                f"deal/{number}/", body, "table resend deal", deal["seat"]
            )
            if again is not None and again.get("entry") != entry:
                self.environment.events.request.fire(
                    request_type="POST",
                    name="table resend deal",
                    response_time=0,
                    response_length=0,
                    context={},
                    response=None,
                    exception=AssertionError(f"key stored twice: {again}"),
                )
        gevent.sleep(random.uniform(1, 4))  # the other side reads and taps
        self.client.get(self.base, name="table page", headers=self.headers)
        told["confirming"].append(entry)
        done = self.post(f"confirm/{entry}/", {}, "table confirm deal", deal["confirm"])
        if done is not None:
            self.next_deal += 1
            SAVED[self.number] = self.next_deal
            told["confirmed"].append(entry)
