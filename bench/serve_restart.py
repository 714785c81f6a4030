"""How soon ``make serve`` answers after a restart with nothing changed.

- ``serve_first_start_s``: a fresh database and no collected static files
  (migrate, collectstatic, granian, the task worker), to the first 200 of
  the home page.
- ``serve_restart_s``: the same command again, nothing changed (target
  ≤ 10 s; it was 171 s when every start collected the static files anew).

Both on a SQLite file of their own and a port of their own; the collected
files (``staticfiles/``) are those of the checkout, as a hall's are.
"""

import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WAIT_SECONDS = 300


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answered(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _start(env: dict, port: int) -> float:
    """Seconds from ``make serve`` to the home page's first 200."""
    started = time.perf_counter()
    process = subprocess.Popen(
        ["make", "-s", "serve", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while not _answered(f"http://127.0.0.1:{port}/"):
            if time.perf_counter() - started > WAIT_SECONDS:
                raise RuntimeError("make serve did not answer")
            time.sleep(0.1)
        return time.perf_counter() - started
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def run() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{folder}/serve.sqlite3",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        }
        env.pop("DJANGO_SETTINGS_MODULE", None)
        # collected again, as on a first start
        (ROOT / "staticfiles" / "staticfiles.json").unlink(missing_ok=True)
        first = _start(env, _free_port())
        print(f"serve_first_start_s: {first:.1f} s")
        again = sorted(_start(env, _free_port()) for _ in range(3))
        print(f"serve_restart_s: {again[1]:.1f} s (median of 3; target ≤ 10 s)")
