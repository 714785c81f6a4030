"""Seating engine: tables of 4 (and 5, or byes), few repeat meetings, fair seats.

Pure Python, numpy and numba; no database. See docs/seating.md.
"""

from .engine import Options, SeatingResult, schedule, warm, warmed
from .repeats import count_repeats, counting_bound, meeting_counts
from .swiss import next_round_swiss
from .tables import SeatingError, TablePlan, plan_tables

__all__ = [
    "Options",
    "SeatingError",
    "SeatingResult",
    "TablePlan",
    "count_repeats",
    "counting_bound",
    "meeting_counts",
    "next_round_swiss",
    "plan_tables",
    "schedule",
    "warm",
    "warmed",
]
