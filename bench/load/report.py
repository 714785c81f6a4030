"""The figures ``make load`` prints: locust's own (its CSV, the whole run),
the same from every sample for a window of the run (after the arrival, and
several request kinds together, which locust's CSV cannot give), and the
server's own time per request (granian's access log)."""

import csv
import datetime
from pathlib import Path

#: the steps that make a deal count at the table (table-side entry)
ENTRY_STEPS = {"table enter deal", "table resend deal", "table confirm deal"}


def percentile(ordered: list[float], p: float) -> float:
    """The nearest-rank percentile of sorted samples (as the probe's)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def _p50_p99(times: list[float]) -> str:
    times = sorted(times)
    return f"p50 {percentile(times, 50):6.1f} ms  p99 {percentile(times, 99):6.1f} ms"


def locust_figures(stats_csvs: list[Path], seconds: float, told: dict) -> None:
    """locust's summary rows, from the moment every user was in."""
    rows = [
        row
        for path in stats_csvs
        for row in csv.DictReader(path.read_text().splitlines())
    ]
    print(f"load_duration_s: {seconds:.0f}")
    public = [r for r in rows if r["Name"].startswith("public")]
    entry = [r for r in rows if r["Name"] == "entry save deal"]
    count = sum(int(r["Request Count"]) for r in public)
    fails = sum(int(r["Failure Count"]) for r in rows if r["Name"] != "Aggregated")
    print(f"load_public_rps: {count / seconds:.0f} requests/s ({count} requests)")
    for r in rows:
        if r["Name"] == "Aggregated":
            continue
        print(
            f"  {r['Name']:<20} n={r['Request Count']:>6}  "
            f"{float(r['Requests/s']):6.1f}/s  p50 {r['50%']:>5} ms  "
            f"p99 {r['99%']:>5} ms  failures {r['Failure Count']}"
        )
    if public:  # the largest p99 of the kinds: an upper bound of theirs
        print(f"load_public_p99_ms: {max(int(float(r['99%'])) for r in public)}")
    if entry:
        print(f"load_entry_p99_ms: {entry[0]['99%']}  (p50 {entry[0]['50%']})")
        saved = int(entry[0]["Request Count"]) - int(entry[0]["Failure Count"])
        print(f"load_deals_per_s: {saved / seconds:.1f}")
    if told:  # table-side: what the site answered, the probe's deals too
        confirmed = sum(len(ids) for ids in told.get("confirmed", {}).values())
        print(
            f"load_deals_per_s: {confirmed / seconds:.1f} (confirmed: they count;"
            f" {confirmed} with the probe's)"
        )
    print(f"load_failures: {fails}")


def samples(work: Path) -> list[tuple[float, str, float, bool]]:
    """Every locust request: (moment sent, name, ms, ok)."""
    found = []
    for part in work.glob("samples.*.csv"):
        for line in part.read_text().splitlines():
            sent, name, ms, ok = line.split(",")
            found.append((float(sent), name, float(ms), ok == "1"))
    return found


def window_figures(work: Path, start: float, end: float, phones: int = 400) -> None:
    """The figures of the requests sent between ``start`` and ``end`` (wall
    clock), from every sample: public pages all together, the entry steps
    (enter, resend, confirm) together, the table page, deals counted."""
    seconds = end - start
    kinds: dict[str, list[float]] = {"public": [], "entry": [], "table page": []}
    deals = fails = 0
    for sent, name, ms, ok in samples(work):
        if not start <= sent < end:
            continue
        fails += not ok
        kind = "public" if name.startswith("public") else name
        kind = "entry" if name in ENTRY_STEPS or name == "entry save deal" else kind
        kinds.setdefault(kind, []).append(ms)
        deals += ok and name in ("table confirm deal", "entry save deal")
    print(f"load_steady_s: {seconds:.0f} (the requests sent in it)")
    for kind, times in kinds.items():
        if times:
            print(
                f"load_steady_{kind.replace(' ', '_')}: n={len(times):>6} "
                f"{len(times) / seconds:6.1f}/s  {_p50_p99(times)}"
            )
    print(f"load_steady_deals_per_s: {deals / seconds:.1f} (locust's tables)")
    print(f"load_steady_failures: {fails}")
    print(f"load_targets: {targets_met(kinds, seconds, fails, phones)}")


#: the spike's targets (docs/performance.md): public requests/s and p99s in ms
TARGET_PUBLIC_RPS, TARGET_PUBLIC_P99, TARGET_ENTRY_P99 = 300, 250, 300
#: the phones that public rate is for; fewer phones ask fewer pages
TARGET_PHONES = 400


def targets_met(
    kinds: dict[str, list[float]],
    seconds: float,
    fails: int,
    phones: int = TARGET_PHONES,
) -> str:
    """One line: each target with what was measured, then met or not. The
    public rate asked of ``phones`` is the target's in proportion (300 phones,
    as ``make load-tables`` runs, ask 225 pages a second of it)."""
    public, entry = sorted(kinds["public"]), sorted(kinds["entry"])
    if not public or not entry:
        return "not measured (no public or entry requests in the window)"
    rate = TARGET_PUBLIC_RPS * phones / TARGET_PHONES
    checks = [
        (
            f"public {len(public) / seconds:.0f}/s >= {rate:.0f}",
            len(public) / seconds >= rate,
        ),
        (
            f"public p99 {percentile(public, 99):.0f} <= {TARGET_PUBLIC_P99} ms",
            percentile(public, 99) <= TARGET_PUBLIC_P99,
        ),
        (
            f"entry p99 {percentile(entry, 99):.0f} <= {TARGET_ENTRY_P99} ms",
            percentile(entry, 99) <= TARGET_ENTRY_P99,
        ),
        (f"{fails} failures", fails == 0),
    ]
    verdict = "met" if all(ok for _, ok in checks) else "NOT met"
    return f"{verdict} ({'; '.join(text for text, _ in checks)})"


def server_times(log: Path, table_side: bool, since: float = 0.0) -> None:
    """The server's own time per request (granian's access log), without
    the wait in the queue: where the time goes when the two differ. Only
    the requests received from ``since`` (wall clock, whole seconds)."""
    kinds: dict[str, list[float]] = {"public": [], "entry GET": [], "entry POST": []}
    if table_side:  # the table's link: its page, the two steps, the preview
        names = "public/table page/table enter/table confirm/table check/entry (both)"
        kinds = {name: [] for name in names.split("/")}
    if not log.exists():
        return
    for line in log.read_text().splitlines():
        parts = line.split()
        if len(parts) != 7 or not parts[3].replace(".", "").isdigit():
            continue  # not an access line
        method, path, _status, millis = parts[:4]
        moment = datetime.datetime.strptime(" ".join(parts[4:]), "%Y-%m-%d %H:%M:%S %z")
        if moment.timestamp() < int(since):
            continue
        kind = "public" if path.startswith("/t/") else f"entry {method}"
        if table_side and path.startswith("/k/"):
            kind = _table_kind(method, path)
        if kind in kinds:
            kinds[kind].append(float(millis))
            if kind in ("table enter", "table confirm"):
                kinds["entry (both)"].append(float(millis))
    for kind, times in kinds.items():
        if times:
            print(f"  server time {kind:<13} {_p50_p99(times)}")


def _table_kind(method: str, path: str) -> str:
    if method == "GET":
        return "table page"
    if "/confirm/" in path:
        return "table confirm"
    return "table check" if path.endswith("/preview/") else "table enter"
