"""The names people say for a contract, understood as its code.

A TD types what the table said: "rikken", "rik beter", "acht alleen",
"misere" without its accent, "open misère". A contract is found by its code
or by either of its names in the schedule, ignoring case, accents, hyphens
and extra spaces; then by the spoken names below, but only where the
schedule has that contract switched on. The blind man's hand at a table of
three has its spoken names too (``says_blind``). Pure: no database.
"""

import unicodedata

from rules.engine.schedules import Schedule

NUMBERS = {8: "acht", 9: "negen", 10: "tien", 11: "elf", 12: "twaalf", 13: "dertien"}

#: Spoken name (as ``plain`` leaves it) → contract code.
SPOKEN = {
    "rikken": "rik",
    "rik beter": "rik-beter",
    "beter rik": "rik-beter",
    "rikken beter": "rik-beter",
    "afrikken": "rik-troef",
    "rikken in troef": "rik-troef",
    "miserie": "misere",
    "open miserie": "open-misere",
    "open misere": "open-misere",
    "schoppen mie": "schoppen-mie",
    **{f"{word} alleen": f"solo-{n}" for n, word in NUMBERS.items()},
    **{f"{n} alleen": f"solo-{n}" for n in NUMBERS},
    **{f"{word} beter": f"solo-{n}-beter" for n, word in NUMBERS.items()},
    **{f"{n} beter": f"solo-{n}-beter" for n in NUMBERS},
}


#: What a table says for the blind man's hand at a table of three (000,
#: "Rikken for three players"), as ``plain`` leaves it; the record names it
#: ``tournaments.dealing.BLIND_LABEL``.
BLIND_SPOKEN = frozenset(
    {"blinde", "de blinde", "blind", "blinde man", "de blinde man", "blind man",
     "the blind man", "the blind", "dummy"}
)  # fmt: skip


def says_blind(text: str) -> bool:
    """Whether ``text`` names the blind man's hand ("de blinde", "Blind man")."""
    return plain(text) in BLIND_SPOKEN


def plain(text: str) -> str:
    """Lower case, no accents, hyphens and underscores as spaces, one space
    between words."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().replace("-", " ").replace("_", " ").split())


def contract_for(text: str, schedule: Schedule) -> str | None:
    """The code of the contract ``text`` names in ``schedule``, or None."""
    said = plain(text)
    if not said:
        return None
    enabled = schedule.enabled_contracts()
    for contract in enabled:
        names = (contract.code, contract.name_nl, contract.name_en)
        if said in {plain(name) for name in names}:
            return contract.code
    code = SPOKEN.get(said)
    if code is not None and any(c.code == code for c in enabled):
        return code
    return None
