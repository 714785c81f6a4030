"""Whether a season's evening ranks its absent players: an entry never
seated (registered or checked in, then gone) is out of an event's
standings, unless the evening's season counts absent players
(``Competition.absent`` ZERO or AVERAGE): then it keeps its place there,
marked absent (docs/seasons.md, "Absent players")."""

from django.dispatch import receiver

from seasons.models import Competition, Evening
from tournaments.questions import absent_scores


@receiver(absent_scores, dispatch_uid="seasons.absent_scores")
def evening_ranks_absent(sender, tournament, **kwargs) -> bool:
    """One query: the evening's season, and whether its absent score."""
    return (
        Evening.objects.filter(tournament_id=tournament.pk)
        .exclude(competition__absent=Competition.Absent.NOTHING)
        .exists()
    )
