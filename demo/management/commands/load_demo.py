"""``load_demo``: the demo tournament ``demo`` (22 players, 3 rounds of 8 deals, nl).

Two tables of five, a realistic mix of contracts, and on purpose: a misère
with two declarers, an all-pass game and a sanction. Beside it ``demo-iwwa``:
21 players under iwwa seated with a bye each round (scored as the player's
average), jury calls and sanctions; and ``demo-drie``: 11 players with
tables of three (the event's setting), so each round has a table of three
with the blind man's hand (000, "Rikken for three players"). Also a TD login
``td`` / ``rikken`` for trying the TD screens.

Then a club season ``demo-seizoen``: 8 evenings of 2 partijen × 20 deals
with 18–26 of 26 players present (tables of five), 4 teams, every partij
seated by the season seating; the demo TD runs it as the club's organiser.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from demo.events import generate_event
from demo.season import generate_season
from seasons.models import Competition
from seasons.ratings import recompute_ratings
from tournaments.models import Club, ClubRole, Tournament, TournamentRole

SPECIAL = {
    (1, 1): {
        2: {"plays": [{"contract": "misere", "declarer": "@0", "tricks": 0},
                      {"contract": "misere", "declarer": "@2", "tricks": 1}]},
        5: {"plays": [{"contract": "schoppen-mie", "queen_of_spades": "@1",
                       "last_trick": "@3"}]},
        7: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1",
                       "tricks": 9}],
            "sanctions": [{"code": "penalty", "player": "@2", "points": 6}]},
    },
    (2, 2): {3: {"plays": [{"contract": "een-of-vijf",
                            "tricks_by_player": {"@0": 1, "@1": 5, "@2": 4,
                                                 "@3": 3}}]}},
}  # fmt: skip

#: The table of three in ``demo-drie`` (table 3 of 11 players: 4 + 4 + 3):
#: in round 1 a rik with the blind man's ace (its partner plays its cards),
#: a solo against the two real players and a sanction among the three. The
#: players of a deal: "@0" left of the dealer; deal 1: seats 2, 3, the
#: blind man's chair 4, seat 1.
THREE_SPECIAL = {
    (1, 3): {
        1: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@2",
                       "tricks": 9}]},
        2: {"plays": [{"contract": "solo-8", "declarer": "@2", "tricks": 9}]},
        4: {"plays": [{"contract": "misere", "declarer": "@0", "tricks": 0}],
            "sanctions": [{"code": "penalty", "player": "@1", "points": 6}]},
    },
}  # fmt: skip


def _demo_event(slug: str, name: str, *args, **options) -> Tournament:
    """A demo event made afresh (``demo.events.generate_event``), named."""
    Tournament.objects.filter(slug=slug).delete()
    event = generate_event(slug, *args, **options)
    event.name = name
    event.save(update_fields=["name"])
    return event


class Command(BaseCommand):
    help = "Load the demo tournaments and the demo club season."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--if-empty", action="store_true", help="only when no tournament exists"
        )
        parser.add_argument(
            "--without-season", action="store_true", help="the events only"
        )

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        if settings.PRODUCTION:
            raise CommandError(
                "The demo is not loaded in production mode: its login is known."
            )
        if options["if_empty"] and Tournament.objects.exists():
            self.stdout.write("Database not empty: demo not loaded.")
            return
        tournament = _demo_event(
            "demo",
            "Demo: Rikdag Geertruidenberg",
            22,
            3,
            8,
            rules="nl",
            seed=2026,
            special=SPECIAL,
        )
        iwwa = _demo_event(
            "demo-iwwa",
            "Demo: IWWA-toernooi met vrije rondes",
            21,
            3,
            6,
            rules="iwwa",
            seed=11,
            byes=True,
            bye_policy="average",
            sanction_rate=0.15,
        )
        three = _demo_event(
            "demo-drie",
            "Demo: toernooi met een tafel van drie (de blinde)",
            11,
            3,
            8,
            rules="nl",
            seed=29,
            special=THREE_SPECIAL,
            tables_of_three=True,
        )
        user_model = get_user_model()
        td = user_model.objects.filter(username="td").first()
        if td is None:
            td = user_model.objects.create_user("td", password="rikken")
        for event in (tournament, iwwa, three):
            TournamentRole.objects.get_or_create(
                tournament=event, user=td, role=TournamentRole.Role.TD
            )
        # the demo TD may also create events and manage the demo clubs' players
        organisers = Group.objects.filter(name="Organisers").first()
        if organisers is not None:
            td.groups.add(organisers)
        for club in Club.objects.filter(player__entries__tournament=tournament):
            ClubRole.objects.get_or_create(club=club, user=td)
        self.stdout.write(self.style.SUCCESS("Demo tournament 'demo' loaded."))
        if not options["without_season"]:
            self.load_season(td)

    def load_season(self, td) -> None:
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
        ClubRole.objects.get_or_create(club=season.club, user=td)
        for evening in season.evenings.all():
            TournamentRole.objects.get_or_create(
                tournament_id=evening.tournament_id,
                user=td,
                role=TournamentRole.Role.TD,
            )
        recompute_ratings()  # the demo's rating list and histories
        self.stdout.write(self.style.SUCCESS(f"Demo season '{season.slug}' loaded."))
