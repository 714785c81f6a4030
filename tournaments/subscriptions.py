"""Who gets a player's mail, and the self-service that asks for it.

Two ways lead to mail (docs/mail.md):

- **the register**: the club records the member's address, the date of
  their consent and the kinds of mail (``Player.email`` …); only the club
  writes it;
- **a subscription** (``MailSubscription``), asked for by anyone on the
  public player page. It sends nothing about the player until the address
  is confirmed by whoever reads it (a link that names no player) *and* the
  club knows it as the member's: it is the register's address, or an
  organiser of the member's club approved it. So a stranger who subscribes
  their own address to someone else's results learns nothing, and nothing
  a stranger posts changes the register.

``recipients`` is the one answer to "who gets this kind of mail about this
player"; unsubscribing works by address on both ways at once.
"""

from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import MailSubscription, Player

#: A mail kind and the flag that asks for it, on the register row and on a
#: subscription alike.
FLAGS = {"results": "mail_results", "season": "mail_season", "seating": "mail_seating"}
ALL = "all"
CONFIRM_SALT = "tournaments.subscription.confirm"
CONFIRM_DAYS = 7
UNDO_SALT = "mailings.undo"
UNDO_DAYS = 7


def same_address(a: str, b: str) -> bool:
    return bool(a) and a.strip().lower() == b.strip().lower()


@dataclass(frozen=True)
class Recipient:
    """An address that receives a kind of mail about a player, in a
    language ("" for the event's)."""

    address: str
    language: str


def recipients(player: Player, flag: str) -> list[Recipient]:
    """Every address that gets the mail ``flag`` asks for about ``player``:
    the register's (with the member's consent) and each subscription that
    is confirmed and known to the club; each address once."""
    found: list[Recipient] = []
    if player.email and player.mail_consent_at and getattr(player, flag):
        found.append(Recipient(player.email, player.mail_language))
    for sub in player.subscriptions.all():  # prefetched by a mail writer
        if not getattr(sub, flag) or not active_one(sub, player):
            continue
        if not any(same_address(sub.email, r.address) for r in found):
            found.append(Recipient(sub.email, sub.language))
    return found


def active_one(sub: MailSubscription, player: Player | None = None) -> bool:
    """Whether ``sub`` may receive its player's mail: its address confirmed,
    and known to the club (the register's address, or approved)."""
    player = player or sub.player
    return bool(sub.confirmed_at) and bool(
        sub.approved_at or same_address(sub.email, player.email)
    )


def anyone_q(path: str = "") -> Q:
    """A query condition (through ``path`` to the player): someone may get
    mail about the player. Wide on purpose (a subscription waiting for the
    club counts): it only spares the mail writer events with no one."""
    consent = Q(**{f"{path}mail_consent_at__isnull": False})
    register = consent & ~Q(**{f"{path}email": ""})
    subscribed = Q(**{f"{path}subscriptions__confirmed_at__isnull": False})
    return register | subscribed


# The self-service ----------------------------------------------------------


def confirm_token(player: Player, email: str, choices: dict, language: str) -> str:
    """The link's token: the player by public address (an erasure replaces
    it, so an old link then leads nowhere), the address, the choices, and
    when it was made (a link opens once)."""
    data = {
        "p": player.public_id,
        "e": email.strip(),
        "c": {flag: bool(choices.get(flag)) for flag in FLAGS.values()},
        "l": language,
        "t": int(timezone.now().timestamp() * 1000),
    }
    return signing.dumps(data, salt=CONFIRM_SALT, compress=True)


