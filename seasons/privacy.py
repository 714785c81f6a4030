"""A register player's data request (the GDPR/AVG; docs/privacy.md): their
data export and their erasure.

It lives in ``seasons`` because a player's data reach up to it (teams,
ratings, the season log); the apps above answer for their own rows through
``tournaments.privacy_signals`` (``personal_data``, ``player_erased``).

The erasure keeps every result: the ``Player`` row stays as the
pseudonymous holder of its entries, seats, teams and ratings (``Entry.player``
is PROTECT, and the scores of everyone at their tables depend on them), so
totals, standings, the season ranking and every backup are unchanged but
for the name. Only a player with no results at all leaves the register
outright. Every free text that named them (each model declares its text
fields, ``core.personal_data``; ``seasons.privacy_text`` finds them) is
rewritten with the pseudonym, and listed in their export.
"""

import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import ProtectedError, Q, RestrictedError
from django.utils import timezone, translation

from core.personal_data import owned_models
from core.transactions import atomic_retry
from scoring.rowsource import events_deal_rows, player_deals
from seasons.models import Competition, Rating, SeasonLog, Team
from seasons.privacy_text import Scope, Scrubber, mentioning, mentions, name_forms
from tournaments.audit import audit, player_ids
from tournaments.audit import entry_ids as entry_ids_in
from tournaments.dealing import unique_labels
from tournaments.models import AuditLog, Entry, Player, Seat, Tournament, new_public_id
from tournaments.people import HIDDEN, entry_names, public_form
from tournaments.privacy_signals import personal_data, player_erased
from tournaments.register_rules import free_distinction
from tournaments.result_events import EntriesChanged, EventEdited, announce

FORMAT, VERSION = "rikscore.person", 1

#: The register fields a data export lists: the entry's own, as its model
#: declares them (``Player.privacy``).
REGISTER_FIELDS = Player.privacy.own

#: What an erasure empties (``name`` becomes the pseudonym, ``public_name``
#: hidden, ``public_id`` new; the club and the results stay).
CLEARED = {
    "distinction": "",
    "federation_number": "",
    "email": "",
    "phone": "",
    "place": "",
    "member_since": None,
    "distinction_public": False,
    "mail_consent_at": None,
    "mail_results": False,
    "mail_season": False,
    "mail_seating": False,
    "mail_language": "",
    "active": False,
}


# -- names in stored text -----------------------------------------------------
def pseudonym(player: Player) -> str:
    """ "Speler 12": the name the public sees for a hidden name, in the
    site's language; stable, and it tells players apart (the register
    number)."""
    with translation.override(settings.LANGUAGE_CODE):
        return public_form("", HIDDEN, player.pk)


# -- the export -----------------------------------------------------------------
def _plain(value):
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return value


def _register(player: Player) -> dict:
    data = {f: _plain(getattr(player, f)) for f in REGISTER_FIELDS}
    data["register_number"] = player.pk
    data["club"] = player.club.name if player.club_id else None
    return data


def _events(entries: list[Entry]) -> list[dict]:
    seats: dict[int, list[dict]] = {}
    fields = ("entry_id", "table__round__number", "table__number", "position",
              "points", "deals_played", "sanction_points", "declared_made",
              "solo_made")  # fmt: skip
    rows = Seat.objects.filter(entry__in=entries).order_by(
        "table__round__number", "table__number"
    )
    for (
        entry_id,
        rnd,
        table,
        pos,
        points,
        played,
        sanctions,
        made,
        solo,
    ) in rows.values_list(*fields):
        seats.setdefault(entry_id, []).append(
            {
                "round": rnd,
                "table": table,
                "seat": pos,
                "points": points,
                "deals_played": played,
                "sanction_points": sanctions,
                "declared_made": made,
                "solo_made": solo,
            }
        )
    return [
        {
            "event": e.tournament.name,
            "code": e.tournament.slug,
            "date": e.tournament.date.isoformat(),
            "status": str(e.status),
            "withdrawn_after": e.withdrawn_after,
            "club_name": e.club_label,
            "seats": seats.get(e.pk, []),
        }
        for e in entries
    ]


def _tablemates(entry_ids: set[int], rows: list[dict]) -> dict[str, str]:
    """{label: the public's name} of the other players at the player's tables:
    their deal records name them as the public pages would
    (``tournaments.people``: a hidden name stays hidden in someone else's
    export)."""
    others = {e for row in rows for _p, e, _n in row["seats"] if e not in entry_ids}
    public = entry_names(Entry.objects.filter(pk__in=others), public=True)
    out: dict[str, str] = {}
    for row in rows:
        labels = unique_labels([n for _p, _e, n in row["seats"]])
        for (_pos, entry, _name), label in zip(row["seats"], labels, strict=True):
            if entry in others:
                out[label] = public[entry]
    return out


