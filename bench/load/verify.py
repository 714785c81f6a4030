"""After the load: prove from the database that no deal was lost or stored
twice and that every deal and every table sums to zero.

``deals_saved`` is what the load users were told was saved (HTTP 302): each
of those must be in the database exactly once, and nothing else."""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")


def main(plan_path: str, saved_path: str) -> None:
    import django

    django.setup()
    from django.db.models import Count, Sum

    from scoring.models import Deal
    from tournaments.models import Seat, TableRound

    plan = json.loads(Path(plan_path).read_text())
    saved = json.loads(Path(saved_path).read_text())  # {table number: deals saved}
    tables = TableRound.objects.filter(
        round__tournament__slug=plan["slug"], round__number=plan["round"]
    )
    stored = dict(tables.annotate(n=Count("deals")).values_list("number", "n"))
    lost = {t: n - stored.get(int(t), 0) for t, n in saved.items()
            if stored.get(int(t), 0) < n}  # fmt: skip
    extra = {t: n - saved.get(str(t), 0) for t, n in stored.items()
             if n > saved.get(str(t), 0)}  # fmt: skip
    twice = (
        Deal.objects.filter(table__in=tables)
        .values("table_id", "number")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    deals = Deal.objects.filter(table__round__tournament__slug=plan["slug"])
    unbalanced_deals = sum(
        1 for scores in deals.values_list("s1", "s2", "s3", "s4", "s5")
        if sum(s or 0 for s in scores) != 0
    )  # fmt: skip
    seats = Seat.objects.filter(table__round__tournament__slug=plan["slug"])
    unbalanced_tables = (
        seats.values("table_id").annotate(t=Sum("points")).exclude(t=0).count()
    )
    total = sum(stored.values())
    print(f"load_deals_saved: {sum(saved.values())} (told saved), {total} stored")
    print(f"load_deals_lost: {sum(lost.values())}  duplicated: {twice}  "
          f"unexpected: {sum(extra.values())}")  # fmt: skip
    print(f"load_unbalanced: {unbalanced_deals} deals, {unbalanced_tables} tables "
          f"(of {deals.count()} deals)")  # fmt: skip
    ok = not lost and not extra and not twice
    ok = ok and not unbalanced_deals and not unbalanced_tables
    print("load_database_check:", "OK" if ok else "FAILED")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
