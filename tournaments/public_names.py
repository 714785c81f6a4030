"""How the public sees a player's name, decided here and nowhere else.

Each register player chooses (``Player.public_name``): the full name, the
first name and initial ("Anna B."), or hidden ("Speler 12"). Every public
answer — the public pages, the hall screen, the API, the embed, public
exports and mails — names players through ``shown``; the TD's and the
club's pages see the full name.

Who is asking is said once, at the edge: ``publicpages.names_middleware`` marks
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
        first, *rest = name.split() or [""]
        initials = "".join(f"{part[0].upper()}." for part in rest[-1:])
        return f"{first} {initials}".strip()
    return name


def shown(name: str, choice: str, number: int) -> str:
    """The name for whoever is asking: ``public_form`` for the public, else
    the full name."""
    return public_form(name, choice, number) if _public.get() else name


def shown_label(name: str, distinction: str, choice: str, number: int) -> str:
    """``shown`` with what tells two members of one name apart in the
    register (``Player.label``): the full name and its mark for staff; for
    the public the player's choice, a short name with its mark ("Anna B.
    (1978)"), a hidden one alone ("Player 12": the number tells it apart,
    and the mark could tell who it is)."""
    if not _public.get() or choice not in (SHORT, HIDDEN):
        return _marked(name, distinction)
    if choice == SHORT:
        return _marked(public_form(name, SHORT, number), distinction)
    return public_form(name, HIDDEN, number)


def _marked(name: str, distinction: str) -> str:
    return f"{name} ({distinction})" if distinction else name


def shown_player(player) -> str:
    """``shown_label`` of a loaded register player (its ``label`` for staff)."""
    return shown_label(player.name, player.distinction, player.public_name, player.pk)


#: What ``shown`` and ``shown_label`` need of a register player, in their
#: order: read them together wherever a query names players.
NAME_FIELDS = ("name", "distinction", "public_name", "id")


def name_fields(path: str = "") -> tuple[str, ...]:
    """``NAME_FIELDS`` reached through ``path`` ("entry__player__") for
    ``values_list``: (name, distinction, choice, register number)."""
    return tuple(path + field for field in NAME_FIELDS)
