"""A person as shown: the one read model of a player's name on every page,
document, API answer and mail (docs/players-and-hall.md, "Names").

Two audiences read names. **Staff** (the TD's and the secretary's pages,
the phones at a table, the score sheets, player cards and workbook) read
the full name. **The public** (the public pages, the hall's screen, the
lists posted in the hall, the API, the embed, mail to players) reads the
player's choice (``Player.public_name``): the full name, the first name and
initial ("Anna B."), or hidden ("Player 12", by the register number). An
erased player is a hidden "Speler 12" in the register itself
(``seasons.privacy``), so every audience shows the pseudonym.

Who is asking is said once, at the edge: ``publicpages.names_middleware``
marks a request public unless it is one of the staff areas, and code outside
a request (a mail, a list posted in the hall) says it with ``for_public()``;
every function here takes ``public`` to say it outright instead. A page
forgotten in a list still names players as the public may see them.

Namesakes are told apart one way, everywhere (``shown_names``):

1. the name carries its mark from the register (``Player.distinction``, a
   birth year or initial) as the register shows it: "Jan de Vries (1956)";
   for the public only where the member chose so (``Player.
   distinction_public``: a birth year is personal, docs/privacy.md), and
   never a hidden name's, which could tell the public who it is;
2. where names still repeat among the people shown together (an event's
   entries, a season's players, a list), the club is added:
   "Jan de Vries (De Troef)";
3. where the club repeats too, a number: the federation number for staff,
   the register number for the public (and where there is none), "no. 12":
   "Anna B. (De Troef, no. 12)".

Deal records name players by the table's labels (``tournaments.dealing.
unique_labels``: "Jan de Vries", "Jan de Vries (2)"), which backups and the
API exchange; those are keys, never shown (``scoring.services.TableView``
maps them to the names here).
"""

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from core.text import fold, name_key, sort_key

FULL, SHORT, HIDDEN = "full", "short", "hidden"

#: Whether the answer being built goes to the public.
_public: ContextVar[bool] = ContextVar("public_names", default=False)

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


@contextmanager
def for_public(public: bool = True) -> Iterator[None]:
    """Names built inside are the public's (``public=False``: the staff's)."""
    token = _public.set(public)
    try:
        yield
    finally:
        _public.reset(token)


def is_public() -> bool:
    """Whether the names being built go to the public."""
    return _public.get()


def _audience(public: bool | None) -> bool:
    return is_public() if public is None else public


@dataclass(frozen=True)
class Person:
    """What a shown name is made of, as the register holds it: read
    together (``person_fields``) wherever a query names players."""

    name: str
    distinction: str = ""
    choice: str = FULL  # Player.public_name
    number: int = 0  # the register number (Player.pk): a hidden name's stand-in
    club: str = ""  # the register's club, else the club an entry names as text
    federation: str = ""
    #: Whether the public may read ``distinction`` (the member's choice).
    distinction_public: bool = False

    @classmethod
    def of(cls, player) -> "Person":
        """The person of a loaded register ``Player`` (its club's name only
        when the club is loaded with it: no query here)."""
        club = ""
        if player._meta.get_field("club").is_cached(player) and player.club:
            club = player.club.name
        return cls(
            player.name,
            player.distinction,
            player.public_name,
            player.pk or 0,
            club,
            player.federation_number,
            player.distinction_public,
        )


#: What ``Person`` needs of a register player, in its order, for
#: ``values_list`` (``person_fields``).
PERSON_FIELDS = (
    "name",
    "distinction",
    "public_name",
    "id",
    "club__name",
    "federation_number",
    "distinction_public",
)


def person_fields(path: str = "") -> tuple[str, ...]:
    """``PERSON_FIELDS`` reached through ``path`` ("entry__player__")."""
    return tuple(path + field for field in PERSON_FIELDS)


def person_from(values: Iterable) -> Person:
    """The ``Person`` of one ``person_fields`` row (a club of None is none)."""
    name, mark, choice, number, club, federation, mark_public = values
    return Person(
        name,
        mark or "",
        choice or FULL,
        number,
        club or "",
        federation,
        bool(mark_public),
    )