def read_confirm(token: str) -> dict | None:
    """The fields of a valid, fresh confirmation token, else None."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_DAYS * 86400)
        if not isinstance(data, dict) or not isinstance(data.get("c"), dict):
            return None
        str(data["p"]), str(data["e"]), str(data["l"]), int(data["t"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    return data


class Outcome:
    """What opening a confirmation link did."""

    ACTIVE = "active"  # mail starts
    WAITING = "waiting"  # the address is confirmed; the club must approve it
    USED = "used"  # the link was opened before: nothing changed


@transaction.atomic
def confirm(data: dict) -> tuple[str, MailSubscription] | None:
    """Open a confirmation link (``read_confirm``'s fields): the address is
    confirmed and the choices stored on the subscription, never on the
    register. None when the player is gone (erased, merged)."""
    player = Player.objects.select_for_update().filter(public_id=data["p"]).first()
    if player is None:
        return None
    email = data["e"].strip()
    sub = player.subscriptions.filter(email__iexact=email).first()
    if sub is None:
        sub = MailSubscription(player=player, email=email)
    elif sub.last_link >= data["t"]:
        return Outcome.USED, sub
    for flag in FLAGS.values():
        setattr(sub, flag, bool(data["c"].get(flag)))
    sub.language = data["l"] if data["l"] in ("nl", "en") else ""
    sub.confirmed_at = sub.confirmed_at or timezone.now()
    sub.last_link = data["t"]
    sub.save()
    return (Outcome.ACTIVE if active_one(sub, player) else Outcome.WAITING), sub


# The club ------------------------------------------------------------------


def waiting_for_club(players) -> list[MailSubscription]:
    """Confirmed subscriptions of ``players`` the club has not approved and
    that are not the register's own address: what an organiser decides."""
    subs = MailSubscription.objects.filter(
        player__in=players, confirmed_at__isnull=False, approved_at__isnull=True
    ).select_related("player", "player__club")
    return [s for s in subs.order_by("confirmed_at") if not active_one(s)]


def approve(sub: MailSubscription, user) -> None:
    sub.approved_at, sub.approved_by = timezone.now(), user
    sub.save(update_fields=["approved_at", "approved_by"])


def refuse(sub: MailSubscription) -> None:
    sub.delete()


# Unsubscribing -------------------------------------------------------------


def unsubscribe(player: Player, kind: str, address: str | None) -> str:
    """Turn ``kind`` (or every kind) off for ``address`` (None: the
    register's, as links of older mails say), on the register row and on
    every subscription of that address; a signed token to undo exactly it."""
    address = player.email if address is None else address
    names = list(FLAGS.values()) if kind == ALL else [FLAGS[kind]]
    undone: dict[str, list[str]] = {}
    with transaction.atomic():
        if same_address(player.email, address):
            undone["r"] = _turn_off(player, names)
        for sub in player.subscriptions.filter(email__iexact=address.strip()):
            undone[str(sub.pk)] = _turn_off(sub, names)
    return signing.dumps({"p": player.pk, "u": undone}, salt=UNDO_SALT)


def _turn_off(row, names: list[str]) -> list[str]:
    were_on = [name for name in names if getattr(row, name)]
    for name in names:
        setattr(row, name, False)
    row.save(update_fields=names)
    return were_on


def read_undo(token: str) -> tuple[int, dict[str, list[str]]] | None:
    try:
        data = signing.loads(token, salt=UNDO_SALT, max_age=UNDO_DAYS * 86400)
        if "f" in data:  # a page shown before subscriptions: the register's
            data = {"p": data["p"], "u": {"r": data["f"]}}
        undone = {
            str(source): [name for name in flags if name in FLAGS.values()]
            for source, flags in dict(data["u"]).items()
        }
        return int(data["p"]), undone
    except (signing.BadSignature, KeyError, TypeError, ValueError, AttributeError):
        return None


def undo(player: Player, undone: dict[str, list[str]]) -> None:
    """Turn back on what ``unsubscribe`` turned off (rows gone since: none)."""
    with transaction.atomic():
        for source, names in undone.items():
            row = player if source == "r" else _own_subscription(player, source)
            if row is not None and names:
                for name in names:
                    setattr(row, name, True)
                row.save(update_fields=names)


def _own_subscription(player: Player, source: str) -> MailSubscription | None:
    if not source.isdigit():
        return None
    return player.subscriptions.filter(pk=int(source)).first()
