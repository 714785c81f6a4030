"""Unsubscribe (a button, or one click by the mail program), a failing SMTP
server (retried, then failed on the organiser's page, retried from there)
and the register's rule: mail needs an address and a consent date. The
self-service subscription: test_subscription.py."""

import datetime
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from mailings.models import Mail
from mailings.sending import MAX_ATTEMPTS, send_due
from mailings.tokens import unsubscribe_url
from tournaments.models import Player, TournamentRole
from tournaments.rounds import publish_round

pytestmark = pytest.mark.django_db


def path_of(url: str) -> str:
    return url.removeprefix("https://rik.example").removeprefix("http://localhost:8000")


def test_the_unsubscribe_link_asks_then_acts_and_one_click_post_acts(
    smtp, unpublished_event, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(unpublished_event.round_set.get(number=1), True)
    message = smtp.messages[0]
    player = Player.objects.get(email=message["To"])
    link = path_of(message["List-Unsubscribe"].strip()[1:-1])
    client = Client()
    assert client.get(link).status_code == 200  # a question, nothing done
    player.refresh_from_db()
    assert player.mail_results
    page = client.post(link, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "Undo" in page.content.decode()
    player.refresh_from_db()
    assert not player.mail_results and player.mail_seating  # that kind only
    strict = Client(enforce_csrf_checks=True)  # RFC 8058: no cookie, no token
    every = path_of(unsubscribe_url(player.pk, address=player.email))
    assert strict.post(every, {"List-Unsubscribe": "One-Click"}).status_code == 200
    player.refresh_from_db()
    assert not player.mail_seating
    assert Client().get("/mail/unsubscribe/forged:token/").status_code == 400


def test_undo_subscribes_again(smtp, unpublished_event):
    player = Player.objects.filter(entries__tournament=unpublished_event).first()
    client = Client()
    page = client.post(path_of(unsubscribe_url(player.pk)))  # an older mail's link
    player.refresh_from_db()
    assert not player.mail_results and not player.mail_seating
    undo = page.content.decode().split('action="')[1].split('"')[0]
    assert client.post(undo).status_code == 302
    player.refresh_from_db()
    assert player.mail_results and player.mail_seating


def test_smtp_down_is_retried_then_failed_and_shown_to_the_organiser(
    smtp_down, unpublished_event, django_capture_on_commit_callbacks, make_user
):
    event = unpublished_event
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(event.round_set.get(number=1), True)
    mails = Mail.objects.filter(tournament=event)
    assert mails.count() == 8
    first = mails.first()
    assert first.status == "queued" and first.attempts == 1 and first.last_error
    assert first.next_try > timezone.now()  # backed off
    for _attempt in range(MAX_ATTEMPTS):
        send_due(now=timezone.now() + timedelta(days=1))
    assert set(mails.values_list("status", flat=True)) == {"failed"}
    assert set(mails.values_list("attempts", flat=True)) == {MAX_ATTEMPTS}
    td = make_user("maildesk")
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    client = Client()
    client.force_login(td)
    url = reverse("mailings:outbox", args=[event.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "8 failed" in page and "ConnectionRefusedError" in page
    with django_capture_on_commit_callbacks(execute=True):  # the worker's turn
        done = client.post(reverse("mailings:retry", args=[event.slug]))
    assert done.status_code == 302
    assert set(mails.values_list("status", flat=True)) == {"failed"}  # down still
    assert set(mails.values_list("attempts", flat=True)) == {MAX_ATTEMPTS}
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.get(url).status_code == 403
    assert (
        stranger.post(reverse("mailings:retry", args=[event.slug])).status_code == 403
    )


def test_the_register_needs_an_address_and_a_consent_date_for_mail(db):
    from td.forms_register import MemberForm

    form = MemberForm({"name": "Anna", "mail_results": "on", "public_name": "full"})
    assert not form.is_valid()
    assert "email" in form.errors and "mail_consent_at" in form.errors
    form = MemberForm(
        {
            "name": "Anna",
            "mail_results": "on",
            "public_name": "full",
            "email": "anna@example.org",
            "mail_consent_at": datetime.date(2026, 3, 1).isoformat(),
        }
    )
    assert form.is_valid(), form.errors


def test_erasure_takes_the_mails_and_the_export_lists_them(unpublished_event):
    """A player's mails are declared theirs (``Mail.privacy``): in their
    data export, and gone with their erasure."""
    from seasons.privacy import erase_player, player_data

    player = Player.objects.filter(entries__tournament=unpublished_event).first()
    Mail.objects.create(
        player=player, kind="results", to=player.email, subject="s", text="t"
    )
    mails = [
        r for r in player_data(player)["own_rows"] if r["model"] == "mailings.mail"
    ]
    assert [(m["subject"], m["to"]) for m in mails] == [("s", player.email)]
    erase_player(player, None)
    assert not Mail.objects.filter(player=player).exists()
