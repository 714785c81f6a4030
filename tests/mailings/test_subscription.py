"""The public self-service confirms nothing but an address (issue 36, 1, 2,
9, 11, 12): no name, result or seat goes to an address the member or the
club has not confirmed as the member's; the form exists only for players
of a public round; nothing a stranger posts changes the register; a link
opens once; limits count mailboxes and clients the way attackers vary
them; no GET acts."""

import datetime
import re

import pytest
from django.core import mail as django_mail
from django.core.cache import cache
from django.test import Client, TestCase
from django.urls import reverse

from mailings.models import Mail
from mailings.throttle import mailbox
from tournaments.models import MailSubscription, Player, Tournament
from tournaments.rounds import publish_round

pytestmark = pytest.mark.django_db

HIDDEN = "Gijsbertus Onzichtbaarman"


def confirm_link(message) -> str:
    url = re.search(r"\S+/mail/confirm/\S+", message.body).group()
    return "/mail/confirm/" + url.split("/mail/confirm/")[1]


@pytest.fixture
def event(db):
    """8 players, 2 rounds, round 1 public, round 2 not; the first player
    hidden under a name only the club knows."""
    from demo.events import generate_event

    event = generate_event("subs", 8, 2, 4, rules="nl", seed=5, published=False)
    publish_round(event.round_set.get(number=1), True)
    entry = event.entries.select_related("player").order_by("pk").first()
    Player.objects.filter(pk=entry.player_id).update(name=HIDDEN, public_name="hidden")
    django_mail.outbox.clear()
    cache.clear()
    return event


def first_entry(event: Tournament):
    return event.entries.select_related("player").order_by("pk").first()


#: The jobs a change asks for run as its transaction commits; the test
#: itself is one transaction, so the callbacks are run by hand.
_capture = TestCase.captureOnCommitCallbacks


def ask(client, event, entry, email, remote="127.0.0.1"):
    url = reverse("mailings:subscribe", args=[event.slug, entry.pk])
    data = {"email": email, "mail_results": "on", "mail_seating": "on"}
    with _capture(execute=True):
        return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=remote)


def publish(event, number: int, published: bool = True) -> None:
    with _capture(execute=True):
        publish_round(event.round_set.get(number=number), published)


