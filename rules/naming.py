"""The one search for a free code (a set's, an event's, a season's): bounded.

A search that counts on until it finds a free code can run for ever: when a
cut to the field's length makes every candidate the same, or when someone
takes the codes it would try on purpose. ``free_code`` tries a fixed number
of candidates, ``code``, ``code-2``, ``code-3`` …, cut so the suffix always
survives, then a few random ones (nobody can take those in advance), and
then raises ``NoFreeCodeError``, which the caller turns into a message.

Pure: ``taken`` is a predicate or a collection the caller fills (one query
over ``candidates`` is enough); nothing here touches the database.
"""

import random
import string
from collections.abc import Callable, Collection

TRIES = 50  # code, code-2 … code-50
SPARE = 3  # then code-<6 random characters>, three times
ALPHABET = string.ascii_lowercase + string.digits


class NoFreeCodeError(ValueError):
    """Every candidate was taken: ``wanted`` (with ``keep``) and how many
    were tried. Not translated: the caller says it in the page's words."""

    def __init__(self, wanted: str, tried: int):
        super().__init__(f"no free code for {wanted!r} after {tried} tries")
        self.wanted, self.tried = wanted, tried


def candidates(
    wanted: str,
    max_length: int,
    tries: int = TRIES,
    *,
    keep: str = "",
    spare: int = SPARE,
    rng: random.Random | None = None,
) -> list[str]:
    """The codes ``free_code`` tries, in order: ``wanted`` + ``keep``, then
    with ``-2`` … ``-<tries>``, then ``spare`` random suffixes. ``wanted`` is
    cut so that ``keep`` (an evening's ``-3``) and the suffix always fit."""
    rng = rng or random.SystemRandom()
    suffixes = [""] + [f"-{n}" for n in range(2, tries + 1)]
    suffixes += ["-" + "".join(rng.choices(ALPHABET, k=6)) for _ in range(spare)]
    found = []
    for suffix in suffixes:
        room = max_length - len(keep) - len(suffix)
        if room < 1:
            break
        found.append(wanted[:room] + keep + suffix)
    return list(dict.fromkeys(found))  # a cut may repeat one: try it once


def free_code(
    wanted: str,
    taken: Callable[[str], bool] | Collection[str],
    max_length: int,
    tries: int = TRIES,
    *,
    keep: str = "",
    spare: int = SPARE,
    rng: random.Random | None = None,
) -> str:
    """The first of ``candidates`` not ``taken``, else ``NoFreeCodeError``."""
    options = candidates(wanted, max_length, tries, keep=keep, spare=spare, rng=rng)
    return first_free(options, taken, wanted + keep)


def first_free(
    options: list[str], taken: Callable[[str], bool] | Collection[str], wanted: str
) -> str:
    """The first of ``options`` (from ``candidates``) not ``taken``: for a
    caller that looked all of them up at once."""
    is_taken = taken if callable(taken) else taken.__contains__
    for code in options:
        if not is_taken(code):
            return code
    raise NoFreeCodeError(wanted, len(options))
