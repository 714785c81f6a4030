"""An event whose players have names with diacritics (for the PDF fonts)."""

import json

import pytest

DIACRITIC_NAMES = ["Zoë van Ĳsselmuiden", "Noël Brontë", "Loïc Müller"]


def rename_players(tournament, new_names):
    """Rename the first players of ``tournament`` and their deal records."""
    from scoring.models import Deal
    from tournaments.models import Player

    players = list(
        Player.objects.filter(entries__tournament=tournament).order_by("name")
    )
    mapping = {}
    for player, new in zip(players, new_names, strict=False):
        mapping[f'"{player.name}"'] = json.dumps(new, ensure_ascii=False)
        player.name = new
        player.save(update_fields=["name"])
    deals = list(Deal.objects.filter(table__round__tournament=tournament))
    for deal in deals:
        text = json.dumps(deal.record, ensure_ascii=False)
        for old, new in mapping.items():
            text = text.replace(old, new)
        deal.record = json.loads(text)
    Deal.objects.bulk_update(deals, ["record"])


@pytest.fixture
def dia_event(db):
    """9 players (one table of five, one of four), 2 rounds × 5 deals."""
    from demo.events import generate_event

    event = generate_event("dia", 9, 2, 5, rules="nl", seed=11)
    rename_players(event, DIACRITIC_NAMES)
    return event


@pytest.fixture(autouse=True)
def english(client):
    """Messages are asserted in English; the site itself is Dutch first."""
    from django.utils import translation

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    with translation.override("en"):
        yield