# -- one name, alone ---------------------------------------------------------
def pseudonymous(name: str) -> bool:
    """Whether ``name`` is itself a hidden name ("Speler 12", "Player 12" in
    any of the site's languages): an erased member's stored pseudonym
    (``seasons.privacy``), which is shown as stored so it stays the same
    after a backup is restored elsewhere (where the number differs)."""
    return bool(_pseudonym_pattern().fullmatch(name))


@cache
def _pseudonym_pattern() -> re.Pattern:
    words = set()
    for code, _label in settings.LANGUAGES:
        with translation.override(code):
            words.add(_("Player %(number)s") % {"number": "0"})
    forms = "|".join(re.escape(w).replace("0", "[1-9][0-9]*") for w in sorted(words))
    return re.compile(f"(?:{forms})")


def public_form(name: str, choice: str, number: int) -> str:
    """The name as the public sees it, without its mark: ``number`` is the
    register number, which stands for a hidden name ("Player 12"); an
    erased member's stored pseudonym is shown as stored."""
    if choice == HIDDEN:
        if pseudonymous(name):
            return name
        return _("Player %(number)s") % {"number": number}
    if choice == SHORT:
        first, *rest = name.split() or [""]
        initials = "".join(f"{part[0].upper()}." for part in rest[-1:])
        return f"{first} {initials}".strip()
    return name


def _base_and_mark(person: Person, public: bool) -> tuple[str, str]:
    """(the name for the audience, the register's mark it may carry)."""
    if not public:
        return person.name, person.distinction
    base = public_form(person.name, person.choice, person.number)
    if person.choice == HIDDEN or not person.distinction_public:
        return base, ""
    return base, person.distinction


def _with_tags(base: str, tags: Iterable[str]) -> str:
    tags = [t for t in tags if t]
    return f"{base} ({', '.join(tags)})" if tags else base


def split_tags(text: str) -> tuple[str, str]:
    """(the name, "(its tags)") of a name as shown (``_with_tags``), for a
    reader that must cut a name and keep what tells it apart: a narrow PDF
    column shows "Jan de V… (1956)", never "Jan de Vries (19…" twice.
    ("name", "") when it carries none."""
    if text.endswith(")") and " (" in text:
        base, _sep, tags = text.rpartition(" (")
        if base:
            return base, f"({tags}"
    return text, ""


def shown(person: Person, public: bool | None = None) -> str:
    """One person's name with the register's mark, told apart from no one
    else: the register's own label for staff ("Jan de Vries (1956)"), the
    player's choice for the public. Pages that show several people together
    use ``shown_names``."""
    base, mark = _base_and_mark(person, _audience(public))
    return _with_tags(base, [mark])


# -- names shown together ----------------------------------------------------
def _number(person: Person, public: bool) -> str:
    """The number that tells two of one name and club apart: the federation
    number for staff, the register number for the public (who never reads
    a federation number, docs/privacy.md) and where there is none."""
    if person.federation and not public:
        return person.federation
    return _("no. %(number)s") % {"number": person.number}


def shown_names(people: Mapping[K, Person], public: bool | None = None) -> dict[K, str]:
    """{key: name as shown} of people shown together (an event's entries, a
    season's players, a list), each told apart from the others the one way
    this module says: the register's mark, then the club where the name
    still repeats, then a number where the club repeats too. Repeats are
    counted on the names as the audience reads them, so the public never
    learns that "Player 12" shares a name with anyone."""
    public = _audience(public)
    own = {key: _base_and_mark(p, public) for key, p in people.items()}
    text = {key: name_key(_with_tags(b, [m])) for key, (b, m) in own.items()}
    repeats = Counter(text.values())
    clubs = Counter((text[key], name_key(p.club)) for key, p in people.items())
    out = {}
    for key, person in people.items():
        base, mark = own[key]
        tags = [mark]
        if repeats[text[key]] > 1:
            tags.append(person.club)
            if not person.club or clubs[(text[key], name_key(person.club))] > 1:
                tags.append(_number(person, public))
        out[key] = _with_tags(base, tags)
    return out


