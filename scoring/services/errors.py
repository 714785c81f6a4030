"""Why a deal was not stored, in words: one mapping from the domain's
exceptions to what a person (or an app) reads.

The TD's deal form, the phones at the table, the hall's disputes page and
the API each used to word these themselves, and disagreed: a dispute
decided at a closed table said "This deal changed meanwhile". Each now asks
``refusal`` and shows its message (the API sends its code, status and field
too); a page may add what it shows next, never another reason.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from core.transactions import BUSY_MESSAGE, BusyError
from scoring.services.deals import ClosedError, DealRejectedError, StaleDealError
from tournaments.locks import GoneError

#: A closed table that said nothing more (a closed season, typed totals do).
CLOSED = gettext_lazy("This table is closed; reopen it to change deals.")
#: The version the writer saw is not the one stored.
STALE = gettext_lazy("Someone else saved this deal meanwhile.")
#: The round was seated again: this table-round is gone.
GONE = gettext_lazy("This table was seated again.")

#: The exceptions ``refusal`` words: ``except REFUSALS as exc``.
REFUSALS = (DealRejectedError, ClosedError, StaleDealError, GoneError, BusyError)


@dataclass(frozen=True)
class Refusal:
    """A refused write as every reader tells it."""

    code: str  # stable: the API's error code
    status: int  # the HTTP status an API or a phone's script answers with
    field: str  # what it concerns, as the API names it ("" the whole request)
    message: str  # for people, in the active language


def refusal(exc: Exception) -> Refusal:
    """``exc`` (one of ``REFUSALS``) in words."""
    if isinstance(exc, DealRejectedError):
        words = " ".join(str(v.message) for v in exc.violations)
        return Refusal("rejected", 422, "record", words)
    if isinstance(exc, ClosedError):  # typed totals and a closed season say why
        return Refusal("table_closed", 409, "table", str(exc) or str(CLOSED))
    if isinstance(exc, StaleDealError):
        return Refusal("stale", 409, "expected_version", str(STALE))
    if isinstance(exc, GoneError):
        return Refusal("not_found", 404, "table", str(GONE))
    if isinstance(exc, BusyError):
        return Refusal("busy", 503, "", str(BUSY_MESSAGE))
    raise TypeError(f"no words for {type(exc).__name__}")
