"""From the hall to the club's site over a network that fails (issue 39,
part 1): the hall on SQLite with its worker, the site on PostgreSQL in
production mode with Redis, real HTTP between them through a proxy that
goes down, cuts an upload halfway and loses an answer (bench/hall_site.py).

A round published in the hall reaches the site's public page by itself;
without a connection it waits, counted on the TD's page, and goes once the
connection is back; a cut upload stores nothing; an upload whose answer
was lost is stored once. Runs in CI's PostgreSQL pass (marked
``postgres``: the site needs the server)."""

import sqlite3
import time

import pytest

from bench.hall_site import HallAndSite

pytestmark = pytest.mark.postgres


def hall_outbox(hs: HallAndSite) -> dict:
    with sqlite3.connect(hs.work / "hall.sqlite3") as db:
        db.row_factory = sqlite3.Row
        row = db.execute("select * from publishing_outbox").fetchone()
        return dict(row)


def eventually(check, seconds: float = 30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {check.__doc__}")


def uploads(hs: HallAndSite) -> int:
    return hs.site_query("select uploads from publishing_onlinecopy")[0][0]


def test_rounds_reach_the_site_through_a_network_that_fails(db):
    with HallAndSite(players=12, rounds=3, deals=4) as hs:
        # told once: the event goes online, its unpublished round does not
        hs.wait_online(2)
        assert hs.site_status(f"/t/{hs.slug}/round/3/") == 404
        page = hs.site_page(f"/t/{hs.slug}/")
        assert "online-origin" in page and "Geertruidenberg" in page

        # the hotspot is gone: the round waits, counted on the TD's page
        hs.network.mode = "down"
        hs.publish(3)
        eventually(lambda: hall_outbox(hs)["last_error"])
        assert hall_outbox(hs)["due"] == 1
        assert "online-status" in hs.hall_page(f"/manage/{hs.slug}/round/3/")
        assert hs.site_status(f"/t/{hs.slug}/round/3/") == 404

        # back: the worker's next try (10 s later) brings it
        hs.network.mode = "open"
        hs.wait_online(3, seconds=40)
        assert uploads(hs) == 2
        eventually(lambda: hall_outbox(hs)["due"] == 0)

        # cut halfway through an upload: nothing is half-stored
        hs.network.mode, hs.network.cut_after = "cut", 3000
        hs.publish_off(3)
        eventually(lambda: hall_outbox(hs)["last_error"])
        assert uploads(hs) == 2
        assert hs.site_status(f"/t/{hs.slug}/round/3/") == 200

        # the site stores it but its answer is lost: sent again, stored once
        hs.network.mode = "lose_answer"
        hs.send_now()
        eventually(lambda: uploads(hs) == 3)
        assert hs.site_status(f"/t/{hs.slug}/round/3/") == 404
        eventually(lambda: hall_outbox(hs)["attempts"] >= 1)
        assert hall_outbox(hs)["due"] >= 1
        hs.network.mode = "open"
        hs.send_now()
        eventually(lambda: hall_outbox(hs)["due"] == 0)
        assert uploads(hs) == 3
        assert hs.site_query("select count(*) from tournaments_tournament") == [(1,)]
