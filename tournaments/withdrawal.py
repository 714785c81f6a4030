"""Withdrawing a player who is still seated: never a silent stale seat.

A player withdrawn between rounds simply is not seated again. A player who is
seated in a round not yet played leaves a hole; the TD chooses how to fill it
(``Choice``): seat the round again (only while no deal of that round is
stored), put a substitute in the seat (their points are kept apart), or take
the seat away at a table of five (it plays on as a table of four). A table
left with three players is refused, unless the event seats tables of three
with the blind man (``Tournament.tables_of_three``): then a table of four
plays on as a table of three (seats 1-3; chair 4 is the blind man's). A
player whose table has deals stored finishes that round; the withdrawal
counts from the next round.
"""

from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext as _

from core.text import clean_name
from tournaments.audit import audit
from tournaments.dealing import table_sizes
from tournaments.locks import lock_round_tables
from tournaments.models import Bye, Entry, Player, Round, Seat
from tournaments.names import DuplicateNameError
from tournaments.paper_sheet import HAS_RESULTS
from tournaments.register_rules import clash_message, name_clash
from tournaments.result_events import (
    EntriesChanged,
    RoundChange,
    RoundChanged,
    announce,
)
from tournaments.result_lock import refuse_if_locked
from tournaments.services import register


class Choice(StrEnum):
    RESEAT = "reseat"
    SUBSTITUTE = "substitute"
    REMOVE = "remove"


class WithdrawalRefusedError(Exception):
    """The choice cannot be carried out (message for the TD)."""


@dataclass(frozen=True)
class OpenSeat:
    """A seat of the withdrawing player in a round not played yet."""

    seat: Seat
    round_has_deals: bool
    table_size: int
    threes: bool = False  # the event seats tables of three (blind man)

    @property
    def choices(self) -> list[Choice]:
        out = [] if self.round_has_deals else [Choice.RESEAT]
        out.append(Choice.SUBSTITUTE)
        if self.table_size - 1 in table_sizes(self.threes):  # plays on, smaller
            out.append(Choice.REMOVE)
        return out


def open_seats(entry: Entry) -> tuple[list[OpenSeat], list[int]]:
    """(seats to fill, rounds the player finishes) for a withdrawal.

    A seat is to fill when its round is not closed and its table has no
    deal; a round whose table has deals is finished by the player."""
    seats = (
        Seat.objects.filter(entry=entry)
        .exclude(table__round__status=Round.Status.CLOSED)
        .select_related("table__round")
        .annotate(n_deals=Count("table__deals", distinct=True))
        .order_by("table__round__number")
    )
    to_fill, finishing = [], []
    for seat in seats:
        if seat.n_deals:
            finishing.append(seat.table.round.number)
            continue
        round_ = seat.table.round
        to_fill.append(
            OpenSeat(
                seat,
                round_.tables.filter(HAS_RESULTS).exists(),
                seat.table.seats.count(),
                bool(entry.tournament.tables_of_three),
            )
        )
    return to_fill, finishing


@transaction.atomic
def withdraw(entry: Entry, user=None, choice: str | None = None, substitute=None):
    """Withdraw ``entry``; seats in unplayed rounds are filled by ``choice``.

    Returns the rounds to seat again (``Choice.RESEAT``). Raises
    ``WithdrawalRefusedError`` when a seat needs a choice that was not given
    or cannot be carried out; nothing is changed then.
    """
    refuse_if_locked(entry.tournament_id, WithdrawalRefusedError)
    for round_ in Round.objects.filter(tables__seats__entry=entry).distinct():
        lock_round_tables(round_)  # before reading who sits where
    to_fill, finishing = open_seats(entry)
    reseat: list[Round] = []
    for open_seat in to_fill:
        if choice not in open_seat.choices:
            raise WithdrawalRefusedError(_refusal(open_seat, choice))
        if choice == Choice.RESEAT:
            reseat.append(_clear_round(open_seat.seat.table.round, user))
        elif choice == Choice.SUBSTITUTE:
            _substitute(open_seat.seat, substitute, user)
        else:
            _remove(open_seat.seat, user)
    Bye.objects.filter(entry=entry).exclude(round__status=Round.Status.CLOSED).delete()
    last_seated = Seat.objects.filter(entry=entry).aggregate(
        n=Max("table__round__number")
    )["n"]
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_after = max([last_seated or 0, *finishing])
    entry.save(update_fields=["status", "withdrawn_after"])
    audit(
        entry.tournament,
        user,
        "entry.withdraw",
        entry=entry.id,
        after=entry.withdrawn_after,
        choice=choice or "",
        rounds=[s.seat.table.round.number for s in to_fill],
    )
    announce(EntriesChanged(entry.tournament_id))
    return reseat


