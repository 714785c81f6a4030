"""Who runs a season: the organisers of its club (``ClubRole``) and staff.
The season's evenings are events: their creator becomes their TD, as with
any event (docs/roles.md)."""

from seasons.models import Competition
from tournaments.models import ClubRole
from tournaments.permissions import is_staff


def can_run(user, competition: Competition) -> bool:
    if is_staff(user):
        return True
    return (
        user.is_authenticated
        and ClubRole.objects.filter(user=user, club_id=competition.club_id).exists()
    )
