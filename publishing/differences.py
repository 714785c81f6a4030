"""What differs between two files of one event, in lines an organiser
reads: the site's copy on the left, the hall's upload on the right.

Pure: two event files (as ``documents.event_backup.export_event`` writes
them, newest version) in, ``Difference`` rows out, each naming where (the
round, table, deal or player, and which field) for the page to put in
words. Deals are compared by their contract and scores, tables by their
seats and totals, players by what the public sees; the audit log is left
out (each side writes its own).
"""

from dataclasses import dataclass

#: More lines than an organiser reads: the rest is counted.
MOST = 200
#: The fields of a player and of a round that are compared.
PLAYER_FIELDS = ("name", "club", "status", "public_name", "withdrawn_after")
ROUND_FIELDS = ("status", "published", "correction_reason")


@dataclass(frozen=True)
class Difference:
    what: str  # a setting's name, a player's or round's field, "seats", "deal"
    site: str
    hall: str
    round: int | None = None
    table: int | None = None
    deal: int | None = None
    player: str = ""


def differences(site: dict, hall: dict) -> tuple[list[Difference], int]:
    """The differences (at most ``MOST``) and how many more there are."""
    lines: list[Difference] = []
    _settings(site["tournament"], hall["tournament"], lines)
    _players(site["players"], hall["players"], lines)
    _rounds(site["rounds"], hall["rounds"], lines)
    return lines[:MOST], max(len(lines) - MOST, 0)


def shown(value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def _there(value) -> str:
    return "✓" if value is not None else "—"


def _settings(site: dict, hall: dict, lines) -> None:
    for key in sorted(set(site) | set(hall)):
        if key not in ("slug", "uid") and site.get(key) != hall.get(key):
            lines.append(Difference(key, shown(site.get(key)), shown(hall.get(key))))


def _players(site: list, hall: list, lines) -> None:
    mine = {p["ref"]: p for p in site}
    theirs = {p["ref"]: p for p in hall}
    for ref in sorted(set(mine) | set(theirs)):
        a, b = mine.get(ref), theirs.get(ref)
        if a is None or b is None:
            lines.append(Difference("entered", _there(a), _there(b), player=ref))
            continue
        for key in PLAYER_FIELDS:
            if a.get(key) != b.get(key):
                lines.append(
                    Difference(key, shown(a.get(key)), shown(b.get(key)), player=ref)
                )


def _rounds(site: list, hall: list, lines) -> None:
    mine = {r["number"]: r for r in site}
    theirs = {r["number"]: r for r in hall}
    for number in sorted(set(mine) | set(theirs)):
        a, b = mine.get(number), theirs.get(number)
        if a is None or b is None:
            lines.append(Difference("round", _there(a), _there(b), round=number))
            continue
        for key in ROUND_FIELDS:
            if a.get(key) != b.get(key):
                lines.append(
                    Difference(key, shown(a.get(key)), shown(b.get(key)), round=number)
                )
        _tables(number, a["tables"], b["tables"], lines)


def _tables(number: int, site: list, hall: list, lines) -> None:
    mine = {t["number"]: t for t in site}
    theirs = {t["number"]: t for t in hall}
    for table in sorted(set(mine) | set(theirs)):
        a, b = mine.get(table), theirs.get(table)
        at = {"round": number, "table": table}
        if a is None or b is None:
            lines.append(Difference("table", _there(a), _there(b), **at))
            continue
        if _seats(a) != _seats(b):
            lines.append(Difference("seats", _seats(a), _seats(b), **at))
        deals_a = {d["number"]: d for d in a["deals"]}
        deals_b = {d["number"]: d for d in b["deals"]}
        for n in sorted(set(deals_a) | set(deals_b)):
            left, right = _deal(deals_a.get(n)), _deal(deals_b.get(n))
            if left != right:
                lines.append(Difference("deal", left, right, deal=n, **at))


def _seats(table: dict) -> str:
    return ", ".join(
        f"{s['position']}: {s['player']}"
        + ("" if s.get("points") is None else f" ({s['points']})")
        for s in table["seats"]
    )


def _deal(deal: dict | None) -> str:
    if deal is None:
        return "—"
    plays = deal["record"].get("plays") or [{}]
    first = plays[0] if isinstance(plays, list) and plays else {}
    contract = first.get("contract", "?") if isinstance(first, dict) else "?"
    scores = " ".join(f"{v:+d}" for v in deal["seat_scores"])
    return f"{contract} {scores}"
