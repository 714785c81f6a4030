"""The columns of a club's member list as secretaries keep them: which
header means which field ("Voornaam", "Tussenv.", "E-mailadres", "Lid
sinds"...), the mapping the importer may change in the preview, and the
values made of a row's cells (one name of first name, tussenvoegsel and
surname; a date as Excel writes it; a birth date cut to its year).

Pure: no database, so the recognition is tested on its own."""

import datetime
import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.text import TUSSENVOEGSELS, clean_name, fold

#: The fields a column can go to, in the order the mapping's <select> lists them.
FIELD_LABELS = {
    "name": gettext_lazy("Name"),
    "first_name": gettext_lazy("First name"),
    "initials": gettext_lazy("Initials"),
    "tussenvoegsel": gettext_lazy("Tussenvoegsel"),
    "surname": gettext_lazy("Surname"),
    "club": gettext_lazy("Club"),
    "federation_number": gettext_lazy("Federation number"),
    "distinction": gettext_lazy("To tell apart"),
    "birth": gettext_lazy("Birth year or date"),
    "email": gettext_lazy("E-mail"),
    "phone": gettext_lazy("Phone"),
    "place": gettext_lazy("Place"),
    "member_since": gettext_lazy("Member since"),
}
FIELDS = tuple(FIELD_LABELS)
#: A list without a header row is read in this order (as it always was).
DEFAULT_ORDER = ("name", "club", "federation_number", "distinction")
NAME_PARTS = ("first_name", "initials", "tussenvoegsel", "surname")

_HEADERS = {
    "name": "naam speler name player spelersnaam volledigenaam fullname "
    "naamspeler naamlid",
    "first_name": "voornaam roepnaam voornamen firstname givenname",
    "initials": "voorletters initialen initials",
    "tussenvoegsel": "tussenvoegsel tussenvoegsels tussenv tv voorvoegsel prefix infix",
    "surname": "achternaam surname lastname familyname familienaam",
    "club": "club vereniging verenigingsnaam clubnaam clubname",
    "federation_number": "bondsnummer bondsnr lidnummer lidnr lidnummerbond "
    "federationnumber federationno relatienummer knbbnummer knblnummer "
    "membernumber membershipnumber memberid",
    "distinction": "onderscheid distinction totellapart",
    "birth": "geboortejaar geboortedatum geboren gebdatum birthyear "
    "birthdate dateofbirth dob",
    "email": "email emailadres mail mailadres emailaddress",
    "phone": "telefoon tel telnr telefoonnummer mobiel mobielnummer "
    "mobieltelefoon gsm phone phonenumber mobile telephone",
    "place": "plaats woonplaats city place town residence",
    "member_since": "lidsinds lidvanaf membersince lidmaatschapbegin "
    "beginlidmaatschap begindatumlidmaatschap lidmaatschapbegindatum "
    "ingangsdatum datumlid joined",
}
HEADERS = {word: key for key, words in _HEADERS.items() for word in words.split()}
#: A name's parts win over a whole name's column: "Roepnaam" over
#: "Voornaam" (the name the member is called by), "Achternaam" over "Naam".
_PREFER = {"roepnaam": 2, "achternaam": 2, "voornaam": 1}


def header_key(text: str) -> str:
    """A header as compared: case, accents, spacing and punctuation do not
    count ("E-mail adres" is "emailadres", "Tussenv." is "tussenv")."""
    return re.sub(r"[^a-z0-9]", "", fold(text or ""))


