"""The score preview on the TD's entry page, in real Chromium on a 360 × 740
phone: with long player names it stays within the screen (it once put the
names side by side as column headers and made the page 537 px wide)."""

import pytest

from tests.browser import OVERFLOW, log_in, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]

#: Long names of the register's kind: hyphens, diacritics, one without spaces.
LONG_NAMES = [
    "Wilhelmina-Henriëtte Frederika-Charlotte van Oldenbarnevelt",
    "Maximiliaan-Alexander van Oldenbarnevelt-Ĳsselmuiden tot Zuylen",
    "Ĳsbrand Maximiliaan-Alexander van Oldenbarnevelt",
    "Jean-Baptiste Noël Brontë-Vanderheijden de Saint-Exupéry",
]


def open_table(make_user):
    """Table 1 of a one-round event, its deals gone, its players renamed."""
    from demo.events import generate_event
    from scoring.services import recompute_table
    from tournaments.models import TournamentRole

    event = generate_event("phone-preview", 8, 1, 4, rules="nl", seed=3)
    table = event.round_set.get(number=1).tables.get(number=1)
    table.deals.all().delete()
    table.closed = False
    table.save()
    recompute_table(table)
    for seat, name in zip(table.seats.order_by("position"), LONG_NAMES, strict=True):
        seat.entry.player.name = name
        seat.entry.player.save(update_fields=["name"])
    user = make_user("td")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    return table


def test_the_preview_fits_a_phone_with_long_names(page, make_user):
    from django.urls import reverse

    from scoring.services import table_view

    table = open_table(make_user)
    players = table_view(table).players_for(1)
    log_in(page, "td", "pw")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(reverse("td:entry-table", args=["phone-preview", 1, 1]))
    page.fill("#id_p0_contract", "rik")
    page.select_option("#id_p0_declarer", players[0])
    page.select_option("#id_p0_partner", players[1])
    page.fill("#id_p0_tricks", "9")
    preview = page.locator("#preview")
    preview.get_by_text("Score effect").wait_for()
    text = preview.inner_text()
    for name in players:
        assert name in text
    assert preview.locator(".neg").count() == 2
    assert preview.locator(".pos").count() == 2
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and not found["outside"], found
