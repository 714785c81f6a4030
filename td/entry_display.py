"""Row dicts for the entry screen: the deal grid, summaries, history, sheet check.

Formats only; no rule is decided here. Works on records and seat-score lists,
so callers pass plain data (a TableView for labels).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.engine.labels import JURY, SUITS
from rules.engine.types import Suit
from scoring import sheet_check
from scoring.records import PLAY_PLAYERS
from scoring.rowsource import add_up
from tournaments.dealing import dealer_position, shown_name, sitting_out

#: The fields of a play its headline says ("Rik: Anna + Bert, 9").
HEADLINE = ("contract", "declarer", "partner", "tricks")

#: Every other field of a play (``rules.engine.validation.PLAY_KEYS``), in
#: words, after the headline. A field missing here is still shown, by its
#: bare name (``_field_words``): what scores a deal is never hidden;
#: tests/tableside/test_what_is_confirmed.py fails until it has words.
PLAY_FIELD_WORDS = {
    "trump": gettext_lazy("trump: %(value)s"),
    "jury": "%(value)s",  # "jury approved" says it all
    "tricks_by_player": gettext_lazy("tricks: %(value)s"),
    "queen_of_spades": gettext_lazy("queen of spades: %(value)s"),
    "last_trick": gettext_lazy("last trick: %(value)s"),
}

#: The fields of a record that no player enters: the event's rules, the
#: table's players, the dealer sitting out, the blind man's hand (all said
#: by the seating) and ``context`` (never stored). Every other record field
#: is shown (``plays``, ``sanctions``).
SAID_BY_THE_TABLE = frozenset({"rules", "players", "sitting_out", "blind", "context"})


def describe(record: dict, schedule) -> str:
    """Everything that scores a deal, in one line: each play's headline and
    every other field it carries, then the sanctions: "Rik: Anna + Bert, 9 ·
    Penalty (Cor); 6 points", "Schoppen mie; queen of spades: Cor; last
    trick: Anna". What a confirming player and a deciding TD read, so the
    fields come from the record itself, not from a list per contract. At a
    table of three the blind man's hand is named as people say it ("Rik:
    Anna + the blind man, 9")."""
    blind = record.get("blind")

    def who(name):
        return shown_name(name) if blind is not None and name == blind else name

    parts = [_play_words(play, schedule, who) for play in record.get("plays", [])]
    if not parts:
        parts.append(_("All passed, thrown in"))
    parts += [_sanction_words(s, schedule, who) for s in record.get("sanctions", [])]
    return " · ".join(parts)


def _play_words(play: dict, schedule, who) -> str:
    contract = schedule.contract(play.get("contract", ""))
    name = contract.name if contract else play.get("contract", "?")
    if contract is not None and contract.is_all_pass:
        headline = name
    elif play.get("partner"):
        headline = _("%(contract)s: %(declarer)s + %(partner)s, %(tricks)s") % {
            "contract": name,
            "declarer": play.get("declarer"),
            "partner": who(play["partner"]),
            "tricks": play.get("tricks"),
        }
    else:
        headline = _("%(contract)s: %(declarer)s, %(tricks)s") % {
            "contract": name,
            "declarer": play.get("declarer"),
            "tricks": play.get("tricks"),
        }
    fields = [
        _field_words(key, value, who)
        for key, value in play.items()
        if key not in HEADLINE and not _implied(key, value, contract)
    ]
    return "; ".join([headline, *fields])


def _implied(key: str, value, contract) -> bool:
    """A trump the contract fixes (beter: hearts) is said by its name."""
    fixed = getattr(contract, "trump", None)
    return key == "trump" and fixed not in (None, Suit.NONE) and value == fixed


def _field_words(key: str, value, who) -> str:
    """One field of a play in words; a field without words by its name."""
    if key in PLAY_PLAYERS:
        shown = who(value)
    elif key == "tricks_by_player" and isinstance(value, dict):
        shown = ", ".join(f"{who(name)} {n}" for name, n in value.items())
    elif key == "trump":
        shown = SUITS.get(value, value)
    elif key == "jury":
        shown = JURY.get(value, value)
    else:
        shown = value
    template = PLAY_FIELD_WORDS.get(key)
    if template is None:
        return f"{key}: {shown}"
    return str(template) % {"value": shown}


