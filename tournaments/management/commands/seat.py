"""Print a seating schedule for players 1..N (the engine behind the TD screen)."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.dealing import has_blind_man
from tournaments.seating import SeatingError, schedule, warm


class Command(BaseCommand):
    help = "Seat N players for R rounds with as few repeat meetings as possible."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--time-limit", type=float, default=10.0)
        parser.add_argument("--byes", action="store_true")
        parser.add_argument(
            "--threes",
            action="store_true",
            help="Tables of three with the blind man for 3, 6, 7 or 11 players "
            "(the event setting).",
        )
        parser.add_argument(
            "--threes-for-fives",
            action="store_true",
            help="Tables of three with the blind man instead of tables of five.",
        )
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options) -> None:
        if options["rounds"] < 1:
            raise CommandError("--rounds must be at least 1.", returncode=2)
        warm()  # as a server does at start: the budget is the search's own
        try:
            result = schedule(
                list(range(1, options["players"] + 1)),
                options["rounds"],
                seed=options["seed"],
                time_limit=options["time_limit"],
                byes=options["byes"],
                threes=options["threes"],
                threes_for_fives=options["threes_for_fives"],
            )
        except SeatingError as error:
            helps = error.code == "unseatable" or has_blind_man(options["players"])
            hint = " (--threes)" if helps and not options["threes"] else ""
            raise CommandError(error.message + hint, returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json()))
            return
        for number, (tables, byes) in enumerate(
            zip(result.rounds, result.byes, strict=True), 1
        ):
            line = "  ".join(
                "-".join(map(str, t)) + (" (+blind)" if has_blind_man(len(t)) else "")
                for t in tables
            )
            out = f"  bye: {', '.join(map(str, byes))}" if byes else ""
            self.stdout.write(f"Round {number}: {line}{out}")
        self.stdout.write(
            f"repeats: {result.repeats} (bound {result.lower_bound}), "
            f"{result.seconds:.2f} s, {result.method}"
        )
