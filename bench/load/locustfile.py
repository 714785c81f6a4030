"""The load users: phones polling the public pages, tables entering deals
through the TD's entry path. The plan (``LOAD_PLAN``, with each table's TD
session) comes from ``bench.load.setup_event``."""

import itertools
import json
import os
import random
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
PHONE_RATE = float(os.environ.get("LOAD_PHONE_RATE", "0.9"))  # requests/s each
DEAL_SECONDS = float(os.environ.get("LOAD_DEAL_SECONDS", "30"))
SAVED: dict[int, int] = {}  # table number: deals the site said it saved


PROCESSES = int(os.environ.get("LOAD_PROCESSES", "1"))


@events.test_stop.add_listener
def _write_saved(**_kwargs):
    """One file per locust process (``bench.load.run`` adds them up)."""
    if SAVED:
        Path(f"{os.environ['LOAD_SAVED']}.{os.getpid()}").write_text(json.dumps(SAVED))


def next_table(user) -> dict:
    """Each table to one user, also when several locust processes run: a
    process takes the tables of its own index, in turn."""
    index = getattr(user.environment.runner, "worker_index", 0) or 0
    n = next(TABLES) * PROCESSES + index
    return PLAN["tables"][n % len(PLAN["tables"])]


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
        gevent.sleep(random.uniform(0, DEAL_SECONDS))  # tables do not play in step

    @task
    def enter_a_deal(self):
        if self.next_deal >= len(self.table["deals"]):
            return
        number = self.next_deal + 1
        self.client.get(self.base, headers=self.headers, name="entry table page")
        with self.client.post(
            f"{self.base}deal/{number}/", data=self.table["deals"][self.next_deal],
            headers=self.headers, name="entry save deal", allow_redirects=False,
            catch_response=True,
        ) as response:  # fmt: skip
            if response.status_code == 302:
                self.next_deal += 1
                SAVED[self.table["number"]] = self.next_deal
                response.success()
            else:
                response.failure(f"deal {number}: {response.status_code}")
