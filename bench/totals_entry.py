"""``season_totals_entry_actions``: the keyboard actions (a typed number one,
a key pressed one) to enter one club evening as totals, 5 tables (four of
four, one of five) × 2 partijen, as the browser test
``tests/e2e/test_totals_entry_browser.py`` counts them on the totals page
(target: at most 10 per table of four). That test runs here in its own
pytest process and writes its figures to ``RIKSCORE_BENCH_OUT``; without
Chromium or Playwright the figure is "skipped"."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TEST = "tests/e2e/test_totals_entry_browser.py"
ROOT = Path(__file__).resolve().parent.parent


def run() -> None:
    if not Path("/usr/bin/chromium").exists():
        print("season_totals_entry_actions: skipped (no /usr/bin/chromium)")
        return
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "totals.json"
        env = {**os.environ, "RIKSCORE_BENCH_OUT": str(out)}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", TEST],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if not out.exists():
            last = (done.stdout.strip().splitlines() or ["no output"])[-1]
            word = "skipped" if "skipped" in last else "failed"
            print(f"season_totals_entry_actions: {word} ({last})")
            return
        figures = json.loads(out.read_text(encoding="utf-8"))
    per_table = figures["actions_per_table"]
    print(
        f"season_totals_entry_actions: {figures['season_totals_entry_actions']} "
        f"({figures['tables']} tables, {min(per_table)}-{max(per_table)} each)"
    )
    print(
        f"season_totals_entry_keystrokes_s: {figures['keystroke_wall_s']:.1f} s "
        "(browser and server, not a person; not a target)"
    )
