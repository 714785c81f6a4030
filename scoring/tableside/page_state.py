"""What one phone's table page shows: which deals it is done with, which
open entries it may read, and the deal form for every deal number.

Blind means blind: in ``blind`` mode a phone reads only the entries its own
seat made; of the others it learns that a deal waits, and from whom, never
the contract, players or tricks. After a match the deal counts and shows in
the grid; after a mismatch only the TD sees both versions. In ``confirm``
mode the other side must read an entry to confirm it, so every phone reads
them all.
"""

from django.urls import reverse

from scoring.entry import display
from scoring.entry.views import deal_form
from scoring.models import Submission
from scoring.tableside import services
from tournaments.models import Tournament


def may_read(entry: Submission, seat: int | None, mode: str) -> bool:
    """Whether the phone of ``seat`` may see what ``entry`` says."""
    return mode != Tournament.EntryMode.BLIND or (
        seat is not None and entry.seat == seat
    )


def done_numbers(counted, pending: list[Submission], seat, mode: str) -> set[int]:
    """The deals this phone's form skips: counted; in confirm mode entered by
    anyone (the other side confirms; the entrant may change it); in blind
    mode entered by this seat, or disputed (the TD decides)."""
    done = set(counted)
    for entry in pending:
        if (
            mode != Tournament.EntryMode.BLIND
            or entry.status == Submission.Status.DISPUTED
            or entry.seat == seat
        ):
            done.add(entry.number)
    return done


def pending_rows(pending, view, seat, tournament, is_open: bool) -> list[dict]:
    mode = tournament.entry_mode
    rows = []
    for entry in pending:
        readable = may_read(entry, seat, mode)
        mine = seat is not None and entry.seat == seat
        rows.append(
            {
                "entry": entry,
                "by": view.label_of(entry.seat),
                "mine": mine,
                "summary": (
                    display.describe(view.named(entry.record), tournament.schedule)
                    if readable
                    else ""
                ),
                "may_change": (
                    is_open and mine and entry.status == Submission.Status.WAITING
                ),
                "may_confirm": (
                    mode == Tournament.EntryMode.CONFIRM
                    and seat is not None
                    and is_open
                    and entry.status == Submission.Status.WAITING
                    and services.other_side(entry.record, entry.seat, seat)
                ),
            }
        )
    return rows


def form_variants(key, table, view, deals_per_round: int) -> tuple[list, dict]:
    """([{number, form, players, deal_url, preview_url}], {number: index}):
    one empty form per distinct set of players in their order (a table of
    five has the dealer sitting out; a table of three has the blind man's
    hand at chair 4, which the dealer's turn moves round the list), so the
    page can move its form to any deal, offline too."""
    variants, index_of, of_number = [], {}, {}
    for number in range(1, deals_per_round + 1):
        players = view.players_for(number)
        shape = (tuple(players), view.sitting_out_for(number))
        if shape not in index_of:
            index_of[shape] = len(variants)
            variants.append(
                {
                    "index": len(variants),
                    "number": number,
                    "players": players,
                    "form": deal_form(table, view, number),
                    **deal_urls(key, number),
                }
            )
        of_number[number] = index_of[shape]
    return variants, of_number


def deal_urls(key, number: int) -> dict:
    args = [key.slot, key.secret, number]
    return {
        "deal_url": reverse("scoring:tableside-deal", args=args),
        "preview_url": reverse("scoring:tableside-preview", args=args),
    }
