"""How the public sees a player's name, decided here and nowhere else.

Each register player chooses (``Player.public_name``): the full name, the
first name and initial ("Anna B."), or hidden ("Speler 12"). Every public
answer — the public pages, the hall screen, the API, the embed, public
exports and mails — names players through ``shown``; the TD's and the
club's pages see the full name.

Who is asking is said once, at the edge: ``public.names_middleware`` marks
a request public unless it is one of the staff areas, and code outside a
request (a mail) says it with ``for_public()``. So a page forgotten in a
list still names players as the public may see them, never the other way.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils.translation import gettext as _

FULL, SHORT, HIDDEN = "full", "short", "hidden"

#: Whether the answer being built goes to the public.
_public: ContextVar[bool] = ContextVar("public_names", default=False)


@contextmanager
def for_public(public: bool = True) -> Iterator[None]:
    """Names built inside are the public's (``public=False``: the staff's)."""
    token = _public.set(public)
    try:
        yield
    finally:
        _public.reset(token)


def is_public() -> bool:
    return _public.get()


def public_form(name: str, choice: str, number: int) -> str:
    """The name as the public sees it: ``number`` is the player's register
    number, which stands for a hidden name ("Speler 12")."""
    if choice == HIDDEN:
        return _("Player %(number)s") % {"number": number}
    if choice == SHORT:
        first, *rest = name.split()
        initials = "".join(f"{part[0].upper()}." for part in rest[-1:])
        return f"{first} {initials}".strip()
    return name


def shown(name: str, choice: str, number: int) -> str:
    """The name for whoever is asking: ``public_form`` for the public, else
    the full name."""
    return public_form(name, choice, number) if _public.get() else name


def shown_player(player) -> str:
    """``shown`` for a loaded register player (its ``label`` for staff)."""
    if not _public.get():
        return player.label
    return public_form(player.label, player.public_name, player.pk)
