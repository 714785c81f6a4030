"""The two sides of ``bench.hall_site``, each made in its own database:

- ``site``: a club, its organiser and an upload key (printed as JSON);
- ``hall PLAYERS ROUNDS DEALS SITE KEY``: the TD, an event of the club
  with every round played and all but the last published, sent to SITE
  with KEY (printed: the event's code).
"""

import json
import os
import sys

import django


def site() -> dict:
    from django.contrib.auth import get_user_model

    from publishing.keys import make_key
    from tournaments.models import Club, ClubRole

    club = Club.objects.create(name="Rikclub De Kroon")
    user = get_user_model().objects.create_user("secretaris", password="hall-and-site")
    ClubRole.objects.create(club=club, user=user)
    return {"key": make_key(club, "hall laptop", user)[1]}


def hall(players: int, rounds: int, deals: int, address: str, key: str) -> dict:
    from django.contrib.auth import get_user_model

    from demo.events import generate_event
    from publishing.models import Destination, Outbox
    from tournaments.models import TournamentRole

    event = generate_event("hall-day", players, rounds, deals, rules="nl", seed=5)
    event.round_set.filter(number=rounds).update(published=False)
    user = get_user_model().objects.create_user("td", password="hall-and-site")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    destination = Destination.objects.create(site=address, key=key)
    Outbox.objects.create(tournament=event, destination=destination, due=1)
    return {"slug": event.slug}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")
    django.setup()
    side, *args = sys.argv[1:]
    made = site() if side == "site" else hall(*map(int, args[:3]), *args[3:])
    print(json.dumps(made))
