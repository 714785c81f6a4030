"""Run every benchmark (or those named on the command line) and print figures."""

import importlib
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")

MODULES = [
    "settle",
    "seating",
    "season_seating",
    "standings",
    "deal_save",
    "exports",
    "season",
    "totals_entry",
    "ratings",
    "whatif",
    "players_data",
    "serve_restart",
    "hall_site",
    "table_phones",
]


def main(argv: list[str]) -> None:
    import django

    django.setup()
    for name in argv or MODULES:
        importlib.import_module(f"bench.{name}").run()


if __name__ == "__main__":
    main(sys.argv[1:])
