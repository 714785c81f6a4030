"""Next week's check-in, so that a usual week takes three actions: the date
proposed from the club's weekday, last evening's players ticked, the list
as the secretary reads it, and a newcomer registered on the spot (by the
register's own rules, ``tournaments.register_rules``)."""

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from core.text import clean_name
from seasons.models import Competition
from tournaments.models import Entry, Player
from tournaments.people import Person, name_order, shown_names
from tournaments.register_rules import check_name_free, check_new_player

WEEK = datetime.timedelta(days=7)


def proposed_date(
    today: datetime.date,
    weekday: int | None = None,
    last: datetime.date | None = None,
) -> datetime.date:
    """The club's next playing day from today (today itself when it is that
    day), past the last evening; without a weekday the last evening a week
    on, without an evening today. Pure."""
    if weekday is None:
        return last + WEEK if last else today
    day = today + datetime.timedelta(days=(weekday - today.weekday()) % 7)
    if last is not None and day <= last:
        ahead = (weekday - last.weekday()) % 7 or 7
        day = last + datetime.timedelta(days=ahead)
    return day


def last_evening(competition: Competition):
    return competition.evenings.select_related("tournament").order_by("-number").first()


def evening_date(competition: Competition, today=None) -> datetime.date:
    last = last_evening(competition)
    return proposed_date(
        today or timezone.localdate(),
        competition.weekday,
        last.tournament.date if last else None,
    )


def last_evening_players(competition: Competition) -> set[int]:
    """Who played the last evening (withdrawn mid-evening included): the
    players ticked when the page opens. A guest came for that evening only:
    not ticked again."""
    last = last_evening(competition)
    if last is None:
        return set()
    entries = Entry.objects.filter(
        tournament_id=last.tournament_id, guest=False
    ).exclude(status=Entry.Status.REGISTERED)
    return set(entries.values_list("player_id", flat=True))


@dataclass
class CheckInRow:
    pk: int
    label: str  # the name as shown, told apart (``tournaments.people``)
    member: bool  # of the season's club
    active: bool
    last: bool  # played the last evening
    checked: bool
    guest: bool = False  # to be entered as a guest (``Entry.guest``)

    @property
    def folded(self) -> bool:
        """Inactive and not ticked: kept out of the way, under a fold."""
        return not self.active and not self.checked


def check_in_rows(
    competition: Competition,
    players,
    last: set[int],
    ticked: set[int],
    guests: frozenset[int] = frozenset(),
) -> list[CheckInRow]:
    """One row a player (``players`` with their clubs), by name; ``guests``
    the players marked to come as guests."""
    players = list(players)
    names = shown_names({p.pk: Person.of(p) for p in players})
    rows = []
    for p in name_order(players, lambda p: names[p.pk]):  # the Dutch order
        rows.append(
            CheckInRow(
                pk=p.pk,
                label=names[p.pk],
                member=p.club_id == competition.club_id,
                active=p.active,
                last=p.pk in last,
                checked=p.pk in ticked,
                guest=p.pk in guests,
            )
        )
    return rows


@transaction.atomic
def register_newcomer(
    competition: Competition,
    name: str,
    distinction: str = "",
    user=None,
    guest: bool = False,
) -> Player:
    """A new member of the season's club, added at the door. Refused like
    any new player: ``RegisterRefusedError`` (who may add to the club),
    ``ValidationError`` (a same name in the club nothing tells apart).
    ``guest``: a visitor, in the register (their results need a holder) but
    not active, so the "all active members" pick passes them by; the page
    enters them as a guest (``create_evening``'s ``guests``)."""
    club = competition.club
    check_new_player(user, club)
    name, distinction = clean_name(name), clean_name(distinction)
    check_name_free(name, club, distinction)  # the register's one rule
    player = Player(name=name, club=club, distinction=distinction, active=not guest)
    player.full_clean()
    player.save()
    return player
