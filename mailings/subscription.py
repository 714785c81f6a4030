"""The confirmation mail of the public self-service
(``tournaments.subscriptions`` keeps the rule): it names no player and
holds no result, only the link that confirms the address. It is not tied
to the player (the address may be anyone's), so it is no part of the
member's data."""

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from core.site import absolute
from mailings.models import Mail
from tournaments.subscriptions import confirm_token


def request_confirmation(entry, email: str, choices: dict, language: str) -> Mail:
    """Queue the mail with the link that confirms ``email``."""
    tournament = entry.tournament
    mail_language = language or tournament.language
    token = confirm_token(entry.player, email, choices, language)
    link = absolute(reverse("mailings:confirm", args=[token]))
    with translation.override(mail_language):
        context = {"tournament": tournament, "link": link}
        subject = _("Confirm your e-mail address for Rikscore")
        text = render_to_string("mailings/confirm.txt", context)
        html = render_to_string("mailings/confirm.html", context)
    return Mail.objects.create(
        tournament=tournament,
        kind=Mail.Kind.CONFIRM,
        to=email,
        subject=subject,
        text=text,
        html=html,
        language=mail_language,
    )
