"""Club seasons in the API: the list, and one season's ranking as its
public page shows it (``season_standings(public=True)``: published rounds
only, the evenings that count, the prizes).

A season's answer hangs on its evenings' events and its own ranking rules:
it is kept under their versions and the rules' values, so a published
round, a renamed player or a changed rule each make a new one.
"""

from django.shortcuts import get_object_or_404
from ninja import Router

from api.etag import fresh, versioned
from api.limits import READS
from api.read_events import answers
from api.schemas import (
    ClubRef,
    Evening,
    SeasonCell,
    SeasonDetail,
    SeasonList,
    SeasonRef,
    SeasonRow,
)
from publicpages.views_season import evening_heads, listed_competitions
from seasons.models import Competition
from seasons.prize_labels import prize_label
from seasons.services import season_standings
from tournaments.models import Player

router = Router(tags=["seasons"], throttle=READS)

#: The season's own fields its ranking reads (``seasons.services.rules_of``,
#: the prizes; its rules for the penalty-point display): part of its answer's key.
RANKING_FIELDS = (
    "name", "season", "closed", "method", "placement_points", "best_of",
    "min_evenings", "absent", "order", "tiebreaks", "prizes", "rules",
)  # fmt: skip


def season_ref(competition: Competition) -> SeasonRef:
    """``competition`` as ``listed_competitions`` gives it (annotated)."""
    return SeasonRef(
        slug=competition.slug,
        name=competition.name,
        season=competition.season,
        club=ClubRef(id=competition.club_id, name=competition.club.name),
        evening_count=competition.evening_count,
        last_date=competition.last,
        closed=competition.closed,
    )


@router.get("/", response=answers(SeasonList), summary="Every club season")
def seasons(request):
    """Newest first, as the public list of club competitions."""
    return fresh(
        request,
        lambda: SeasonList(seasons=[season_ref(c) for c in listed_competitions()]),
    )


def _token(competition: Competition) -> str:
    rules = [repr(getattr(competition, name)) for name in RANKING_FIELDS]
    events = competition.evenings.order_by("number").values_list(
        "number", "tournament_id", "tournament__version"
    )
    return ";".join(
        [str(competition.pk), *rules, *(f"{n}.{t}.{v}" for n, t, v in events)]
    )


def _evenings(competition: Competition, shown: list[int]) -> list[Evening]:
    """The season page's evenings (``evening_heads``), typed."""
    return [
        Evening(
            number=head.number,
            date=head.date,
            name=head.name,
            event=head.slug,
            prize_evening=head.prize_evening,
            has_results=head.shown,
        )
        for head in evening_heads(competition, shown)
    ]


def _row(row, standings, public_ids: dict[int, str]) -> SeasonRow:
    return SeasonRow(
        rank=row.rank,
        player=public_ids.get(row.player, ""),
        name=standings.names.get(row.player, "?"),
        club=standings.clubs.get(row.player, ""),
        total=row.total,
        penalty_points=row.penalty,
        played=row.played,
        qualified=row.qualified,
        prize=str(prize_label(standings.prizes.get(row.player))),
        newcomer=row.player in standings.newcomers,
        cells=[
            SeasonCell(
                evening=n,
                value=cell.value,
                points=cell.points,
                deals=cell.deals,
                played=cell.played,
                dropped=cell.dropped,
            )
            for n in standings.evenings
            if (cell := row.cells.get(n)) is not None
        ],
    )


@router.get("/{slug}/", response=answers(SeasonDetail), summary="A season's ranking")
def season(request, slug: str):
    """The season ranking: every player's rank, total and evenings, the
    qualified first, as the season's public page."""
    competition = get_object_or_404(
        listed_competitions().select_related("club"), slug=slug
    )

    def build() -> SeasonDetail:
        standings = season_standings(competition, public=True)
        public_ids = dict(
            Player.objects.filter(
                pk__in=[r.player for r in standings.rows]
            ).values_list("pk", "public_id")
        )
        rows = [_row(r, standings, public_ids) for r in standings.rows]
        return SeasonDetail(
            **season_ref(competition).model_dump(),
            method=competition.method,
            order=competition.order,
            best_of=competition.best_of,
            min_evenings=competition.min_evenings,
            evenings=_evenings(competition, standings.evenings),
            ranking=[r for r in rows if r.qualified]
            + [r for r in rows if not r.qualified],
            legends=standings.legends,
        )

    return versioned(request, _token(competition), build)
