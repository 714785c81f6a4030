"""Row dicts for the entry screen: the deal grid, summaries, history, sheet check.

Formats only; no rule is decided here. Works on records and seat-score lists,
so callers pass plain data (a TableView for labels).
"""

from django.utils.translation import gettext as _

from scoring import sheet_check
from scoring.forms import shown_name
from scoring.rowsource import add_up
from tournaments.dealing import dealer_position, sitting_out


def describe(record: dict, schedule) -> str:
    """One line per deal: "Rik: Anna + Bert, 9 · Penalty (Cor)". At a table
    of three the blind man's hand is named as people say it ("Rik: Anna +
    the blind man, 9")."""
    blind = record.get("blind")

    def who(name):
        return shown_name(name) if blind is not None and name == blind else name

    parts = []
    plays = record.get("plays", [])
    if not plays:
        parts.append(_("All passed, thrown in"))
    for play in plays:
        contract = schedule.contract(play.get("contract", ""))
        name = contract.name if contract else play.get("contract", "?")
        if contract is not None and contract.is_all_pass:
            parts.append(name)
        elif play.get("partner"):
            parts.append(
                _("%(contract)s: %(declarer)s + %(partner)s, %(tricks)s")
                % {
                    "contract": name,
                    "declarer": play.get("declarer"),
                    "partner": who(play["partner"]),
                    "tricks": play.get("tricks"),
                }
            )
        else:
            parts.append(
                _("%(contract)s: %(declarer)s, %(tricks)s")
                % {
                    "contract": name,
                    "declarer": play.get("declarer"),
                    "tricks": play.get("tricks"),
                }
            )
    for s in record.get("sanctions", []):
        sanction = schedule.sanctions.get(s.get("code", ""))
        parts.append(
            _("%(sanction)s (%(player)s)")
            % {
                "sanction": sanction.name if sanction else s.get("code"),
                "player": s.get("player"),
            }
        )
    return " · ".join(parts)


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
                "dealer": view.label_of(dealer_position(n_seats, number)),
                "out": view.label_of(out) if out else "",
                "deal": deal,
                "summary": describe(view.named(deal.record), schedule) if deal else "",
                "cells": cells,
            }
        )
    return rows


def scores_by_label(view, scores) -> list[tuple[str, int]]:
    if not scores:
        return []
    return [(view.label_of(s.position), scores[s.position - 1]) for s in view.seats]


def history(revisions, view, schedule) -> list[dict]:
    return [
        {
            "version": r.version,
            "user": r.user,
            "at": r.at,
            "old": describe(view.named(r.old_record), schedule) if r.old_record else "",
            "old_scores": scores_by_label(view, r.old_scores),
            "new": (
                describe(view.named(r.new_record), schedule)
                if r.new_record
                else _("deleted")
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
            "label": view.label_of(p),
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
    names = [view.label_of(p) for p in s.seats]
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
