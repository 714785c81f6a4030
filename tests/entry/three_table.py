"""A table of three (issue 29) for the entry tests of every path: the TD's
form, the table's own page, the API. Three Seat rows at positions 1..3; the
blind man's hand lies at chair 4 and plays as ``BLIND_LABEL`` (000, "Rikken
for three players")."""

from tournaments.dealing import BLIND_LABEL

BLIND = BLIND_LABEL


def table_of_three(slug: str, mode: str = "td", seed: int = 5, rules: str = "nl"):
    """Table 1 of round 2 of a scored event (8 players, 2 rounds of 4 deals,
    ``rules``), the round running again and emptied (as
    ``tests.tableside.helpers.running``), its fourth seat taken away: three
    players and the blind man. The event plays tables of three and enters
    deals in ``mode``."""
    from demo.events import generate_event
    from scoring.models import Deal, JuryCall
    from scoring.services import recompute_table
    from tournaments.models import Round, Seat, TableRound, Tournament

    event = generate_event(slug, 8, 2, 4, rules=rules, seed=seed)
    Tournament.objects.filter(pk=event.pk).update(entry_mode=mode, tables_of_three=True)
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    second = TableRound.objects.filter(round__tournament=event, round__number=2)
    Deal.objects.filter(table__in=second).delete()
    JuryCall.objects.filter(table__in=second).delete()
    second.update(closed=False)
    table = second.select_related("round__tournament").get(number=1)
    Seat.objects.filter(table=table, position=4).delete()
    for each in second:
        recompute_table(each)
    assert table.seats.count() == 3
    return table


def login_td(client, make_user, table, name: str = "td"):
    """``client`` logged in as the TD of ``table``'s event (English pages)."""
    from tournaments.models import TournamentRole

    user = make_user(name)
    TournamentRole.objects.create(
        tournament=table.round.tournament, user=user, role="td"
    )
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.user = user
    return client