def _renamed(value, names: dict[str, str]):
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def _deals(entries: list[Entry]) -> list[dict]:
    """Every deal the player took part in, its record as the backup writes
    it (players by name) and the scores as stored (``scoring.rowsource``)."""
    ids = {e.pk for e in entries}
    slugs = {e.tournament_id: e.tournament.slug for e in entries}
    rows = list(events_deal_rows([e.tournament for e in entries], entry_ids=ids))
    names = _tablemates(ids, rows)
    return [
        {
            "event": slugs[row["event"]],
            "round": row["round"],
            "table": row["table"],
            "deal": row["deal"],
            "seat": seat,
            "contract": row["contract"],
            "record": _renamed(row["record"], names),
            "seat_scores": list(row["scores"]),
            "points": points,
            "total": total,
        }
        for _entry, row, seat, points, total in player_deals(rows, ids)
    ]


def _seasons(player: Player, entries: list[Entry]) -> tuple[list, list]:
    played: dict[int, list[int]] = {}
    for e in entries:
        evening = getattr(e.tournament, "evening", None)
        if evening is not None:
            played.setdefault(evening.competition_id, []).append(evening.number)
    seasons = [
        {
            "season": c.name,
            "code": c.slug,
            "club": c.club.name if c.club_id else None,
            "evenings_played": sorted(played[c.pk]),
        }
        for c in Competition.objects.filter(pk__in=played).select_related("club")
    ]
    teams = [
        {
            "team": t.name,
            "season": t.competition.slug if t.competition_id else None,
            "event": t.tournament.slug if t.tournament_id else None,
        }
        for t in Team.objects.filter(members=player).select_related(
            "competition", "tournament"
        )
    ]
    return seasons, teams


def _ratings(player: Player) -> list[dict]:
    return [
        {
            "event": r.tournament.slug,
            "date": r.tournament.date.isoformat(),
            "mu": r.mu,
            "sigma": r.sigma,
            "ordinal": r.ordinal,
            "events": r.events,
        }
        for r in Rating.objects.filter(player=player)
        .select_related("tournament")
        .order_by("tournament__date", "id")
    ]


def _refers(detail, entry_ids: set[int], player_id: int) -> bool:
    """An audit line of the player's event that names them by id: the keys
    that hold ids are declared once, with the log's writer
    (``tournaments.audit.ENTRY_KEYS``, ``PLAYER_KEYS``)."""
    return bool(entry_ids & entry_ids_in(detail) or player_id in player_ids(detail))


def _log(player: Player, entries: list[Entry]) -> list[dict]:
    ids = {e.pk for e in entries}
    forms = name_forms(player)
    named = set(
        mentioning(AuditLog.objects, ("detail",), forms).values_list("pk", flat=True)
    )
    lines = AuditLog.objects.filter(
        Q(pk__in=named) | Q(tournament__in=[e.tournament_id for e in entries])
    ).select_related("tournament", "user")
    out = [
        {
            "event": a.tournament.slug,
            "at": a.at.isoformat(),
            "action": a.action,
            "detail": a.detail,
        }
        for a in lines.order_by("at", "id")
        if a.pk in named or _refers(a.detail, ids, player.pk)
    ]
    out += [
        {
            "season": s.season,
            "at": s.at.isoformat(),
            "action": s.action,
            "detail": s.detail,
        }
        for s in SeasonLog.objects.filter(
            Q(pk__in=mentioning(SeasonLog.objects, ("detail",), forms).values("pk"))
            | Q(competition=None, detail__player=player.pk)  # the register's
        ).order_by("at", "id")
    ]
    return out


def _mentions(player: Player) -> list[dict]:
    """Every declared text field that names the player, where the erasure
    would rewrite it (``seasons.privacy_text``): which model and field, the
    event and season it belongs to, and the text as stored."""
    scrub = Scrubber(player, pseudonym(player))
    return [
        {
            "model": mention.model._meta.label_lower,
            "field": field,
            **mention.places(),
            "text": getattr(mention.row, field),
        }
        for mention in mentions(player, scrub, Scope.of(player))
        for field in mention.fields
    ]


def _owned_by(player: Player):
    """(model, declaration, rows) of every model whose rows are one
    person's own (its declaration's ``owner``, ``core.personal_data``): the
    rows that are the player's."""
    for model, declared in owned_models():
        yield model, declared, model._base_manager.filter(**{declared.owner: player})


def _own_rows(player: Player) -> list[dict]:
    """The player's own rows of other models, each with its declared fields."""
    return [
        {
            "model": model._meta.label_lower,
            **{name: _plain(getattr(row, name)) for name in declared.declared},
        }
        for model, declared, rows in _owned_by(player)
        for row in rows.order_by("pk")
    ]


