"""The probe beside ``make load``: one more phone and one more TD (or, with
table-side entry, one more table) in their own OS thread, with plain blocking
HTTP on kept-alive connections as a browser makes them. What one more visitor
waits while the hall is busy: locust's own figures include its event loops'
delays on the same two cores; the probe's do not (docs/performance.md)."""

import http.client
import json
import random
import secrets
import threading
import time
import urllib.parse

#: Table-side, the probe enters and confirms deals of its own: deals 20 down
#: to 11 of the last PROBE_TABLES tables, far above the few (one each
#: LOAD_DEAL_SECONDS) that locust's table enters from deal 1.
PROBE_TABLES, PROBE_LOWEST = 10, 11


class Probe(threading.Thread):
    def __init__(
        self,
        plan: dict,
        headers: dict,
        base: str,
        pages: list[str],
        port: int,
        ramp: float,
        deals_of_locust: int = 0,
    ):
        """``base``: where the probe's entry page is; ``deals_of_locust``:
        how many deals a locust table may reach (table-side only; 0: the
        probe enters none)."""
        super().__init__(daemon=True)
        self.plan, self.pages, self.stop = plan, pages, threading.Event()
        self.headers, self.base, self.port, self.ramp = headers, base, port, ramp
        self.times: dict[str, list[float]] = {
            "public": [],
            "entry page": [],
            "entry check": [],
        }
        self.todo = []
        if "link" in plan["tables"][0] and deals_of_locust < PROBE_LOWEST:
            self.times.update({"entry enter": [], "entry confirm": []})
            self.todo = [
                (table, n)
                for n in range(20, PROBE_LOWEST - 1, -1)
                for table in plan["tables"][-PROBE_TABLES:]
            ]
        #: what the site answered the probe's entries, as the locust users'
        self.told: dict[str, dict] = {
            "sent": {},
            "entered": {},
            "confirming": {},
            "confirmed": {},
        }
        self.saved: dict[str, int] = {}

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def timed(
        self, kind: str, conn, method: str, path: str, body=None, headers=None
    ) -> tuple[int, bytes]:
        """One request on a kept-alive connection, as a browser makes it (a
        connection the server closed meanwhile is opened again, once)."""
        headers = {"Accept-Encoding": "gzip", **(headers or {})}
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                answer = response.status, response.read()
                break
            except (OSError, http.client.HTTPException):
                conn.close()
                if attempt == 2:
                    raise
        self.times[kind].append((time.perf_counter() - start) * 1000)
        return answer

    def run(self) -> None:
        preview = urllib.parse.urlencode(self.plan["tables"][-1]["deals"][0])
        form = {**self.headers, "Content-Type": "application/x-www-form-urlencoded"}
        rng = random.Random(7)
        phone, laptop, table = self.connection(), self.connection(), self.connection()
        if self.stop.wait(self.ramp):
            return
        while not self.stop.wait(0.1):
            self.timed("public", phone, "GET", rng.choice(self.pages))
            count = len(self.times["public"])
            if count % 5 == 0:
                self.timed("entry page", laptop, "GET", self.base, headers=self.headers)
                self.timed(
                    "entry check",
                    laptop,
                    "POST",
                    f"{self.base}deal/1/preview/",
                    body=preview,
                    headers=form,
                )
            if self.todo and count % 20 == 0:
                self.enter_and_confirm(table, *self.todo.pop(0), form)

    def enter_and_confirm(self, conn, table: dict, number: int, form: dict) -> None:
        """One deal at a table, entered by its declarer and confirmed by an
        opponent, each step timed; what the site answered is kept for the
        database check."""
        deal = table["deals"][number - 1]
        key = secrets.token_urlsafe(12)
        fields = {k: v for k, v in deal.items() if k.startswith("p")}
        body = urllib.parse.urlencode({**fields, "key": key})
        headers = {**form, "Accept": "application/json"}

        def phone(seat: int) -> dict:  # the cookie of the seat's own phone
            cookie = f"{headers.get('Cookie', '')}; {table['phones'][str(seat)]}"
            return {**headers, "Cookie": cookie.lstrip("; ")}

        told = {
            kind: self.told[kind].setdefault(
                str(table["number"]), {} if kind == "entered" else []
            )
            for kind in self.told
        }
        told["sent"].append(key)
        status, answer = self.timed(
            "entry enter",
            conn,
            "POST",
            f"{table['link']}deal/{number}/",
            body=body,
            headers=phone(deal["seat"]),
        )
        entry = json.loads(answer).get("entry") if status == 200 else None
        if entry is None:
            return
        told["entered"][key] = entry
        told["confirming"].append(entry)
        status, answer = self.timed(
            "entry confirm",
            conn,
            "POST",
            f"{table['link']}confirm/{entry}/",
            body="",
            headers=phone(deal["confirm"]),
        )
        if status == 200 and json.loads(answer).get("ok"):
            told["confirmed"].append(entry)
            number_ = str(table["number"])
            self.saved[number_] = self.saved.get(number_, 0) + 1

    def report(self) -> None:
        for kind, times in self.times.items():
            if times:
                times.sort()
                p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
                print(
                    f"  probe {kind:<13} n={len(times):>5}  p50 {p50:6.1f} ms  "
                    f"p99 {p99:6.1f} ms"
                )
