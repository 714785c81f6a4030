"""``load_demo``: the demo events (``scoring``'s command) and a club season:
8 evenings of 2 partijen × 20 deals with 18–26 of 26 players present
(tables of five), 4 teams, every partij seated by the season seating; the
demo TD runs it as the club's organiser."""

from scoring.management.commands.load_demo import Command as EventsDemo
from seasons.demo import generate_season
from seasons.models import Competition
from seasons.ratings import recompute_ratings
from tournaments.models import ClubRole, TournamentRole


class Command(EventsDemo):
    help = "Load the demo tournaments and the demo club season."

    def handle(self, *args, **options) -> None:
        if options["if_empty"] and Competition.objects.exists():
            return super().handle(*args, **options)
        super().handle(*args, **options)
        self.load_season()

    def load_season(self) -> None:
        from django.contrib.auth import get_user_model

        for old in Competition.objects.filter(slug="demo-seizoen"):
            for evening in old.evenings.select_related("tournament"):
                evening.tournament.delete()
            old.delete()
        season = generate_season(
            "demo-seizoen",
            players=26,
            evenings=8,
            deals=20,
            seed=2026,
            attendance=(18, 26),
            teams=4,
            season_seating=True,  # seated as the TD's button seats
        )
        td = get_user_model().objects.filter(username="td").first()
        if td is not None:
            ClubRole.objects.get_or_create(club=season.club, user=td)
            for evening in season.evenings.all():
                TournamentRole.objects.get_or_create(
                    tournament_id=evening.tournament_id,
                    user=td,
                    role=TournamentRole.Role.TD,
                )
        recompute_ratings()  # the demo's rating list and histories
        self.stdout.write(self.style.SUCCESS(f"Demo season '{season.slug}' loaded."))
