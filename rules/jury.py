"""What the jury decided, checked against a deal record. Pure: no database.

003: "Bij de hogere contracten ... moet de jury erbij worden geroepen" and "De
jury kan een spel weigeren". A play marked ``"jury": "approved"`` needs the
jury's recorded approval; a contract the jury refused was not played; and a
``jury-not-called`` sanction contradicts a recorded approval of that contract.
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from rules.types import Jury
from rules.validation import Violation

APPROVED, REFUSED = "approved", "refused"

#: (declarer, contract code) → the jury's latest decision for one deal.
Decisions = Mapping[tuple[str, str], str]


def jury_violations(record: dict, decisions: Decisions) -> list[Violation]:
    """Violations of ``record`` against the jury's recorded ``decisions``."""
    out: list[Violation] = []
    plays = record.get("plays")
    approved_calls: set[str] = set()
    marked = set()
    for i, play in enumerate(plays if isinstance(plays, list) else []):
        if not isinstance(play, dict):
            continue
        key = (play.get("declarer"), play.get("contract"))
        if not all(isinstance(k, str) for k in key):
            continue  # validation names what is wrong with this play
        decision = decisions.get(key)
        if decision == APPROVED:
            approved_calls.add(key[0])
        if play.get("jury") == Jury.APPROVED.value:
            marked.add(key[0])  # validation already refuses the sanction then
        if decision == REFUSED:
            message = _("The jury refused this contract; it was not played.")
            out.append(Violation("jury_required", f"plays[{i}].jury", str(message)))
        elif play.get("jury") == Jury.APPROVED.value and decision is None:
            message = _("No jury approval is recorded for this declarer and contract.")
            out.append(Violation("jury_required", f"plays[{i}].jury", str(message)))
    sanctions = record.get("sanctions")
    for i, s in enumerate(sanctions if isinstance(sanctions, list) else []):
        if isinstance(s, dict) and s.get("code") == "jury-not-called":
            player = s.get("player")
            if isinstance(player, str) and player in approved_calls - marked:
                message = _(
                    "The jury was called and approved %(player)s's contract: "
                    "“jury not called” cannot be given as well."
                ) % {"player": s["player"]}
                out.append(
                    Violation("sanction_player", f"sanctions[{i}].player", message)
                )
    return out


def latest_decisions(calls) -> dict[tuple[str, str], str]:
    """``calls``: (declarer, contract, decision) oldest first → the latest each."""
    out: dict[tuple[str, str], str] = {}
    for declarer, contract, decision in calls:
        out[(declarer, contract)] = decision
    return out
