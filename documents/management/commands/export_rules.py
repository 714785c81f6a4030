"""``manage.py export_rules SLUG [-o FILE]``: a house-rule set as a rule file
(docs/rule-files.md), on stdout or into FILE."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.models import HouseRuleSet
from rules.rule_files import dumps, export_rule_set


class Command(BaseCommand):
    help = "Write a house-rule set as a rule file (JSON)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the code of the house-rule set")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args, **options) -> None:
        rule_set = HouseRuleSet.objects.filter(slug=options["slug"]).first()
        if rule_set is None:
            raise CommandError(f"No house-rule set with the code “{options['slug']}”.")
        text = dumps(export_rule_set(rule_set))
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"Cannot write {options['output']}: {exc}") from exc
            self.stderr.write(f"Wrote {rule_set.slug} to {options['output']}.")
        else:
            self.stdout.write(text, ending="")
