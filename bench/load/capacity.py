"""``make load-capacity``: how many public page requests a second this
machine holds, beside ``make load``'s spike at the offered rate.

The same setup as ``make load`` (a fresh PostgreSQL database with the
load's event, the production server as ``make serve`` starts it, Redis for
the cache, every public page asked once first), then phones under ``wrk``
(``bench/load/phones.lua``: each a kept-alive connection asking a page about
every 1.1 s, as ``make load``'s), in steps of more and more phones. Each
step runs ``LOAD_STEP_SECONDS``; the figures of a step are wrk's over its
whole run. The steps stop at the first whose p99 passes 250 ms or that has
an error; the capacity is the highest rate of a step that held.
"""

import json
import os
import re
import subprocess
import tempfile
import time
from pathlib import Path

from bench.load import run

STEPS = [
    int(n)
    for n in os.environ.get(
        "LOAD_CAPACITY_PHONES", "400,800,1200,1600,2000,2400,3000"
    ).split(",")
]
STEP_SECONDS = int(os.environ.get("LOAD_STEP_SECONDS", "30"))
P99_MS = 250


def step(plan: dict, phones: int) -> dict:
    """One wrk run of ``phones`` phones: requests/s, p50, p99 (ms), errors."""
    rounds = str(plan["round"] - 1)
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{phones}",
            f"-d{STEP_SECONDS}s",
            "--latency",
            "--timeout",
            "5s",
            "-s",
            str(run.ROOT / "bench/load/phones.lua"),
            run.HOST,
            "--",
            plan["slug"],
            rounds,
            *map(str, plan["entries"]),
        ],
        capture_output=True,
        text=True,
        timeout=STEP_SECONDS + 120,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    found = re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\b", out, re.M)
    latency = {p: _ms(v, u) for p, v, u in found}
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), "
        r"timeout (\d+)",
        out,
    )
    errors = int(non_2xx[1]) if non_2xx else 0
    errors += sum(int(n) for n in socket.groups()) if socket else 0
    return {
        "phones": phones,
        "rps": rate,
        "p50": latency.get("50"),
        "p99": latency.get("99"),
        "errors": errors,
    }


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="rikscore-capacity-"))
    env = run.production_env()
    print(
        f"capacity: granian {run.WORKERS} workers, cache "
        f"{env.get('REDIS_URL', 'in each process')}, steps of {STEP_SECONDS} s: "
        f"{', '.join(map(str, STEPS))} phones; load average before: "
        "{:.2f}".format(os.getloadavg()[0])
    )
    run.prepare(work, env)
    server = subprocess.Popen(
        run.server_command(),
        cwd=run.ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    held = None
    try:
        run.wait_for_server(server)
        plan = json.loads((work / "plan.json").read_text())
        for path in run.public_pages(plan):  # every page kept once
            run.urllib.request.urlopen(f"{run.HOST}{path}", timeout=30).read()
        for phones in STEPS:
            time.sleep(2)  # the previous step's connections closed
            result = step(plan, phones)
            ok = result["errors"] == 0 and (result["p99"] or 1e9) <= P99_MS
            verdict = "held" if ok else "NOT held"
            print(
                f"capacity_step: {phones:>5} phones  {result['rps']:7.0f} requests/s"
                f"  p50 {result['p50']:7.1f} ms  p99 {result['p99']:7.1f} ms  "
                f"errors {result['errors']}  {verdict}"
            )
            if not ok:
                break
            held = result
    finally:
        run.stop(server)
    if held is None:
        print("load_capacity_rps: none held (the first step passed 250 ms or failed)")
    else:
        print(
            f"load_capacity_rps: {held['rps']:.0f} requests/s held "
            f"({held['phones']} phones, p99 {held['p99']:.0f} ms, no error)"
        )


if __name__ == "__main__":
    main()