def in_name_order(names: Mapping[K, str]) -> list[K]:
    """The keys of ``names`` ordered by the names as shown, in the Dutch
    order on every language's pages (``core.text.sort_key``: "Ëlla van Dĳk"
    under D, before "Wim de Kort"); an order by the full name would hint at
    a hidden one on a public list. SQL cannot sort this way: lists are
    sorted here, in Python (a few hundred names at most)."""
    return sorted(names, key=lambda key: (shown_sort_key(names[key]), str(key)))


def name_order(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """``items`` in the Dutch order of ``name(item)`` (``in_name_order``),
    for a list that has its objects at hand (the register, the check-in)."""
    return sorted(items, key=lambda item: shown_sort_key(name(item)))


_TAGS = re.compile(r"^(.*?)(?: \(([^()]*)\))?$")


def shown_sort_key(text: str) -> tuple:
    """The Dutch order of a name as shown: by the name (``core.text.
    sort_key``), then what tells it apart ("(De Troef, no. 12)"), which is
    no part of the surname; a hidden name ("Player 13") under its word,
    its numbers in their order."""
    base, tags = _TAGS.match(text).groups()
    first, _sep, number = base.rpartition(" ")
    if first and number.isdigit():  # "Player 13": under P, 9 before 13
        return (fold(first), number.zfill(12), "", base, fold(tags or ""))
    return (*sort_key(base), fold(tags or ""))


# -- read from the database ----------------------------------------------------
#: What ``entries_shown`` reads of an ``Entry``, first in a ``values_list``.
ENTRY_FIELDS = ("id", "tournament_id", *person_fields("player__"), "club_name")


def entries_shown(rows, public: bool | None = None) -> dict[int, str]:
    """{entry id: name as shown} of ``rows`` (``ENTRY_FIELDS``, every entry
    of the events shown), told apart within each event: for a reader that
    reads its entries anyway (one query for both)."""
    by_event: dict[int, dict[int, Person]] = defaultdict(dict)
    for pk, event, *fields, club_text in rows:
        person = person_from(fields)
        if not person.club and club_text:  # a list's club kept as text
            person = replace(person, club=club_text)
        by_event[event][pk] = person
    out: dict[int, str] = {}
    for people in by_event.values():
        out.update(shown_names(people, public))
    return out


def entry_names(entries, public: bool | None = None) -> dict[int, str]:
    """{entry id: name as shown} of the entries of an ``Entry`` queryset,
    each told apart among all the entries of its event (read too, so a name
    is the same on every page of the event): one query."""
    rows = entries.model.objects.filter(
        tournament_id__in=entries.values("tournament_id")
    ).values_list(*ENTRY_FIELDS)
    return entries_shown(rows.order_by(), public)


def event_names(tournament, public: bool | None = None) -> dict[int, str]:
    """{entry id: name as shown} of every entry of ``tournament``: one query."""
    rows = tournament.entries.values_list(*ENTRY_FIELDS).order_by()
    return entries_shown(rows, public)


def entry_name(entry, public: bool | None = None) -> str:
    """The name of one entry as its event shows it (a message, a page
    title): one query."""
    rows = type(entry).objects.filter(tournament_id=entry.tournament_id)
    return entries_shown(rows.values_list(*ENTRY_FIELDS), public).get(entry.pk, "?")


def people_of(players) -> dict[int, Person]:
    """{player id: ``Person``} of a ``Player`` queryset: one query."""
    rows = players.values_list(*person_fields()).order_by()
    return {row[3]: person_from(row) for row in rows}


def player_names(players, public: bool | None = None) -> dict[int, str]:
    """{player id: name as shown} of a ``Player`` queryset shown together (a
    season's ranking, the rating list, a select): one query."""
    return shown_names(people_of(players), public)
