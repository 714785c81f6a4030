"""What a member list brings beyond the name: e-mail, phone, place, member
since, a birth year. A cell that is not what its column says is left out
with a warning naming it (the row is still imported: a typo in an e-mail
should not keep a member out of the register). A member the register has
already gets only what it lacks; a value that differs is never written
over, and the preview says so. The birth year is kept only where it tells
two members of one name apart (AVG: data minimisation, docs/privacy.md)."""

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from core.validators import CONTROL
from documents import member_list_columns as columns
from tournaments.models import Player
from tournaments.names import name_key

CONTACT = ("email", "phone", "place", "member_since")
#: What the import fills on a member it finds, where the register has nothing.
FILLED = (*CONTACT, "federation_number")
LIMITS = {"email": 254, "phone": 30, "place": 80}


def _label(key: str) -> str:
    return str(columns.FIELD_LABELS[key])


def checked(row) -> list[str]:
    """The row's contact cells made fit to store (ISO date, birth year);
    each one that is not is emptied, with a warning naming its column."""
    warnings = []

    def leave_out(key: str, why: str) -> None:
        warnings.append(
            _("%(column)s “%(value)s” left out: %(why)s")
            % {"column": _label(key), "value": getattr(row, key)[:60], "why": why}
        )
        setattr(row, key, "")

    for key in (*CONTACT, "birth"):
        value = getattr(row, key)
        if value and CONTROL.search(value):
            leave_out(key, _("a control character is in this cell."))
        elif len(value) > LIMITS.get(key, 200):
            leave_out(key, _("longer than %(n)s characters.") % {"n": LIMITS[key]})
    if row.email:
        try:
            validate_email(row.email)
        except ValidationError:
            leave_out("email", _("not an e-mail address."))
    if row.member_since:
        day = columns.parse_date(row.member_since)
        if day is None:
            leave_out("member_since", _("not a date (day-month-year)."))
        else:
            row.member_since = day.isoformat()
    if row.birth:
        year = columns.birth_year(row.birth)
        if not year:
            leave_out("birth", _("not a birth year or date."))
        row.birth = year
    return warnings


def tell_namesakes_apart(rows, club_key) -> None:
    """A row with a birth year and nothing else to tell it apart gets the
    year as its distinction when its name is someone else's too: another
    row of the file in the same club, or a member of the register without
    this row's federation number whom the register tells apart already (a
    member without a distinction is more likely this very person: the row
    is then found, or refused as a clash, as without the year). Otherwise
    the year is not kept."""
    wanting = [r for r in rows if r.birth and not r.distinction and r.name]
    if not wanting:
        return
    count: dict[tuple, int] = {}
    for row in rows:
        key = (name_key(row.name), club_key(row.club))
        count[key] = count.get(key, 0) + 1
    told_apart = {}  # members the register tells apart already
    for name, club, fed in (
        Player.objects.filter(name__in={r.name for r in wanting})
        .exclude(distinction="")
        .values_list("name", "club__name", "federation_number")
    ):
        key = (name_key(name), club_key(club or ""))
        told_apart.setdefault(key, []).append(fed)
    for row in wanting:
        key = (name_key(row.name), club_key(row.club))
        fed = row.federation_number
        others = [f for f in told_apart.get(key, []) if not fed or f != fed]
        if count[key] > 1 or others:
            row.distinction = row.birth


def fill_found(rows, allowed) -> None:
    """For each row found in the register: the fields to fill (empty in the
    register, given by the file), with a note for each, and a note where
    the two differ. Only where the importer may edit that member."""
    found = [r for r in rows if r.ok and r.player_id]
    players = Player.objects.select_related("club").in_bulk(
        [r.player_id for r in found]
    )
    for row in found:
        player = players[row.player_id]
        given = {k: getattr(row, k) for k in FILLED if getattr(row, k)}
        if not given:
            continue
        club = player.club.name if player.club_id else None
        if not (allowed is None or (club is not None and club in allowed)):
            row.notes.append(
                _("Not a member of your club: their details are not changed.")
            )
            continue
        for key, value in given.items():
            have = getattr(player, key)
            have = have.isoformat() if hasattr(have, "isoformat") else have
            if not have:
                row.fills[key] = value
                row.notes.append(_("%(field)s added.") % {"field": _label(key)})
            elif str(have).casefold() != value.casefold():
                row.notes.append(
                    _("%(field)s differs from the register's: not changed.")
                    % {"field": _label(key)}
                )


def stored_contact(row) -> dict:
    """A new player's contact fields, as the model takes them."""
    values = {k: getattr(row, k) for k in CONTACT}
    values["member_since"] = values["member_since"] or None
    return values


def apply_fills(rows) -> int:
    """Write the fills the preview found (re-run just before): only into
    fields still empty, each player once. How many were completed."""
    done = 0
    for row in rows:
        if not row.fills:
            continue
        player = Player.objects.get(pk=row.player_id)
        keys = [k for k in row.fills if not getattr(player, k)]
        for key in keys:
            setattr(player, key, row.fills[key])
        if keys:
            player.save(update_fields=keys)
            done += 1
    return done
