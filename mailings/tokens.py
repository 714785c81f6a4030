"""Signed links in mails: unsubscribe (no login, no expiry: a link in an
old mail must still work) and confirm an address (a week)."""

from django.conf import settings
from django.core import signing
from django.urls import reverse

UNSUBSCRIBE = "mailings.unsubscribe"
CONFIRM = "mailings.confirm"
CONFIRM_DAYS = 7
#: What an unsubscribe link may turn off: one kind of mail, or all of them.
ALL = "all"
FLAGS = {"results": "mail_results", "season": "mail_season", "seating": "mail_seating"}


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def unsubscribe_token(player_id: int, kind: str = ALL) -> str:
    return signing.dumps({"p": player_id, "k": kind}, salt=UNSUBSCRIBE, compress=True)


def unsubscribe_url(player_id: int, kind: str = ALL) -> str:
    token = unsubscribe_token(player_id, kind)
    return absolute(reverse("mailings:unsubscribe", args=[token]))


def read_unsubscribe(token: str) -> tuple[int, str] | None:
    """(player id, kind) of a valid link, else None."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE)
        player_id, kind = int(data["p"]), str(data["k"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    return (player_id, kind) if kind == ALL or kind in FLAGS else None


def confirm_token(player_id: int, email: str, choices: dict, language: str) -> str:
    data = {"p": player_id, "e": email, "c": choices, "l": language}
    return signing.dumps(data, salt=CONFIRM, compress=True)


def read_confirm(token: str) -> dict | None:
    """{"p", "e", "c", "l"} of a valid, fresh confirmation link, else None."""
    try:
        data = signing.loads(token, salt=CONFIRM, max_age=CONFIRM_DAYS * 86400)
        if not isinstance(data, dict) or not isinstance(data.get("c"), dict):
            return None
        int(data["p"]), str(data["e"]), str(data["l"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    return data