def _refusal(open_seat: OpenSeat, choice) -> str:
    params = {
        "round": open_seat.seat.table.round.number,
        "table": open_seat.seat.table.number,
    }
    if choice == Choice.REMOVE and open_seat.table_size <= 3:
        return (
            _(
                "Table %(table)s of round %(round)s would be left with 2 players: "
                "seat the round again or put a substitute in the seat."
            )
            % params
        )
    if choice == Choice.REMOVE:
        return (
            _(
                "Table %(table)s of round %(round)s would be left with 3 players: "
                "seat the round again or put a substitute in the seat."
            )
            % params
        )
    if choice == Choice.RESEAT:
        return (
            _(
                "Round %(round)s cannot be seated again: deals are stored at other "
                "tables. Put a substitute in the seat."
            )
            % params
        )
    return (
        _(
            "The player is seated at table %(table)s in round %(round)s, which is "
            "not played yet: choose how to fill the seat."
        )
        % params
    )


def _clear_round(round_: Round, user) -> Round:
    """Back to "not seated": the TD's round page seats it again."""
    round_.tables.all().delete()
    round_.byes.all().delete()
    round_.status = Round.Status.DRAFT
    round_.save(update_fields=["status"])
    audit(round_.tournament, user, "round.unseat", round=round_.number)
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.UNSEATED))
    return round_


def _substitute(seat: Seat, substitute, user) -> None:
    """``substitute``: a register player or a name; they take the seat."""
    tournament = seat.table.round.tournament
    if substitute is None or substitute == "":
        raise WithdrawalRefusedError(_("Name the substitute."))
    if isinstance(substitute, str):
        substitute = clean_name(substitute)  # as stored, before the lookup
        other = name_clash(substitute, None)
        if other is not None:  # one name, one member (register_rules)
            raise WithdrawalRefusedError(clash_message(other))
        substitute = Player.objects.create(name=substitute)
    entry = Entry.objects.filter(tournament=tournament, player=substitute).first()
    if entry is None:
        try:
            (entry,) = register(tournament, [substitute], user)
        except DuplicateNameError as exc:
            raise WithdrawalRefusedError(str(exc)) from exc
    elif entry.status not in (Entry.Status.SUBSTITUTE, Entry.Status.REGISTERED):
        raise WithdrawalRefusedError(
            _("%(name)s plays in this event: choose someone who does not.")
            % {"name": substitute.name}
        )
    round_ = seat.table.round
    if (
        Seat.objects.filter(table__round=round_, entry=entry).exists()
        or Bye.objects.filter(round=round_, entry=entry).exists()
    ):
        raise WithdrawalRefusedError(
            _("%(name)s is already seated in this round.") % {"name": substitute.name}
        )
    entry.status = Entry.Status.SUBSTITUTE
    entry.save(update_fields=["status"])
    old = seat.entry_id
    Seat.objects.filter(pk=seat.pk).update(entry=entry)
    audit(
        tournament,
        user,
        "round.substitute",
        round=round_.number,
        table=seat.table.number,
        position=seat.position,
        out=old,
        entry=entry.id,
    )
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.SEATS))


def _remove(seat: Seat, user) -> None:
    """Take the seat away at a table of five; later seats move up one."""
    table = seat.table
    position = seat.position
    seat.delete()
    for later in table.seats.filter(position__gt=position).order_by("position"):
        Seat.objects.filter(pk=later.pk).update(position=later.position - 1)
    audit(
        table.round.tournament,
        user,
        "round.seat_removed",
        round=table.round.number,
        table=table.number,
        position=position,
    )
    round_ = table.round
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.SEATS))