def test_a_stranger_learns_nothing_and_changes_nothing(event, client):
    entry = first_entry(event)
    player = entry.player
    register_before = Player.objects.filter(pk=player.pk).values().get()
    assert ask(client, event, entry, "stranger@example.org").status_code == 302
    (message,) = django_mail.outbox
    assert HIDDEN not in message.body and "Gijsbertus" not in message.body
    assert HIDDEN not in message.alternatives[0][0]
    assert message.to == ["stranger@example.org"]
    link = confirm_link(message)
    assert client.get(link).status_code == 200  # a button only
    assert not MailSubscription.objects.exists()
    page = client.post(link, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "club has confirmed" in page and HIDDEN not in page
    assert Player.objects.filter(pk=player.pk).values().get() == register_before
    django_mail.outbox.clear()
    publish(event, 1, False)
    publish(event, 1, True)
    publish(event, 2, True)
    sent_to = {to for m in django_mail.outbox for to in m.to}
    assert "stranger@example.org" not in sent_to
    assert not Mail.objects.filter(to="stranger@example.org", kind="results").exists()


def test_the_member_is_not_refused_after_a_stranger(event, client):
    entry = first_entry(event)
    Player.objects.filter(pk=entry.player_id).update(email="real@example.org")
    assert ask(client, event, entry, "stranger@example.org").status_code == 302
    client.post(confirm_link(django_mail.outbox[0]))
    assert ask(client, event, entry, "real@example.org").status_code == 302
    page = client.post(confirm_link(django_mail.outbox[1]), HTTP_ACCEPT_LANGUAGE="en")
    assert "will be sent to real@example.org" in page.content.decode()
    django_mail.outbox.clear()
    publish(event, 2, True)
    sent_to = {to for m in django_mail.outbox for to in m.to}
    assert "real@example.org" in sent_to and "stranger@example.org" not in sent_to
    results = [m for m in django_mail.outbox if m.to == ["real@example.org"]]
    assert any(HIDDEN in m.body for m in results)  # the member's own name


def test_the_club_confirms_an_address_it_did_not_have(event, client, make_user):
    entry = first_entry(event)
    player = entry.player
    ask(client, event, entry, "new@example.org")
    client.post(confirm_link(django_mail.outbox[0]))
    sub = MailSubscription.objects.get()
    url = reverse("td:mail-request", args=[sub.pk, "approve"])
    other_club = make_user("other", clubs=[_club("Elders")])
    td = Client()
    td.force_login(other_club)
    assert td.post(url).status_code == 403
    assert "new@example.org" not in td.get("/players/").content.decode()
    secretary = Client()
    secretary.force_login(make_user("secretary", clubs=[_club_of(player)]))
    assert "new@example.org" in secretary.get("/players/").content.decode()
    assert secretary.get(url).status_code == 405  # a GET decides nothing
    assert secretary.post(url).status_code == 302
    django_mail.outbox.clear()
    publish(event, 2, True)
    assert any(m.to == ["new@example.org"] for m in django_mail.outbox)


def _club(name):
    from tournaments.models import Club

    return Club.objects.get_or_create(name=name)[0]


def _club_of(player):
    from tournaments.models import Club

    if player.club_id is None:
        player.club = _club("Home")
        player.save(update_fields=["club"])
    return Club.objects.get(pk=player.club_id)


def test_the_form_exists_only_for_players_of_a_public_round(event, client):
    entry = first_entry(event)
    assert (
        client.get(
            reverse("mailings:subscribe", args=[event.slug, entry.pk])
        ).status_code
        == 200
    )
    publish(event, 1, False)
    for method in (client.get, client.post):
        answer = method(reverse("mailings:subscribe", args=[event.slug, entry.pk]))
        assert answer.status_code == 404
    assert django_mail.outbox == []
    missing = reverse("mailings:subscribe", args=[event.slug, 999999])
    assert client.get(missing).status_code == 404


def test_a_link_opens_once_and_not_after_an_erasure(event, client, make_user):
    entry = first_entry(event)
    player = entry.player
    Player.objects.filter(pk=player.pk).update(email="me@example.org")
    ask(client, event, entry, "me@example.org")
    link = confirm_link(django_mail.outbox[0])
    client.post(link)
    sub = MailSubscription.objects.get()
    assert sub.mail_results and sub.mail_seating
    unsubscribe = re.search(r"\S+/mail/unsubscribe/\S+", _results_mail(event)).group()
    client.post("/mail/unsubscribe/" + unsubscribe.split("/mail/unsubscribe/")[1])
    sub.refresh_from_db()
    assert not sub.mail_results
    page = client.post(link, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "used before" in page
    sub.refresh_from_db()
    assert not sub.mail_results  # the old link subscribes nobody again
    ask(client, event, entry, "me@example.org")
    late = confirm_link(django_mail.outbox[-1])
    from seasons.privacy import erase_player

    staff = make_user("admin", is_staff=True)
    erase_player(Player.objects.get(pk=player.pk), staff)
    assert not MailSubscription.objects.exists()
    assert client.post(late).status_code == 400
    assert not MailSubscription.objects.exists()


def _results_mail(event) -> str:
    django_mail.outbox.clear()
    publish(event, 2, True)
    results_2 = ("Your results after round 2", "Je uitslag na ronde 2")
    (mine,) = [m for m in django_mail.outbox if m.subject.startswith(results_2)]
    return mine.body


def test_no_get_acts_and_one_click_post_does(event, client):
    entry = first_entry(event)
    Player.objects.filter(pk=entry.player_id).update(
        email="one@example.org",
        mail_consent_at=datetime.date(2026, 1, 1),
        mail_results=True,
        mail_seating=True,
    )
    body = _results_mail(event)
    link = "/mail/unsubscribe/" + re.search(r"/mail/unsubscribe/(\S+)", body).group(1)
    assert client.get(link).status_code == 200
    player = Player.objects.get(pk=entry.player_id)
    assert player.mail_results  # a link scanner changed nothing
    strict = Client(enforce_csrf_checks=True)  # RFC 8058: no cookie, no token
    assert strict.post(link, {"List-Unsubscribe": "One-Click"}).status_code == 200
    player.refresh_from_db()
    assert not player.mail_results and player.mail_seating


@pytest.mark.parametrize(
    "address, same",
    [
        ("Victim@Example.org", "victim@example.org"),
        ("victim+1@example.org", "victim@example.org"),
        ("v.ictim@example.org", "victim@example.org"),
        ("v.i.c.t.i.m+rik@EXAMPLE.org", "victim@example.org"),
    ],
)
def test_address_variants_are_one_mailbox(address, same):
    assert mailbox(address) == mailbox(same)


def test_limits_count_mailboxes_and_clients(event, client):
    entry = first_entry(event)
    variants = ["victim@x.org", "victim+1@x.org", "v.ictim@x.org", "VICTIM@x.org"]
    codes = [ask(client, event, entry, a).status_code for a in variants]
    assert codes == [302, 302, 302, 400]
    assert len(django_mail.outbox) == 3
    cache.clear()
    django_mail.outbox.clear()
    prefix = "2001:db8:1:2"
    codes = [
        ask(client, event, entry, f"s{n}@x.org", f"{prefix}::{n + 1:x}").status_code
        for n in range(40)
    ]
    assert codes.count(302) == 10 and len(django_mail.outbox) == 10
