"""An e-mail address from a club's member list is no consent (issue 38):
after a publication nobody gets mail at an imported address until the
member's consent is recorded (``tournaments.subscriptions.recipients``)."""

import datetime

import pytest

from documents import player_import as pi
from mailings.models import Mail
from mailings.queue import work_off
from tournaments.models import Player
from tournaments.rounds import publish_round

pytestmark = pytest.mark.django_db


def test_an_imported_email_gets_no_mail_until_consent_is_given(
    unpublished_event, django_capture_on_commit_callbacks
):
    event = unpublished_event
    player = Player.objects.filter(entries__tournament=event).first()
    player.email, player.mail_consent_at, player.federation_number = "", None, "9001"
    player.save()
    csv = f"Naam;Bondsnummer;E-mail\n{player.name};9001;lid@example.org\n"
    rows = pi.preview(pi.parse(csv.encode(), "leden.csv"))
    assert pi.store(rows).completed == 1
    player.refresh_from_db()
    assert player.email == "lid@example.org" and player.mail_results  # chosen...
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(event.round_set.get(number=1), True)
    work_off()
    assert Mail.objects.exists()  # the others, who consented, got theirs
    assert not Mail.objects.filter(player=player).exists()  # ...but no consent
    player.mail_consent_at = datetime.date(2026, 1, 2)
    player.save()
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(event.round_set.get(number=2), True)
    work_off()
    assert Mail.objects.filter(player=player, kind="results").exists()
