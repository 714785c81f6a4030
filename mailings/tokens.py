"""Signed unsubscribe links in mails: no login and no expiry (a link in an
old mail must still work). A link names the player, the kind of mail and
the address it was sent to, so it turns off exactly that address's mail
(``tournaments.subscriptions.unsubscribe``); links of older mails carry no
address and mean the register's."""

from django.core import signing
from django.urls import reverse

from core.site import absolute
from tournaments.subscriptions import ALL, FLAGS

UNSUBSCRIBE = "mailings.unsubscribe"


def unsubscribe_token(player_id: int, kind: str = ALL, address: str = "") -> str:
    data = {"p": player_id, "k": kind}
    if address:
        data["a"] = address
    return signing.dumps(data, salt=UNSUBSCRIBE, compress=True)


def unsubscribe_url(player_id: int, kind: str = ALL, address: str = "") -> str:
    token = unsubscribe_token(player_id, kind, address)
    return absolute(reverse("mailings:unsubscribe", args=[token]))


def read_unsubscribe(token: str) -> tuple[int, str, str | None] | None:
    """(player id, kind, address or None) of a valid link, else None."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE)
        player_id, kind = int(data["p"]), str(data["k"])
        address = str(data["a"]) if "a" in data else None
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    if kind != ALL and kind not in FLAGS:
        return None
    return player_id, kind, address
