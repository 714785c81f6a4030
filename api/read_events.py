"""Events in the API: the public list, one event's public rounds, its
standings and a round's results.

Every answer is what the public page shows, from the same sources: the
list is ``listed_events`` (the home page's), the standings come from
``standings_rows(public=True)`` and a round from ``round_rows``; which
rounds show is asked of ``tournaments.visibility`` only. An event the list
leaves out, standings before any round is public, and a round the public
does not see are 404, as on the pages.
"""

import re

from django.http import Http404
from django.urls import reverse
from ninja import Router

from api.etag import fresh, versioned
from api.limits import READS
from api.schemas import (
    Column,
    Errors,
    Event,
    EventDetail,
    EventList,
    PublicRound,
    RoundPoints,
    RoundResults,
    RoundTable,
    Sanction,
    StandingRow,
    Standings,
    TableSeat,
)
from publicpages.views import event_or_404
from rules.engine.penalty_points import KEY as PENALTY
from scoring.rowsource import (
    BYE_MARK,
    round_byes,
    round_rows,
    round_sanctions,
    standings_rows,
)
from tournaments.corrections import corrected_rounds
from tournaments.models import Entry, Round, Tournament
from tournaments.page_versions import page_token
from tournaments.visibility import (
    every_round_public,
    listed_events,
    public_round_numbers,
    public_rounds_q,
)

router = Router(tags=["events"], throttle=READS)

READ = {200: None, 304: None, 404: Errors, 422: Errors, 429: Errors}
ROUND_KEY = re.compile(r"^r(\d+)$")
#: Standings columns given apart from ``values``.
OWN_FIELDS = {"rank", "name", "club", "deals_played", "notes"}


def answers(schema) -> dict:
    return {**READ, 200: schema}


def page_url(tournament: Tournament) -> str:
    return reverse("public:standings", args=[tournament.slug])


def listed_or_404(slug: str) -> Tournament:
    tournament = event_or_404(slug)
    if not listed_events(Tournament.objects.filter(pk=tournament.pk)).exists():
        raise Http404
    return tournament


def with_public_rounds(slug: str) -> tuple[Tournament, list[int]]:
    """The event and its public rounds; 404 before any round is public."""
    tournament = event_or_404(slug)
    rounds = public_round_numbers(tournament)
    if not rounds:
        raise Http404
    return tournament, rounds


def _event(tournament: Tournament, rounds: list[int]) -> dict:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "date": tournament.date,
        "venue": tournament.venue,
        "planned_rounds": tournament.rounds,
        "public_rounds": rounds,
        "url": page_url(tournament),
    }


@router.get("/", response=answers(EventList), summary="The public list of events")
def events(request):
    """The events the home page lists, newest first."""

    def build() -> EventList:
        listed = list(
            listed_events(
                Tournament.objects.only(
                    "slug", "name", "date", "venue", "rounds", "hide_last_rounds"
                )
            ).order_by("-date", "name")
        )
        rounds: dict[int, list[int]] = {}
        shown = Round.objects.filter(public_rounds_q(), tournament__in=listed)
        for event, number in shown.values_list("tournament_id", "number").order_by(
            "number"
        ):
            rounds.setdefault(event, []).append(number)
        return EventList(
            events=[Event(**_event(t, rounds.get(t.pk, []))) for t in listed]
        )

    return fresh(request, build)


@router.get("/{slug}/", response=answers(EventDetail), summary="One event")
def event(request, slug: str):
    """A listed event with the rounds the public sees."""
    tournament = listed_or_404(slug)

    def build() -> EventDetail:
        numbers = public_round_numbers(tournament)
        corrected = {
            r.number: r.correction_reason for r in corrected_rounds(tournament)
        }
        return EventDetail(
            **_event(tournament, numbers),
            method=tournament.method,
            tiebreaks=list(tournament.tiebreaks or []),
            finished=every_round_public(tournament),
            rounds=[
                PublicRound(
                    number=n, corrected=n in corrected, correction=corrected.get(n, "")
                )
                for n in numbers
            ],
        )

    return versioned(request, page_token(tournament), build)


def standing_row(item: dict, columns, public_ids: dict[int, str]) -> StandingRow:
    """One line of the row source's standings, typed."""
    rounds, values = [], {}
    for column in columns:
        found = ROUND_KEY.match(column.key)
        if found:
            rounds.append(
                RoundPoints(
                    round=int(found[1]),
                    points=item.get(column.key),
                    bye=item["marks"].get(column.key) == BYE_MARK,
                )
            )
        elif column.numeric and column.key not in OWN_FIELDS:
            values[column.key] = item.get(column.key)
    return StandingRow(
        rank=item["rank"],
        entry=item["entry"],
        player=public_ids.get(item["entry"]),
        name=item["name"],
        club=item["club"],
        rounds=rounds,
        points=item.get("points"),
        penalty_points=item.get(PENALTY),
        values=values,
        deals_played=item.get("deals_played"),
        withdrawn=item["withdrawn"],
        notes=item["notes"],
        normalised=item["normalised"],
    )


def played_in_public(rowset) -> set[int]:
    """The entries with a round in the standings (played or a bye): those
    a public page names and links (``publicpages.views.shown_entries``, read
    off the rows already built instead of the standings again)."""
    rounds = [c.key for c in rowset.columns if ROUND_KEY.match(c.key)]
    return {
        item["entry"]
        for item in rowset.rows
        if any(item.get(key) is not None for key in rounds)
    }


@router.get(
    "/{slug}/standings/", response=answers(Standings), summary="An event's standings"
)
def standings(request, slug: str):
    """The public standings: the rounds the public sees, ranked as the
    event's page ranks them (``columns`` labels every key in ``values``)."""
    tournament, rounds = with_public_rounds(slug)

    def build() -> Standings:
        rowset = standings_rows(tournament, public=True)
        shown = played_in_public(rowset)
        public_ids = {
            pk: public_id
            for pk, public_id in Entry.objects.filter(
                tournament=tournament
            ).values_list("pk", "player__public_id")
            if pk in shown
        }
        columns = [
            Column(key=c.key, label=str(c.label), numeric=c.numeric)
            for c in rowset.columns
        ]
        return Standings(
            event=tournament.slug,
            rounds=rounds,
            columns=columns,
            rows=[standing_row(i, rowset.columns, public_ids) for i in rowset.rows],
            normalised=rowset.normalised,
            legends=rowset.legends,
        )

    return versioned(request, page_token(tournament), build)


@router.get(
    "/{slug}/rounds/{number}/",
    response=answers(RoundResults),
    summary="A round's results",
)
def round_results(request, slug: str, number: int):
    """Each table's players and points, its sanctions, the byes: 404 while
    the round is not public."""
    tournament, rounds = with_public_rounds(slug)
    if number not in rounds:
        raise Http404

    def build() -> RoundResults:
        sanctions = round_sanctions(tournament, number)
        corrected = {
            r.number: r.correction_reason for r in corrected_rounds(tournament)
        }
        return RoundResults(
            event=tournament.slug,
            round=number,
            corrected=number in corrected,
            correction=corrected.get(number, ""),
            tables=[
                RoundTable(
                    table=t["table"],
                    seats=[TableSeat(**seat) for seat in t["seats"]],
                    sanctions=[
                        Sanction(deal=deal, text=text)
                        for deal, text in sanctions.get(t["table"], [])
                    ],
                    entered=t["entered"],
                    deals=t["deals"],
                )
                for t in round_rows(tournament, number)
            ],
            byes=round_byes(tournament, number),
        )

    return versioned(request, page_token(tournament), build)