def _sanction_words(sanction: dict, schedule, who) -> str:
    """A sanction: its name and player, then every other field it carries
    (the points of a penalty)."""
    found = schedule.sanctions.get(sanction.get("code", ""))
    words = _("%(sanction)s (%(player)s)") % {
        "sanction": found.name if found else sanction.get("code"),
        "player": who(sanction.get("player")),
    }
    for key, value in sanction.items():
        if key == "points" and isinstance(value, int):
            words += "; " + ngettext("%(n)s point", "%(n)s points", value) % {
                "n": value
            }
        elif key not in ("code", "player"):
            words += f"; {key}: {value}"
    return words


def grid(view, deals: dict, n_deals: int, schedule) -> list[dict]:
    """A row per deal number: dealer, who sits out, summary, per-seat cells."""
    n_seats = len(view.seats)
    running = [0] * 5
    rows = []
    for number in range(1, n_deals + 1):
        deal = deals.get(number)
        out = sitting_out(n_seats, number)
        if deal:
            running = add_up(running, deal.seat_scores)
        cells = []
        for seat in view.seats:
            score = deal.seat_scores[seat.position - 1] if deal else None
            cells.append(
                {
                    "score": score,
                    "total": running[seat.position - 1],
                    "out": seat.position == out,
                }
            )
        rows.append(
            {
                "number": number,
                "dealer": view.name_of(dealer_position(n_seats, number)),
                "out": view.name_of(out) if out else "",
                "deal": deal,
                "summary": summary(view, deal.record, schedule) if deal else "",
                "cells": cells,
            }
        )
    return rows


def summary(view, stored: dict, schedule) -> str:
    """A stored record in words, its players by the names shown
    (``TableView.shown_record``)."""
    return describe(view.shown_record(stored), schedule)


def scores_by_label(view, scores) -> list[tuple[str, int]]:
    """[(name shown, score)] by seat."""
    if not scores:
        return []
    return [(view.name_of(s.position), scores[s.position - 1]) for s in view.seats]


def history(revisions, view, schedule) -> list[dict]:
    return [
        {
            "version": r.version,
            "user": r.user,
            "at": r.at,
            "old": summary(view, r.old_record, schedule) if r.old_record else "",
            "old_scores": scores_by_label(view, r.old_scores),
            "new": (
                summary(view, r.new_record, schedule) if r.new_record else _("deleted")
            ),
            "new_scores": scores_by_label(view, r.new_scores),
        }
        for r in revisions
    ]


def sheet_report(view, deals: dict, stored: dict | None) -> dict | None:
    """The check of the stored paper totals, with one message per suspect."""
    if not stored:
        return None
    positions = [s.position for s in view.seats]
    try:
        sheet = {p: int(stored[str(p)]) for p in positions}
    except (KeyError, TypeError, ValueError):
        return None
    result = sheet_check.check({n: d.seat_scores for n, d in deals.items()}, sheet)
    rows = [
        {
            "label": view.name_of(p),
            "sheet": sheet[p],
            "computed": result.computed[p],
            "diff": result.diffs.get(p, 0),
        }
        for p in positions
    ]
    return {
        "ok": result.ok,
        "rows": rows,
        "suspects": [_suspect(s, view) for s in result.suspects],
    }


def _suspect(s: sheet_check.Suspect, view) -> str:
    names = [view.name_of(p) for p in s.seats]
    params = {"deal": s.deal, "a": names[0], "b": names[-1], "player": names[0]}
    messages = {
        "sign": _("Deal %(deal)s: entered with the wrong sign?"),
        "missing": _("Deal %(deal)s: missing on the paper sheet?"),
        "double": _("Deal %(deal)s: counted twice on the paper sheet?"),
        "swapped": _("Deal %(deal)s: %(a)s and %(b)s swapped on the paper sheet?"),
        "swapped_totals": _("Totals of %(a)s and %(b)s swapped on the paper sheet?"),
        "player": _(
            "Deal %(deal)s: the score of %(player)s equals the difference "
            "(forgotten, counted twice or wrong sign on the sheet?)"
        ),
    }
    return messages[s.kind] % params
