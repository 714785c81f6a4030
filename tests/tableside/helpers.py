"""One running table and the phones at it, for every table-side test (the
views', the races', the browser's)."""

from django.test import Client
from django.urls import reverse

JSON = {"HTTP_ACCEPT": "application/json"}


def running(
    slug: str, mode: str = "confirm", seed: int = 5, number: int = 1, players: int = 8
):
    """Table ``number`` of round 2 of a scored event (8 players: tables of
    four; 10: tables of five; 2 rounds of 4 deals, nl), the round reopened
    and emptied, entered in ``mode``."""
    from demo.events import generate_event
    from scoring.models import Deal
    from tournaments.models import Round, TableRound, Tournament

    event = generate_event(slug, players, 2, 4, rules="nl", seed=seed)
    Tournament.objects.filter(pk=event.pk).update(entry_mode=mode)
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    Deal.objects.filter(table__round__tournament=event, table__round__number=2).delete()
    TableRound.objects.filter(round__tournament=event, round__number=2).update(
        closed=False
    )
    return TableRound.objects.select_related("round__tournament").get(
        round__tournament=event, round__number=2, number=number
    )


def set_mode(table, mode: str) -> None:
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=table.round.tournament_id).update(entry_mode=mode)
    table.round.tournament.refresh_from_db()


def link(key, name: str = "tableside:table", *extra, secret=None, slot=None) -> str:
    return reverse(name, args=[slot or key.slot, secret or key.secret, *extra])


def table_link(table) -> str:
    from scoring.tableside import services

    return link(services.key_for(table))


def deal_seats(table, number: int = 1) -> list[int]:
    """The seats of deal ``number``'s players, as the deal orders them:
    (declarer, partner, opponent, other opponent) in these tests."""
    from scoring.services import table_view

    view = table_view(table)
    return [view.position_of(p) for p in view.players_for(number)]


def label(table, seat: int) -> str:
    from scoring.services import table_view

    return table_view(table).label_of(seat)


def phone(language: str = "en") -> Client:
    """A phone: its own cookies; a 500 comes back as a status, not raised."""
    return Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)


def seated(table, seat: int, client: Client | None = None) -> Client:
    """A phone that picked ``seat`` at ``table`` (the server bound it)."""
    from scoring.tableside import services

    client = client or phone()
    answer = client.post(
        link(services.key_for(table), "tableside:seat"), {"seat": seat}
    )
    assert answer.status_code == 302, answer
    return client


def rik(declarer: int, partner: int, tricks: int = 9) -> dict:
    """The deal form's fields for a rik, players by seat number."""
    return {
        "p0_contract": "rik",
        "p0_declarer": str(declarer),
        "p0_partner": str(partner),
        "p0_tricks": str(tricks),
    }


def rik_record(table, declarer: int, partner: int, tricks: int = 9) -> dict:
    """The deal record of a rik, players by their labels at ``table`` (what
    ``services.submit`` takes, as a phone's form hands it on)."""
    from scoring.services import table_view

    view = table_view(table)
    play = {
        "contract": "rik",
        "declarer": view.label_of(declarer),
        "partner": view.label_of(partner),
        "tricks": tricks,
    }
    return {"plays": [play]}


def enter(client, table, number: int, data: dict, key: str):
    """Post a deal from a phone's page, as its script does (JSON)."""
    from scoring.tableside import services

    path = link(services.key_for(table), "tableside:deal", number)
    return client.post(path, {**data, "key": key}, **JSON)


def confirm(client, table, entry_id: int):
    from scoring.tableside import services

    path = link(services.key_for(table), "tableside:confirm", entry_id)
    return client.post(path, {}, **JSON)
