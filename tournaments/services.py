"""Tournament-side writes: registering, seating a round, swapping seats,
closing and publishing. Each write is one transaction with an audit line.
"""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import audit
from tournaments.dealing import table_sizes
from tournaments.locks import lock_round_tables
from tournaments.models import (
    Bye,
    Entry,
    Player,
    Round,
    Seat,
    TableRound,
    Tournament,
    TournamentRole,
)
from tournaments.paper_sheet import HAS_RESULTS
from tournaments.people import entry_name
from tournaments.result_events import (
    EntriesChanged,
    RoundChange,
    RoundChanged,
    announce,
)
from tournaments.result_lock import refuse_if_locked


class SeatingRefusedError(Exception):
    """A seating the TD asked for cannot be stored (message for the user)."""


@transaction.atomic
def create_tournament(user=None, **fields) -> Tournament:
    """A tournament with its rounds; its creator becomes its TD."""
    tournament = Tournament.objects.create(**fields)
    Round.objects.bulk_create(
        Round(tournament=tournament, number=n) for n in range(1, tournament.rounds + 1)
    )
    if user is not None and user.is_authenticated:
        TournamentRole.objects.create(
            tournament=tournament, user=user, role=TournamentRole.Role.TD
        )
    audit(tournament, user, "tournament.create", slug=tournament.slug)
    return tournament


@transaction.atomic
def register(tournament: Tournament, players: Sequence[Player], user=None):
    """Enter ``players``; one the event cannot tell apart from a player
    already entered is refused (``DuplicateNameError``, nothing stored)."""
    from tournaments.names import check_new_players

    check_new_players(tournament, players)
    entries = [
        Entry.objects.get_or_create(tournament=tournament, player=p)[0] for p in players
    ]
    audit(tournament, user, "entry.register", players=[p.id for p in players])
    announce(EntriesChanged(tournament.pk))
    return entries


def active_entries(tournament: Tournament) -> list[Entry]:
    """Who is to be seated: checked in and not withdrawn."""
    return list(
        tournament.entries.select_related("player").filter(status=Entry.Status.PRESENT)
    )


@transaction.atomic
def seat_round(
    round_: Round,
    tables: Sequence[Sequence[Entry]],
    user=None,
    source: str = "manual",
    byes: Sequence[Entry] = (),
    threes: bool = False,
) -> list[TableRound]:
    """Store a round's seating: each table a list of 4 or 5 entries in seat order,
    and who sits the whole round out (``byes``).

    A table of three (seats 1-3; chair 4 is the blind man's) is taken when
    the event seats tables of three (``Tournament.tables_of_three``) or the
    TD asked for them for this round (``threes``).

    Replaces an earlier seating of this round as long as no deal is stored.
    The round's tables are locked first (``tournaments.locks``), so a deal
    being saved at one of them either went first (and this refuses) or waits
    and then finds its table gone.
    """
    refuse_if_locked(round_.tournament_id, SeatingRefusedError)
    lock_round_tables(round_)
    if round_.tables.filter(HAS_RESULTS).exists():
        raise SeatingRefusedError(
            _("Deals are stored in this round: seating is fixed.")
        )
    seen: set[int] = set()
    threes = threes or round_.tournament.tables_of_three
    sizes = table_sizes(threes)
    for table in tables:
        if len(table) not in sizes:
            if 3 in sizes:
                raise SeatingRefusedError(_("Every table needs 3, 4 or 5 players."))
            raise SeatingRefusedError(_("Every table needs 4 or 5 players."))
    for entry in [*(e for t in tables for e in t), *byes]:
        if entry.id in seen:
            raise SeatingRefusedError(
                _("%(name)s is seated twice.") % {"name": entry_name(entry)}
            )
        seen.add(entry.id)
    round_.tables.all().delete()
    round_.byes.all().delete()
    Bye.objects.bulk_create(Bye(round=round_, entry=e) for e in byes)
    created = TableRound.objects.bulk_create(
        TableRound(round=round_, number=i) for i in range(1, len(tables) + 1)
    )
    if not all(t.pk for t in created):  # backends without RETURNING ids
        created = list(round_.tables.order_by("number"))
    Seat.objects.bulk_create(
        Seat(table=t, position=p, entry=e)
        for t, table in zip(created, tables, strict=True)
        for p, e in enumerate(table, start=1)
    )
    round_.status = Round.Status.SEATED
    round_.save(update_fields=["status"])
    audit(
        round_.tournament,
        user,
        "round.seat",
        round=round_.number,
        source=source,
        tables=[[e.id for e in t] for t in tables],
        byes=[e.id for e in byes],
    )
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.SEATED))
    return created


@transaction.atomic
def swap_seats(round_: Round, a: Entry, b: Entry, user=None) -> None:
    """Exchange two players' seats in a round that has no deals yet; one of
    them may be sitting out (then the other one takes the bye)."""
    refuse_if_locked(round_.tournament_id, SeatingRefusedError)
    lock_round_tables(round_)
    if round_.tables.filter(HAS_RESULTS).exists():
        raise SeatingRefusedError(
            _("Deals are stored in this round: seating is fixed.")
        )
    seat_a = Seat.objects.filter(table__round=round_, entry=a).first()
    seat_b = Seat.objects.filter(table__round=round_, entry=b).first()
    if seat_a is None or seat_b is None:
        _swap_bye(round_, a, b, seat_a or seat_b)
    elif seat_a.table_id == seat_b.table_id:
        # recreate both seats: swapping positions in place trips the unique key
        Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
        Seat.objects.bulk_create(
            [
                Seat(table_id=seat_a.table_id, position=seat_a.position, entry=b),
                Seat(table_id=seat_b.table_id, position=seat_b.position, entry=a),
            ]
        )
    else:
        Seat.objects.filter(pk=seat_a.pk).update(entry=b)
        Seat.objects.filter(pk=seat_b.pk).update(entry=a)
    audit(round_.tournament, user, "round.swap", round=round_.number, a=a.id, b=b.id)
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.SEATS))


def _swap_bye(round_: Round, a: Entry, b: Entry, seat: Seat | None) -> None:
    """One of ``a``, ``b`` sits out: the other takes the bye and the seat."""
    bye = Bye.objects.filter(round=round_, entry__in=[a, b]).first()
    if seat is None or bye is None:
        raise SeatingRefusedError(_("Both players sit out this round."))
    seated, out = (a, b) if bye.entry_id == b.id else (b, a)
    Seat.objects.filter(pk=seat.pk).update(entry=out)
    Bye.objects.filter(pk=bye.pk).update(entry=seated)
