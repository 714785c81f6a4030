"""Demo data (first version: nothing to load beyond the presets)."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load demo data."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--if-empty", action="store_true")

    def handle(self, *args, **options) -> None:
        self.stdout.write("Presets need no demo data yet.")