def guess(header: list[str]) -> list[str] | None:
    """The field of each column a header row names ("" for a column not
    used), or None when the row is no header (it names no name column)."""
    keys = [HEADERS.get(header_key(cell), "") for cell in header]
    if "first_name" in keys or "initials" in keys:  # "Naam" is then the surname
        keys = ["surname" if k == "name" and "surname" not in keys else k for k in keys]
    if not any(k in ("name", "surname") for k in keys):
        return None
    mapping, taken = [""] * len(keys), {}
    for i, key in enumerate(keys):
        if not key:
            continue
        rank = _PREFER.get(header_key(header[i]), 0)
        if key in taken and taken[key][1] >= rank:
            continue
        if key in taken:
            mapping[taken[key][0]] = ""
        taken[key] = (i, rank)
        mapping[i] = key
    if "name" in mapping and "surname" in mapping:  # "Naam" beside "Achternaam"
        mapping[mapping.index("name")] = ""
    return mapping


def default_mapping(width: int) -> list[str]:
    return [*DEFAULT_ORDER, *[""] * width][:width]


def check_mapping(mapping: list[str]) -> list[str]:
    """What is wrong with a mapping the importer chose (empty: nothing)."""
    errors = []
    unknown = sorted({f for f in mapping if f and f not in FIELD_LABELS})
    if unknown:
        errors.append(_("Unknown field: %(f)s.") % {"f": ", ".join(unknown)})
    for key in FIELDS:
        if mapping.count(key) > 1:
            errors.append(
                _("“%(f)s” is chosen for more than one column.")
                % {"f": FIELD_LABELS[key]}
            )
    parts = [f for f in mapping if f in NAME_PARTS]
    if "name" in mapping and parts:
        errors.append(
            _(
                "Choose either one column for the whole name or columns for "
                "its parts (first name, surname…), not both."
            )
        )
    elif "name" not in mapping and "surname" not in mapping:
        errors.append(_("Choose the column that holds the name (or the surname)."))
    return errors


def person_name(values: dict) -> str:
    """One name of a row: the name column ("Berg, Jan van der" turned
    around), or first name (else initials), tussenvoegsel and surname."""
    if values.get("name"):
        return turned_around(values["name"])
    first = values.get("first_name") or values.get("initials", "")
    parts = (first, values.get("tussenvoegsel", ""), values.get("surname", ""))
    return clean_name(" ".join(parts))


def turned_around(name: str) -> str:
    """A surname-first name with one comma, as Dutch lists write it, the
    way people say it: "Berg, Jan van der" and "Berg van der, Jan" are both
    "Jan van der Berg". Without exactly one comma the name stays as it is."""
    name = clean_name(name)
    if name.count(",") != 1:
        return name
    surname, rest = (clean_name(p) for p in name.split(","))
    if not surname or not rest:
        return name
    words, particles = surname.split(" "), []
    while len(words) > 1 and words[-1].casefold() in TUSSENVOEGSELS:
        particles.insert(0, words.pop())
    rest_words = rest.split(" ")
    while len(rest_words) > 1 and rest_words[-1].casefold() in TUSSENVOEGSELS:
        particles.insert(0, rest_words.pop())
    return clean_name(" ".join([*rest_words, *particles, *words]))


_DMY = re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})")
_YMD = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?")
_YEAR = re.compile(r"\d{4}")


def parse_date(text: str) -> datetime.date | None:
    """A date as Excel writes it in a Dutch list: 1-3-2004, 01-03-2004,
    1/3/2004, 1.3.2004 (day first), 2004-03-01 (also an Excel date cell);
    a bare year is 1 January of it. None: not a date."""
    text = text.strip()
    try:
        if m := _DMY.fullmatch(text):
            return datetime.date(int(m[3]), int(m[2]), int(m[1]))
        if m := _YMD.fullmatch(text):
            return datetime.date(int(m[1]), int(m[2]), int(m[3]))
        if _YEAR.fullmatch(text):
            return datetime.date(int(text), 1, 1)
    except ValueError:
        return None
    return None


def birth_year(text: str) -> str:
    """Only the year of a birth date or year (AVG: data minimisation);
    "" when it is neither."""
    day = parse_date(text)
    if day is None or not 1900 <= day.year <= 2100:
        return ""
    return str(day.year)
