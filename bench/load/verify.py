"""After the load: prove from the database that no deal was lost or stored
twice and that every deal and every table sums to zero.

``deals_saved`` is what the load users were told was saved (HTTP 302; or,
table-side, confirmed: it counts): each of those must be in the database
exactly once, and nothing else.

Table-side (a third argument, the entries the site answered per table):
every entry it answered "saved" is stored, every one it answered "counts"
is accepted and matches its table's deal (the same record and scores, stored
once, never overwritten), no idempotency key is stored twice and no deal has
two accepted entries. Entries entered but not yet confirmed when the clock
stopped wait, as they would in the hall: they are counted, not an error."""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")


def main(plan_path: str, saved_path: str, told_path: str | None = None) -> None:
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
    told = json.loads(Path(told_path).read_text()) if told_path else None
    stored = dict(tables.annotate(n=Count("deals")).values_list("number", "n"))
    lost = {
        t: n - stored.get(int(t), 0)
        for t, n in saved.items()
        if stored.get(int(t), 0) < n
    }
    # a confirmation still on its way when the clock stopped may count
    # without its answer having come back: not unexpected, up to that many
    open_ = {
        int(t): len(ids) - len(told["confirmed"].get(t, []))
        for t, ids in (told or {}).get("confirming", {}).items()
    }
    extra = {
        t: n - saved.get(str(t), 0)
        for t, n in stored.items()
        if n > saved.get(str(t), 0) + open_.get(t, 0)
    }
    twice = (
        Deal.objects.filter(table__in=tables)
        .values("table_id", "number")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    deals = Deal.objects.filter(table__round__tournament__slug=plan["slug"])
    unbalanced_deals = sum(
        1
        for scores in deals.values_list("s1", "s2", "s3", "s4", "s5")
        if sum(s or 0 for s in scores) != 0
    )
    seats = Seat.objects.filter(table__round__tournament__slug=plan["slug"])
    unbalanced_tables = (
        seats.values("table_id").annotate(t=Sum("points")).exclude(t=0).count()
    )
    total = sum(stored.values())
    print(
        f"load_deals_saved: {sum(saved.values())} (told saved), {total} stored"
        + (
            f", {sum(open_.values())} confirmations unanswered when the clock stopped"
            if told
            else ""
        )
    )
    print(
        f"load_deals_lost: {sum(lost.values())}  duplicated: {twice}  "
        f"unexpected: {sum(extra.values())}"
    )
    print(
        f"load_unbalanced: {unbalanced_deals} deals, {unbalanced_tables} tables "
        f"(of {deals.count()} deals)"
    )
    ok = not lost and not extra and not twice
    ok = ok and not unbalanced_deals and not unbalanced_tables
    if told:
        ok = table_side(tables, told) and ok
    print("load_database_check:", "OK" if ok else "FAILED")
    if not ok:
        sys.exit(1)


def table_side(tables, told: dict) -> bool:
    """The table-side checks; prints them and answers whether all hold."""
    from django.db.models import Count

    from scoring.models import Deal, Submission
    from scoring.services import prepare, table_view

    def every(kind):
        return [x for per_table in told[kind].values() for x in per_table]

    sent = set(every("sent"))
    entered = {key: entry for t in told["entered"].values() for key, entry in t.items()}
    confirming, confirmed = set(every("confirming")), set(every("confirmed"))
    subs = Submission.objects.filter(table__in=tables).select_related("table")
    by_key = {s.key: s for s in subs}
    lost = [k for k, pk in entered.items() if k not in by_key or by_key[k].pk != pk]
    unanswered = [k for k in by_key if k in sent and k not in entered]
    unexpected = [k for k in by_key if k not in sent]
    status = {s.pk: s.status for s in subs}
    not_accepted = [i for i in confirmed if status.get(i) != Submission.Status.ACCEPTED]
    deals = {(d.table_id, d.number): d for d in Deal.objects.filter(table__in=tables)}
    accepted = [s for s in subs if s.status == Submission.Status.ACCEPTED]
    unconfirmed = [s for s in accepted if s.pk not in confirming]
    unmatched = 0
    for sub in accepted:  # the deal that counts is the one that was confirmed
        deal = deals.get((sub.table_id, sub.number))
        named = table_view(sub.table).named(sub.record)  # stored by seat
        outcome, _view = prepare(sub.table, sub.number, named)
        if (
            deal is None
            or deal.version != 1
            or deal.record != sub.record
            or deal.record != outcome.stored
            or deal.seat_scores != list(outcome.seat_scores)
        ):
            unmatched += 1
    without_entry = len(deals.keys() - {(s.table_id, s.number) for s in accepted})
    same_key = (
        subs.values("table_id", "key").annotate(n=Count("id")).filter(n__gt=1).count()
    )
    two_accepted = (
        subs.filter(status=Submission.Status.ACCEPTED)
        .values("table_id", "number")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    statuses = dict(subs.values_list("status").annotate(n=Count("id")))
    print(
        f"load_submissions: {len(sent)} keys sent, {len(entered)} answered "
        f"saved, {len(confirmed)} answered counts; stored {statuses}"
    )
    print(
        f"load_submissions_lost: {len(lost)}  counts-but-not-accepted: "
        f"{len(not_accepted)}  unexpected: {len(unexpected)}  accepted "
        f"unconfirmed: {len(unconfirmed)}  (unanswered when the clock "
        f"stopped: {len(unanswered)})"
    )
    print(
        f"load_submissions_matching: {len(accepted) - unmatched} of "
        f"{len(accepted)} accepted entries match their deal; {without_entry} "
        f"deals without one"
    )
    print(
        f"load_submissions_duplicated: {same_key} keys stored twice, "
        f"{two_accepted} deals accepted twice; "
        f"{statuses.get('waiting', 0)} waiting for the other side"
    )
    return not (
        lost
        or not_accepted
        or unexpected
        or unconfirmed
        or unmatched
        or without_entry
        or same_key
        or two_accepted
    )


if __name__ == "__main__":
    main(*sys.argv[1:4])
