"""The one writer of deal rows: what a scored deal stores.

A deal row keeps the pipeline's record by seat, its facts and the scores by
seat in five columns whose sum the database checks to be zero. The save path
writes one row (``deal_fields``, ``deal_row``); the backup import and the
demo write thousands at once (``create_deal_rows``).
"""

from collections.abc import Iterable

from scoring.models import Deal
from scoring.pipeline import Outcome

BATCH = 2000  # rows per INSERT (Django lowers it where a backend needs)

#: Deal rows in play order (``scoring.context.play_order``): rounds, then a
#: round's tables, then a table's deals, each by number.
PLAY_ORDER = ("table__round__number", "table__number", "number")


def deal_fields(outcome: Outcome) -> dict:
    """The columns a settled deal fills (``outcome.ok``)."""
    scores = {f"s{i}": v for i, v in enumerate(outcome.seat_scores, start=1)}
    return {"record": outcome.stored, "facts": outcome.facts, **scores}


def deal_row(table, number: int, outcome: Outcome, user=None, version: int = 1) -> Deal:
    """Deal ``number`` at ``table`` as ``outcome`` settled it (not saved)."""
    return Deal(
        table=table,
        number=number,
        version=version,
        updated_by=user,
        **deal_fields(outcome),
    )


def create_deal_rows(rows: Iterable[Deal]) -> list[Deal]:
    """Insert many deal rows at once (each from ``deal_row``)."""
    return Deal.objects.bulk_create(rows, batch_size=BATCH)
