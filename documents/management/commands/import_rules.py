"""``manage.py import_rules FILE [--slug CODE] [--owner USERNAME]``: a new
house-rule set from a rule file (docs/rule-files.md). Every problem of the
file is listed and nothing is saved; exit 2 then."""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from rules.rule_files import RuleFileError, import_rule_set, parse, read_path


class Command(BaseCommand):
    help = "Load a rule file (JSON) as a new house-rule set."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the rule file ('-' reads stdin)")
        parser.add_argument("--slug", help="a code of its own instead of the file's")
        parser.add_argument("--owner", help="username of the set's owner")

    def handle(self, *args, **options) -> None:
        owner = None
        if options["owner"]:
            owner = get_user_model().objects.filter(username=options["owner"]).first()
            if owner is None:
                raise CommandError(f"No user “{options['owner']}”.")
        if options["file"] == "-":
            data, problems = parse(sys.stdin.buffer.read())
        else:
            data, problems = read_path(options["file"])
        try:
            if problems:
                raise RuleFileError(problems)
            rule_set = import_rule_set(data, owner, options["slug"])
        except RuleFileError as exc:
            for v in exc.violations:
                where = f"{v.field}: " if v.field else ""
                self.stderr.write(f"{where}{v.message} [{v.code}]")
            self.stderr.write("Nothing was saved.")
            sys.exit(2)
        if rule_set.slug != data["slug"]:
            self.stderr.write(
                f"The code “{data['slug']}” is taken: loaded as “{rule_set.slug}”."
            )
        self.stdout.write(rule_set.slug)
