"""A player's own subscription: asked for on the public player page,
confirmed through a signed link sent to the address, ended through the
signed link in every mail. An address the register already holds for the
player is never replaced this way (whoever asks may not be the player):
the club's secretary changes it."""

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from mailings.models import Mail
from mailings.tokens import ALL, FLAGS, absolute, confirm_token

UNDO = "mailings.undo"


class AddressTakenError(Exception):
    """The register holds another address for this player."""


def holds_other_address(player, email: str) -> bool:
    return bool(player.email) and player.email.strip().lower() != email.strip().lower()


def request_confirmation(entry, email: str, choices: dict, language: str) -> Mail:
    """Queue the mail with the link that confirms ``email`` and ``choices``."""
    player = entry.player
    if holds_other_address(player, email):
        raise AddressTakenError
    tournament = entry.tournament
    mail_language = language or tournament.language
    token = confirm_token(player.pk, email, choices, language)
    link = absolute(reverse("mailings:confirm", args=[token]))
    with translation.override(mail_language):
        context = {"player": player, "tournament": tournament, "link": link}
        subject = _("Confirm your e-mail address for Rikscore")
        text = render_to_string("mailings/confirm.txt", context)
        html = render_to_string("mailings/confirm.html", context)
    return Mail.objects.create(
        player=player,
        tournament=tournament,
        kind=Mail.Kind.CONFIRM,
        to=email,
        subject=subject,
        text=text,
        html=html,
        language=mail_language,
    )


@transaction.atomic
def confirm(player, data: dict) -> None:
    """Store the confirmed address, choices, language and today's consent."""
    if holds_other_address(player, data["e"]):
        raise AddressTakenError
    player.email = data["e"]
    for name in FLAGS.values():
        setattr(player, name, bool(data["c"].get(name)))
    language = data["l"]
    player.mail_language = language if language in dict(settings.LANGUAGES) else ""
    player.mail_consent_at = timezone.localdate()
    fields = ["email", "mail_language", "mail_consent_at", *FLAGS.values()]
    player.save(update_fields=fields)


def unsubscribe(player, kind: str) -> str:
    """Turn off ``kind`` (or every kind); a signed token to undo it."""
    names = list(FLAGS.values()) if kind == ALL else [FLAGS[kind]]
    were_on = [name for name in names if getattr(player, name)]
    for name in names:
        setattr(player, name, False)
    player.save(update_fields=names)
    return signing.dumps({"p": player.pk, "f": were_on}, salt=UNDO)


def read_undo(token: str) -> tuple[int, list[str]] | None:
    try:
        data = signing.loads(token, salt=UNDO, max_age=7 * 86400)
        flags = [name for name in data["f"] if name in FLAGS.values()]
        return int(data["p"]), flags
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def undo(player, flags: list[str]) -> None:
    for name in flags:
        setattr(player, name, True)
    player.save(update_fields=flags)
