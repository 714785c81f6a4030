"""A deal's audit lines in words: what was entered, and what a correction
changed ("rik → solo 9, tricks 8 → 9"), from the named records the lines keep.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.engine.labels import JURY, SUITS, lower_first

NOTHING = "—"


def contract_name(code, schedule) -> str:
    contract = schedule.contracts.get(code) if schedule and code else None
    return lower_first(contract.name) if contract else str(code or NOTHING)


def record_words(record: dict, schedule) -> str:
    """One deal in a phrase: "rik by Anna with Cor, 9 tricks"."""
    plays = [play_words(p, schedule) for p in _plays(record)] or [_("thrown in")]
    sanctions = _sanctions_words(record, schedule)
    return "; ".join(plays + ([sanctions] if sanctions else []))


def play_words(play: dict, schedule) -> str:
    name = contract_name(play.get("contract"), schedule)
    declarer, partner = play.get("declarer"), play.get("partner")
    if not declarer:  # an all-pass game has no declarer
        return name
    who = declarer
    if partner:
        who = _("%(declarer)s with %(partner)s") % {
            "declarer": declarer,
            "partner": partner,
        }
    text = _("%(contract)s by %(who)s") % {"contract": name, "who": who}
    tricks = play.get("tricks")
    if isinstance(tricks, int):
        text += ", " + ngettext("%(n)s trick", "%(n)s tricks", tricks) % {"n": tricks}
    return text


def changes_words(before: dict, after: dict, schedule) -> str:
    """What a correction changed, field by field where one play stayed one."""
    old, new = _plays(before), _plays(after)
    if len(old) == len(new) == 1:
        parts = _play_changes(old[0], new[0], schedule)
    elif old != new:
        parts = [_arrow(_plays_words(old, schedule), _plays_words(new, schedule))]
    else:
        parts = []
    old_s, new_s = (_sanctions_words(r, schedule) for r in (before, after))
    if old_s != new_s:
        label = _("sanctions")
        parts.append(f"{label} {_arrow(old_s, new_s)}")
    return ", ".join(parts) or _("saved again without changes")


def _play_changes(old: dict, new: dict, schedule) -> list[str]:
    parts = []
    contract_changed = old.get("contract") != new.get("contract")
    if contract_changed:
        parts.append(
            _arrow(*(contract_name(p.get("contract"), schedule) for p in (old, new)))
        )
    labels = {
        "declarer": _("declarer"),
        "partner": _("partner"),
        "tricks": _("tricks"),
        "queen_of_spades": _("queen of spades"),
        "last_trick": _("last trick"),
    }
    for key, label in labels.items():
        before, after = old.get(key), new.get(key)
        if before == after or (contract_changed and after is None):
            continue  # a partner that goes with the old contract is implied
        parts.append(f"{label} {_arrow(before, after)}")
    if old.get("trump") != new.get("trump"):
        label = _("trump")
        parts.append(f"{label} {_arrow(*_mapped(SUITS, old, new, 'trump'))}")
    if old.get("jury") != new.get("jury"):  # the new state says it all
        jury = new.get("jury")
        parts.append(str(JURY.get(jury, jury)) if jury else _("jury decision removed"))
    parts += _tricks_by_player(old.get("tricks_by_player"), new.get("tricks_by_player"))
    return parts


def _tricks_by_player(old, new) -> list[str]:
    old = old if isinstance(old, dict) else {}
    new = new if isinstance(new, dict) else {}
    parts = []
    for name in dict.fromkeys([*old, *new]):
        if old.get(name) != new.get(name):
            label = _("tricks of %(name)s") % {"name": name}
            parts.append(f"{label} {_arrow(old.get(name), new.get(name))}")
    return parts


def _mapped(words: dict, old: dict, new: dict, key: str):
    return [words.get(p.get(key), p.get(key)) for p in (old, new)]


def _arrow(before, after) -> str:
    return f"{_shown(before)} → {_shown(after)}"


def _shown(value) -> str:
    return NOTHING if value is None or value == "" else str(value)


def _plays(record: dict) -> list[dict]:
    plays = record.get("plays") if isinstance(record, dict) else None
    return [p for p in plays if isinstance(p, dict)] if isinstance(plays, list) else []


def _plays_words(plays: list[dict], schedule) -> str:
    return " + ".join(play_words(p, schedule) for p in plays) or _("thrown in")


def _sanctions_words(record: dict, schedule) -> str:
    sanctions = record.get("sanctions") if isinstance(record, dict) else None
    if not isinstance(sanctions, list):
        return ""
    words = []
    for s in sanctions:
        if not isinstance(s, dict):
            continue
        sanction = schedule.sanctions.get(s.get("code")) if schedule else None
        name = lower_first(sanction.name) if sanction else str(s.get("code"))
        points = f" ({s['points']})" if s.get("points") else ""
        words.append(f"{name} {s.get('player', '')}{points}".strip())
    return "; ".join(words)
