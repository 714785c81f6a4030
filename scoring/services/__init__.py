"""The service layer: the only place that touches the database for a deal.

Terms: a *table* is a ``TableRound``; its *seats* hold players by position
1–5; a *label* is a player's name at that table, made distinct. A stored deal
names players by seat (``scoring.records``); labels are for what people read.

By concern: ``tables`` (a table's seats and labels), ``deals`` (save,
correct, delete, preview: load, call the pipeline, store in one transaction),
``totals`` (a table-round's seat totals from the stored facts), ``freezing``
(the rules an event plays by, fixed at its first deal), ``ranking`` (loading
the standings); the audit lines are written by ``tournaments.audit``.
"""

from scoring.services.deals import (
    ClosedError,
    DealRejectedError,
    JuryDecisions,
    StaleDealError,
    TotalsOnlyError,
    deal_context,
    delete_deal,
    prepare,
    preview_deal,
    save_deal,
)
from scoring.services.freezing import freeze_rules
from scoring.services.ranking import standings_for
from scoring.services.tables import TableView, table_view
from scoring.services.totals import recompute_table

__all__ = [
    "ClosedError",
    "DealRejectedError",
    "JuryDecisions",
    "StaleDealError",
    "TableView",
    "TotalsOnlyError",
    "deal_context",
    "delete_deal",
    "freeze_rules",
    "prepare",
    "preview_deal",
    "recompute_table",
    "save_deal",
    "standings_for",
    "table_view",
]
