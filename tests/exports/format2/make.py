"""Write the files of tests/exports/format2 with the code of commit d0c77c7
(the last that wrote format version 2), e.g.

    git worktree add /tmp/v2 d0c77c7
    cd /tmp/v2 && DATABASE_URL=sqlite:////tmp/v2.sqlite3 .venv/bin/python \
        manage.py migrate -v0 && DATABASE_URL=sqlite:////tmp/v2.sqlite3 \
        /work/main/.venv/bin/python /work/main/tests/exports/format2/make.py \
        /work/main/tests/exports/format2
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")
sys.path.insert(0, os.getcwd())

import django

django.setup()

from demo.events import generate_event  # noqa: E402
from documents.event_backup import export_event  # noqa: E402

EVENTS = {  # name: generate_event's arguments
    "club-byes": dict(
        slug="club-byes",
        n_players=11,
        rounds=3,
        deals=4,
        rules="nl",
        seed=7,
        byes=True,
        bye_policy="average",
    ),
    "iwwa-five": dict(
        slug="iwwa-five", n_players=10, rounds=2, deals=5, rules="iwwa", seed=11
    ),
}

out = Path(sys.argv[1])
for name, arguments in EVENTS.items():
    data = export_event(generate_event(**arguments))
    assert data["version"] == 2
    text = json.dumps(data, ensure_ascii=False, indent=1)
    (out / f"{name}.json").write_text(text + "\n")
