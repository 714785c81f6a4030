"""Text as people type it and files bring it: the characters never meant.
One definition for the forms (``core.validators``), the event and
season backups and the rule files. Pure: no database.

C0 and C1 control characters break spreadsheets and PDFs; the bidi
embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a
name read backwards ("Eve\\u202egnp.exe" shows as "Eveexe.png").
"""

import re
import unicodedata

_BIDI = "\u202a-\u202e\u2066-\u2069"
#: Runs of plain ASCII (at least three): what SQLite folds the case of.
ASCII_RUN = re.compile(r"[!-~]{3,}")
#: In a one-line text (a name, a code): tab and newline too.
CONTROL = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{_BIDI}]")
#: In a longer text (a description): tab and line breaks are allowed.
CONTROL_IN_TEXT = re.compile(f"[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f{_BIDI}]")


def name_key(name: str) -> str:
    """Names compared as a TD reads them: case, spacing and the Unicode
    form ("é" typed as one letter or two) do not count."""
    return clean_name(name).casefold()


def clean_name(name: str) -> str:
    """A name as it is stored, whatever way it came in (a form, a member
    list from Excel, a backup, the API): one Unicode form (NFC, so "é" typed
    two ways is one letter) and single spaces ("Anneke  Smulders " is
    "Anneke Smulders"). Characters never meant are refused elsewhere
    (``core.validators``), not silently dropped here."""
    return " ".join(unicodedata.normalize("NFC", name or "").split())


#: The tussenvoegsels of Dutch and Flemish surnames: "van", "de", "van der",
#: "ter"... A surname sorts without them (the Dutch telephone-book rule,
#: NEN 1028): "Ëlla van Dĳk" sorts under D.
_PARTICLES = (
    "van de der den het 't ter ten te in op onder bij aan uit voor over "
    "la le du d' da di del della des l' von zu vander vanden"
)
TUSSENVOEGSELS = frozenset(_PARTICLES.split())


def fold(text: str) -> str:
    """Text compared as a Dutch reader sorts it: case and diacritics do not
    count ("Ë" is "e"), the ligature "ĳ" is "ij"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def split_name(name: str) -> tuple[str, str, str]:
    """(first names, tussenvoegsel, surname) of a name as written in one
    field: "Jan Willem van der Berg" is ("Jan Willem", "van der", "Berg");
    a name of one word is a surname. The tussenvoegsel is the run of
    particles after the first name ("de", "van den"...)."""
    words = clean_name(name).split(" ")
    if len(words) < 2:
        return "", "", words[0] if words else ""
    start = next(
        (i for i in range(1, len(words) - 1) if words[i].casefold() in TUSSENVOEGSELS),
        None,
    )
    if start is None:
        return " ".join(words[:-1]), "", words[-1]
    end = start
    while end < len(words) - 1 and words[end].casefold() in TUSSENVOEGSELS:
        end += 1
    return " ".join(words[:start]), " ".join(words[start:end]), " ".join(words[end:])


def sort_key(name: str) -> tuple[str, str, str, str]:
    """The Dutch order of names, for every language's pages: by surname
    without its tussenvoegsel, then first names, then tussenvoegsel, with
    diacritics folded ("Ëlla van Dĳk" before "Wim de Kort")."""
    first, particle, surname = split_name(name)
    return (fold(surname), fold(first), fold(particle), name)
