"""A real SMTP server (aiosmtpd) on a free port for the mail tests, and an
event whose rounds are scored but not yet published, its players
subscribed."""

import socket
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    """Keeps every message the server receives, parsed."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd)
        self.messages.append(
            message_from_bytes(envelope.content, policy=policy.default)
        )
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """The server, and the settings pointing Django's SMTP backend at it."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.SITE_URL = "https://rik.example"
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def smtp_down(settings):
    """SMTP settings pointing at a port nobody listens on."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = free_port()
    settings.EMAIL_TIMEOUT = 2


@pytest.fixture
def unpublished_event(db):
    """8 players, 2 rounds × 4 deals, scored, nothing published; every
    player subscribed to results and seats, in English."""
    import datetime

    from demo.events import generate_event
    from mailings.models import MailDue
    from tournaments.models import Player

    event = generate_event("mailtest", 8, 2, 4, rules="nl", seed=3, published=False)
    players = Player.objects.filter(entries__tournament=event)
    for player in players:
        player.email = f"p{player.pk}@example.org"
        player.mail_consent_at = datetime.date(2026, 1, 1)
        player.mail_results = player.mail_seating = True
        player.mail_language = "en"
        player.save()
    MailDue.objects.all().delete()  # the demo's seatings came before anyone subscribed
    return event
