"""What the jury decided, checked against a deal record. Pure: no database.

003: "Bij de hogere contracten ... moet de jury erbij worden geroepen" and "De
jury kan een spel weigeren". A play marked ``"jury": "approved"`` needs the
jury's recorded approval; a contract the jury refused was not played; and a
``jury-not-called`` sanction contradicts a recorded approval of that contract.
"""

from collections.abc import Mapping

from rules.engine.problems import PROBLEMS, Violation
from rules.engine.types import Jury

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
            out.append(PROBLEMS["jury_refused"].violation(f"plays[{i}].jury"))
        elif play.get("jury") == Jury.APPROVED.value and decision is None:
            out.append(PROBLEMS["jury_not_recorded"].violation(f"plays[{i}].jury"))
    sanctions = record.get("sanctions")
    for i, s in enumerate(sanctions if isinstance(sanctions, list) else []):
        if isinstance(s, dict) and s.get("code") == "jury-not-called":
            player = s.get("player")
            if isinstance(player, str) and player in approved_calls - marked:
                where = f"sanctions[{i}].player"
                out.append(PROBLEMS["jury_conflict"].violation(where, player=player))
    return out


def latest_decisions(calls) -> dict[tuple[str, str], str]:
    """``calls``: (declarer, contract, decision) oldest first → the latest each."""
    out: dict[tuple[str, str], str] = {}
    for declarer, contract, decision in calls:
        out[(declarer, contract)] = decision
    return out
