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

from scoring.models import Submission
from scoring.tableside import services
from td import entry_display as display
from td.views_entry import deal_form
from tournaments.dealing import sitting_out
from tournaments.models import Tournament


def may_read(entry: Submission, seat: int | None, mode: str) -> bool:
    """Whether the phone of ``seat`` may see what ``entry`` says."""
    return mode != Tournament.EntryMode.BLIND or (
        seat is not None and entry.seat == seat
    )


def sat_out(view, seat: int | None, deals_per_round: int) -> set[int]:
    """The deals ``seat`` sits out (the dealer at a table of five): on
    neither side, it does not enter them (``services.other_side``)."""
    if seat is None:
        return set()
    return {
        n
        for n in range(1, deals_per_round + 1)
        if sitting_out(len(view.seats), n) == seat
    }


def done_numbers(
    counted, pending: list[Submission], seat, mode: str, skipped=()
) -> set[int]:
    """The deals this phone's form skips: counted; ``skipped`` (the ones its
    seat sits out); in confirm mode entered by anyone (the other side
    confirms; the entrant may change it); in blind mode entered by this
    seat, or disputed (the TD decides)."""
    done = set(counted) | set(skipped)
    for entry in pending:
        if (
            mode != Tournament.EntryMode.BLIND
            or entry.status == Submission.Status.DISPUTED
            or entry.seat == seat
        ):
            done.add(entry.number)
    return done


def pending_rows(
    pending, view, seat, tournament, is_open: bool, tablet: bool = False
) -> list[dict]:
    """The open entries as this phone shows them. One it may read shows
    everything that scores the deal and the scores by seat it would count
    with (``entry_words``): what the other side confirms is what counts.
    The table's tablet holds no seat: it offers every waiting entry to be
    confirmed, by whoever types a seat's code (the server checks the side)."""
    mode = tournament.entry_mode
    rows = []
    for entry in pending:
        readable = may_read(entry, seat, mode)
        mine = seat is not None and entry.seat == seat
        words = entry_words(entry, view, tournament.schedule) if readable else {}
        rows.append(
            {
                "entry": entry,
                "by": view.name_of(entry.seat),
                "mine": mine,
                "summary": words.get("summary", ""),
                "scores": words.get("scores", []),
                "refused": words.get("refused", False),
                "may_change": (
                    is_open and mine and entry.status == Submission.Status.WAITING
                ),
                "may_confirm": (
                    mode == Tournament.EntryMode.CONFIRM
                    and (seat is not None or tablet)
                    and is_open
                    and entry.status == Submission.Status.WAITING
                    and not words.get("refused")
                    and (tablet or services.other_side(entry.record, entry.seat, seat))
                ),
            }
        )
    return rows


def entry_words(entry: Submission, view, schedule) -> dict:
    """What an entry says, for a confirming player or the deciding TD:
    ``summary`` (every field that scores it, ``display.describe``),
    ``scores`` ([(label, score)] by seat, as it would count now) and
    ``refused`` (the rules no longer take it as entered: the TD decides)."""
    scores = services.settles_to(view.table, entry, view)
    return {
        "summary": display.summary(view, entry.record, schedule),
        "scores": display.scores_by_label(view, scores),
        "refused": scores is None,
    }


def variant_shapes(view, deals_per_round: int) -> tuple[list, dict]:
    """([{index, number, players}], {number: index}): one entry per distinct
    set of players in their order (a table of five has the dealer sitting
    out; a table of three has the blind man's hand at chair 4, which the
    dealer's turn moves round the list), so the page can move its form to
    any deal, offline too. Cheap: no form is built here."""
    variants, index_of, of_number = [], {}, {}
    for number in range(1, deals_per_round + 1):
        players = view.players_for(number)
        shape = (tuple(players), view.sitting_out_for(number))
        if shape not in index_of:
            index_of[shape] = len(variants)
            variants.append(
                {"index": len(variants), "number": number, "players": players}
            )
        of_number[number] = index_of[shape]
    return variants, of_number


def form_variants(key, table, view, deals_per_round: int) -> tuple[list, dict]:
    """``variant_shapes`` with each one's empty form and its addresses:
    ([{index, number, players, form, deal_url, preview_url}], {number: index})."""
    variants, of_number = variant_shapes(view, deals_per_round)
    for variant in variants:
        variant["form"] = deal_form(table, view, variant["number"])
        variant.update(deal_urls(key, variant["number"]))
    return variants, of_number


def deal_urls(key, number: int) -> dict:
    args = [key.slot, key.secret, number]
    return {
        "deal_url": reverse("tableside:deal", args=args),
        "preview_url": reverse("tableside:preview", args=args),
    }
