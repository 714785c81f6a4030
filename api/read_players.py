"""A player's published results across events, by the public identifier.

The player is found only once they sat at a table of a public round (as the
rating page finds them), and an event is listed only where the player's
entry took part in a public round (as the event's player page shows it).
Each event's line is the public standings' own (``public_standings``, kept
per event version); the name is the public's (``tournaments.people``). An
event's copies (one identity, ``Tournament.uid``) are one line.
"""

from django.shortcuts import get_object_or_404
from ninja import Router

from api.etag import versioned
from api.limits import READS
from api.read_events import answers
from api.schemas import PlayerEvent, PlayerResults, RoundPoints
from publicpages.views import public_standings, shown_entries
from tournaments.models import Entry, Player
from tournaments.page_versions import page_token
from tournaments.people import Person, shown
from tournaments.visibility import played_in_public

router = Router(tags=["players"], throttle=READS)


def _line(entry: Entry) -> PlayerEvent | None:
    tournament = entry.tournament
    if entry.pk not in shown_entries(tournament):
        return None
    standing = public_standings(tournament)[entry.pk]
    return PlayerEvent(
        event=tournament.slug,
        name=tournament.name,
        date=tournament.date,
        entry=entry.pk,
        rank=standing.rank,
        of=standing.of,
        total=standing.total,
        rounds=[
            RoundPoints(round=n, points=points, bye=n in standing.byes)
            for n, points in sorted(standing.by_round.items())
        ],
        notes=standing.notes,
    )


def once_per_event(entries: list[Entry]) -> list[PlayerEvent]:
    """The lines of ``entries`` in their order, one per event: an event
    imported twice (a backup restored again, under another code) is two
    copies with one identity (``Tournament.uid``), as the ratings and the
    home page count it once (``seasons.ratings.FIRST_COPY``,
    ``tournaments.visibility.listed_events``); the first stored copy the
    public sees stands for it."""
    chosen: dict = {}
    for entry in sorted(entries, key=lambda e: e.tournament_id):
        uid = entry.tournament.uid
        if uid not in chosen:
            line = _line(entry)
            if line is not None:
                chosen[uid] = (entry.pk, line)
    lines = dict(chosen.values())
    return [lines[e.pk] for e in entries if e.pk in lines]


@router.get(
    "/{public_id}/",
    response=answers(PlayerResults),
    summary="A player's published results",
)
def player(request, public_id: str):
    """Every event where the player played a public round, newest first:
    rank, total and points per round as the event's standings show them."""
    found = get_object_or_404(
        Player.objects.filter(played_in_public(entry__player="pk")).select_related(
            "club"
        ),
        public_id=public_id,
    )
    entries = list(
        Entry.objects.filter(player=found)
        .select_related("tournament")
        .defer("tournament__rules_snapshot")
        .order_by("-tournament__date", "tournament__name", "pk")
    )
    token = ",".join(page_token(e.tournament) for e in entries)

    def build() -> PlayerResults:
        return PlayerResults(
            player=found.public_id,
            name=shown(Person.of(found)),
            club=found.club.name if found.club_id else "",
            events=once_per_event(entries),
        )

    return versioned(request, token, build)
