"""Clubs in the API: every club, and one club with its seasons (as the
club's public page lists them)."""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from ninja import Router

from api.etag import fresh
from api.limits import READS
from api.read_events import answers
from api.read_seasons import season_ref
from api.schemas import Club, ClubDetail, ClubList
from publicpages.views_season import listed_competitions
from tournaments.models import Club as ClubRow

router = Router(tags=["clubs"], throttle=READS)


def _club(club: ClubRow) -> dict:
    return {
        "id": club.pk,
        "name": club.name,
        "city": club.city,
        "url": reverse("public:club", args=[club.pk]),
    }


@router.get("/", response=answers(ClubList), summary="Every club")
def clubs(request):
    def build() -> ClubList:
        rows = ClubRow.objects.only("name", "city").order_by("name")
        return ClubList(clubs=[Club(**_club(c)) for c in rows])

    return fresh(request, build)


@router.get("/{club_id}/", response=answers(ClubDetail), summary="One club")
def club(request, club_id: int):
    """The club and its seasons, newest first."""
    found = get_object_or_404(ClubRow, pk=club_id)

    def build() -> ClubDetail:
        seasons = listed_competitions().filter(club=found)
        return ClubDetail(**_club(found), seasons=[season_ref(c) for c in seasons])

    return fresh(request, build)