def _answers(data: dict, player: Player) -> None:
    """What the apps above keep (``personal_data``): one section each."""
    for _receiver, answer in personal_data.send(sender=Player, player=player):
        if not answer:
            continue
        section, value = answer
        key, n = str(section), 2
        while key in data:
            key, n = f"{section}_{n}", n + 1
        data[key] = value


def player_data(player: Player) -> dict:
    """Everything Rikscore holds about one register player, JSON-ready."""
    entries = list(
        Entry.objects.filter(player=player)
        .select_related("tournament__evening", "player__club")
        .order_by("tournament__date", "tournament_id")
    )
    seasons, teams = _seasons(player, entries)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "register": _register(player),
        "events": _events(entries),
        "deals": _deals(entries),
        "seasons": seasons,
        "teams": teams,
        "ratings": _ratings(player),
        "log": _log(player, entries),
        "mentions": _mentions(player),
        "own_rows": _own_rows(player),
    }
    _answers(data, player)
    return data


def export_player(player: Player, user) -> dict:
    """``player_data`` with the register's audit line (no personal data)."""
    data = player_data(player)
    _register_line(player, user, "player.export")
    return data


def _register_line(player: Player, user, action: str, **detail) -> None:
    """The register's audit line: the player by number only."""
    SeasonLog.objects.create(
        competition=None,
        season=player.club.name if player.club_id else "",
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        detail={"player": player.pk, **detail},
    )


# -- the erasure ------------------------------------------------------------------
def _rewrite_text(player: Player, new: str) -> dict[int, set[str]]:
    """The name becomes ``new`` in every declared text field that names the
    player (``seasons.privacy_text``): {event id: the fields rewritten} of
    the events whose pages may show them."""
    scrub = Scrubber(player, new)
    shown: dict[int, set[str]] = {}
    for mention in list(mentions(player, scrub, Scope.of(player))):
        rows = mention.model._base_manager.filter(pk=mention.row.pk)
        rows.update(**mention.rewritten(scrub))
        for event in mention.events():
            shown.setdefault(event, set()).update(mention.fields)
    return shown


def _announce(events: list[Tournament], text: dict[int, set[str]]) -> None:
    """The player's events changed their entries; another event whose text
    named them changed that text: every page that shows it follows."""
    for event in events:
        announce(EntriesChanged(event.pk))
    played = {e.pk for e in events}
    for event_id, fields in sorted(text.items()):
        if event_id not in played:
            announce(EventEdited(event_id, frozenset(fields)))


def _pseudonymise(player: Player, new: str) -> None:
    for field, value in CLEARED.items():
        setattr(player, field, value)
    player.name = new
    player.public_name = Player.PublicName.HIDDEN
    player.public_id = new_public_id()
    player.distinction = free_distinction(
        new, player.club_id, "", "", (f"#{player.pk}",)
    )
    player.save()


def _without_results(player: Player) -> bool:
    return not (
        Entry.objects.filter(player=player).exists()
        or Rating.objects.filter(player=player).exists()
        or Team.objects.filter(members=player).exists()
    )


def erase_player(player: Player, user) -> str | None:
    """Erase a register player's personal data; their results stay under
    the pseudonym it returns (None: they had none and left the register).
    Every app above removes its own rows (``player_erased``), each event
    the player played in is announced (``EntriesChanged``: public pages and
    ratings follow) and gets an audit line naming only the number.

    One transaction, which first locks the player's register row: a write
    that copies their name into text locks it too before reading the name
    (``tournaments.locks.lock_players``; every deal save does, through
    ``lock_table``), so it either committed before and its text is rewritten
    here, or it waits and reads the pseudonym. A deadlock with such a write
    is tried once more (``atomic_retry``)."""
    return atomic_retry(lambda: _erase(player, user))


def _erase(player: Player, user) -> str | None:
    player = (
        Player.objects.select_for_update(of=("self",))
        .select_related("club")
        .get(pk=player.pk)
    )
    player_erased.send(sender=Player, player=player)
    for _model, _declared, rows in _owned_by(player):  # a subscription, a mail
        rows.delete()
    events = list(
        Tournament.objects.filter(entries__player=player).order_by("pk").distinct()
    )
    new = pseudonym(player)
    text = _rewrite_text(player, new)
    if _without_results(player) and _removed(player):
        _register_line(player, user, "player.erase", removed=True)
        _announce([], text)
        return None
    _pseudonymise(player, new)
    for event in events:
        audit(event, user, "player.erase", player=player.pk, pseudonym=new)
    _announce(events, text)
    _register_line(player, user, "player.erase", pseudonym=new)
    return new


def _removed(player: Player) -> bool:
    """Delete the register row; False when a row of an app above holds it
    (it then stays, under the pseudonym). ``player.pk`` stays for the line."""
    pk = player.pk
    try:
        with transaction.atomic():
            player.delete()
    except (ProtectedError, RestrictedError):
        return False
    player.pk = pk
    return True
