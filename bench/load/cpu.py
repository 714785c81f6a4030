"""Where the machine's two cores went during the load: the server, the load
tools, the probe, PostgreSQL and Redis, and everything else (other work on
a shared machine). The figures of a run whose "everything else" is well
above zero were measured on a busy machine (docs/performance.md).

Every second the processes of each group are read (a process that ends
between two readings loses at most its last second; one that starts counts
whole), so short-lived ones such as PostgreSQL backends are counted too."""

import os
import threading
import time

import psutil

DATA = {"postgres", "redis-server"}
GROUPS = ("server", "tools", "data")


def _seconds(p) -> float:
    try:
        t = p.cpu_times()
        return t.user + t.system
    except psutil.Error:
        return 0.0


def _trees(pids: list[int]) -> dict[int, float]:
    found = {}
    for pid in pids:
        try:
            root = psutil.Process(pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            continue
        found.update({p.pid: _seconds(p) for p in procs})
    return found


def _named() -> dict[int, float]:
    return {
        p.pid: _seconds(p)
        for p in psutil.process_iter(["name"])
        if p.info["name"] in DATA
    }


def _busy() -> float:
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


def _waiting() -> tuple[float, float]:
    """Time the cores waited for the disk, and time the host took back."""
    t = psutil.cpu_times()
    return getattr(t, "iowait", 0.0), getattr(t, "steal", 0.0)


class CpuShare:
    """From its creation (or ``restart``) to ``stop``; ``watch`` adds the
    load tools' processes once they run."""

    def __init__(self, server_pid: int):
        self.roots = {"server": [server_pid], "tools": []}
        #: each second: (when, busy cores, the server's, the tools', data's,
        #: cores waiting for the disk, cores taken by the host)
        self.seconds: list[tuple[float, ...]] = []
        self.lock, self.done = threading.Lock(), threading.Event()
        self.first: dict[str, dict[int, float]] = {g: {} for g in GROUPS}
        self.last: dict[str, dict[int, float]] = {g: {} for g in GROUPS}
        self.begun = False
        self._read()
        self.restart()
        threading.Thread(target=self._every_second, daemon=True).start()

    def watch(self, pids: list[int]) -> None:
        with self.lock:
            self.roots["tools"] += pids

    def restart(self) -> None:
        """Count from now (the run's steady part)."""
        with self.lock:
            self.first = {g: dict(procs) for g, procs in self.last.items()}
            self.begun = True
            self.start = (time.monotonic(), _busy(), sum(os.times()[:2]))

    def stop(self) -> None:
        if not self.done.is_set():
            self._read()
            self.done.set()
            self.end = (time.monotonic(), _busy(), sum(os.times()[:2]))

    def _read(self) -> dict[str, float]:
        """Read every group; answer what each used since the last reading."""
        with self.lock:
            roots = {g: list(pids) for g, pids in self.roots.items()}
        now = {
            "server": _trees(roots["server"]),
            "tools": _trees(roots["tools"]),
            "data": _named(),
        }
        used_since = dict.fromkeys(GROUPS, 0.0)
        with self.lock:
            for group, procs in now.items():
                for pid, used in procs.items():
                    if pid not in self.last[group] and self.begun:
                        self.first[group][pid] = 0.0  # started meanwhile
                    used_since[group] += used - self.last[group].get(pid, 0.0)
                    self.last[group][pid] = used
        return used_since

    def _every_second(self) -> None:
        busy, waits, wall = _busy(), _waiting(), time.monotonic()
        while not self.done.wait(1):
            used = self._read()
            now_busy, now_waits, now = _busy(), _waiting(), time.monotonic()
            span = now - wall
            waited = (b - a for a, b in zip(waits, now_waits, strict=True))
            self.seconds.append(
                (
                    time.time(),
                    (now_busy - busy) / span,
                    *(used[g] / span for g in GROUPS),
                    *(w / span for w in waited),
                )
            )
            busy, waits, wall = now_busy, now_waits, now

    def _used(self, group: str) -> float:
        with self.lock:
            first, last = self.first[group], self.last[group]
            return sum(v - first.get(pid, v) for pid, v in last.items())

    def report(self) -> None:
        wall = self.end[0] - self.start[0]
        busy = self.end[1] - self.start[1]
        probe = self.end[2] - self.start[2]
        server, tools, data = (self._used(g) for g in GROUPS)
        rest = busy - server - tools - probe - data
        print(
            f"load_cpu: {os.cpu_count()} cores for {wall:.0f} s, busy "
            f"{busy / wall:.2f} cores: server {server / wall:.2f}, load tools "
            f"{tools / wall:.2f}, probe {probe / wall:.2f}, PostgreSQL and Redis "
            f"{data / wall:.2f}, everything else {rest / wall:.2f}"
        )

    def write_timeline(self, path) -> None:
        """Each second: when, busy cores, the server's, the load tools',
        PostgreSQL's and Redis's, waiting for the disk, taken by the host
        (were the slow moments busy ones?)."""
        path.write_text(
            "".join(",".join(f"{v:.2f}" for v in row) + "\n" for row in self.seconds)
        )
