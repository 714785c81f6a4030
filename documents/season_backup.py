"""Backup and restore of a whole competition (a club's season) as JSON.

The document holds the season's settings, its club by name, every evening
as the event backup writes it (``documents.event_backup.export_event``) and
the teams, their members by name, club and federation number. Nothing is
named by database id. Ratings are not in it: they follow from the results
(each imported evening is a result event; an evening that is a copy of one
already stored, by its identity, is rated once).

``import_competition`` checks the whole document's structure first (each
evening's event with the event backup's own checks, every path named from
the top: ``evenings[2].event.rounds[0]…``), then stores it in one
transaction: the competition, each evening through ``import_event`` (which
runs every deal through the rules again), the teams. Any problem refuses the
whole file. Codes already taken get new ones (``najaar`` → ``najaar-2``; an
evening ``<season>-<number>``). A player is the same register player in
every evening and team, as ``import_event`` finds players
(``register_rules.register_match``: federation number, else name, club and
distinction, so two members of one name told apart by the register stay
two). Export → import → export gives the same document but for
the codes and each event's import audit line. Version 3 adds the season's
``tables_of_three`` (tables of three with the blind man); older files
import with it off. Version 4 adds each team member's identifier
(``Player.public_id``), as event format 9 does each player's: a member is
found by it first (``register_rules.identity_match``), so importing the
season and then one of its evenings finds the same people. Version 5
carries the season's house-rule set (the rule file, docs/rule-files.md) when
it plays under one, so the season keeps its rules on another site
(``_rule_set``); an older file naming a set the site lacks still imports,
and the page says which set to load.
"""

import copy
import datetime
import json

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.text import clean_name
from documents import JSON
from documents.event_backup import export_event, import_event, load
from documents.event_backup_schema import (
    BackupError,
    boolean,
    check_structure,
    choice,
    fail,
    integer,
    items,
    join,
    moment,
    obj,
    optional,
    public_id,
    text,
)
from documents.event_backup_schema import (
    slug as code_check,
)
from rules.engine.presets import PRESETS
from rules.models import HouseRuleSet
from rules.naming import NoFreeCodeError, candidates, first_free
from rules.rule_files import RuleFileError, export_rule_set, import_rule_set
from rules.rule_files import check_document as check_rule_file
from seasons.models import (
    BEST_OF,
    DEALS_PER_PARTIJ,
    MIN_EVENINGS,
    MOST_PLACES,
    PARTIJEN,
    PLACEMENT_POINTS,
    PRIZES_TOP,
    Competition,
    Evening,
    Team,
)
from seasons.ranking import TIEBREAKS
from tournaments.models import Club, Player, Tournament
from tournaments.names import name_key
from tournaments.register_rules import (
    ClubsOfAFile,
    identity_match,
    player_from_file,
    register_match,
)

FORMAT, VERSION = "rikscore.competition", 5
SETTINGS = ("slug", "name", "season", "rules", "partijen", "deals_per_partij",
            "byes", "method", "placement_points", "best_of", "min_evenings",
            "absent", "order", "tiebreaks", "prizes", "closed",
            "score_entry", "entry_mode", "weekday", "tables_of_three")  # fmt: skip

__all__ = [
    "BackupError",
    "dump_competition",
    "export_competition",
    "import_competition",
]


# -- export -----------------------------------------------------------------
def export_competition(competition: Competition) -> dict:
    """The competition as one JSON-ready dict (deterministic order)."""
    info = {key: getattr(competition, key) for key in SETTINGS}
    for key in ("method", "absent", "order", "score_entry", "entry_mode"):
        info[key] = str(info[key])
    info["created"] = competition.created.isoformat()
    evenings = competition.evenings.select_related("tournament").order_by("number")
    return {
        "format": FORMAT,
        "version": VERSION,
        "competition": info,
        "rule_set": (
            export_rule_set(competition.rule_set) if competition.rule_set_id else None
        ),
        "club": competition.club.name,
        "evenings": [
            {
                "number": e.number,
                "prize_evening": e.prize_evening,
                "event": export_event(e.tournament),
            }
            for e in evenings
        ],
        "teams": _export_teams(competition),
    }


def _export_teams(competition: Competition) -> list[dict]:
    teams = (
        Team.objects.filter(
            Q(competition=competition) | Q(tournament__evening__competition=competition)
        )
        .select_related("tournament__evening")
        .prefetch_related("members__club")
    )
    out = [
        {
            "name": t.name,
            "best_of": t.best_of,
            "evening": t.tournament.evening.number if t.tournament_id else None,
            "members": sorted((_person(p) for p in t.members.all()), key=_person_key),
        }
        for t in teams
    ]
    return sorted(out, key=lambda t: (t["evening"] or 0, t["name"], t["members"]))


def _person(player: Player) -> dict:
    return {
        "name": player.name,
        "club": player.club.name if player.club_id else None,
        "federation_number": player.federation_number,
        "distinction": player.distinction,
        "public_id": player.public_id,
    }


def _person_key(person: dict) -> tuple:
    return (
        person["name"],
        person["club"] or "",
        person["federation_number"],
        person["distinction"],
        person["public_id"],
    )


def dump_competition(competition: Competition) -> tuple[str, str, bytes]:
    data = json.dumps(export_competition(competition), ensure_ascii=False, indent=1)
    return f"{competition.slug}.json", JSON, data.encode()


# -- structure ----------------------------------------------------------------
def _event(value, path) -> None:
    """An evening's event: the event backup's own structure check."""
    try:
        check_structure(value)
    except BackupError as exc:
        raise BackupError(join(path, exc.path), exc.message) from None


def _prizes(value, path) -> None:
    kinds = {"top": integer(*PRIZES_TOP), "newcomer": boolean, "booby": boolean}
    if not isinstance(value, dict):
        fail(path, _("expected a JSON object"))
    for key, item in value.items():
        if key not in kinds:
            fail(join(path, key), _("unknown key"))
        kinds[key](item, join(path, key))


#: A season's settings, within the bounds the season declares (``seasons.models``).
COMPETITION = {
    "slug": code_check,
    "name": text(150, empty=False),
    "season": text(30),
    "rules": text(50, empty=False),
    "partijen": integer(*PARTIJEN),
    "deals_per_partij": integer(*DEALS_PER_PARTIJ),
    "byes": boolean,
    "method": choice(*Competition.Method.values),
    "placement_points": items(integer(*PLACEMENT_POINTS), MOST_PLACES),
    "best_of": optional(integer(*BEST_OF)),
    "min_evenings": integer(*MIN_EVENINGS),
    "absent": choice(*Competition.Absent.values),
    "order": choice(*Competition.Order.values),
    "tiebreaks": items(choice(*TIEBREAKS), len(TIEBREAKS)),
    "prizes": _prizes,
    "closed": boolean,
    "created": moment,
}
EVENING = {"number": integer(1, 1000), "prize_evening": boolean, "event": _event}
MEMBER = {
    "name": text(120, empty=False),
    "club": optional(text(120, empty=False)),
    "federation_number": text(30),
}
#: A team as the team form takes it: any number of the season's players,
#: "best of" any number the column holds (0 included).
TEAM_BEST_OF = integer(0, 32_767)
TEAM = {
    "name": text(120, empty=False),
    "best_of": optional(TEAM_BEST_OF),
    "evening": optional(integer(1, 1000)),
    "members": items(lambda v, p: obj(v, p, MEMBER)),
}


def document(competition: dict, team: dict) -> dict:
    return {
        "format": choice(FORMAT),
        "version": choice(*range(1, VERSION + 1)),
        "competition": lambda v, p: obj(v, p, competition),
        "club": text(120, empty=False),
        "evenings": items(lambda v, p: obj(v, p, EVENING), 1000),
        "teams": items(lambda v, p: obj(v, p, team), 1000),
    }


#: Version 2 adds the season's defaults for a new evening (what is entered,
#: who enters the deals), its club evening's weekday, and what tells two
#: members with the same name apart. Not their e-mail or phone: a backup
#: travels, and those stay with the club.
COMPETITION_2 = {
    **COMPETITION,
    "score_entry": choice(*Tournament.ScoreEntry.values),
    "entry_mode": choice(*Tournament.EntryMode.values),
    "weekday": optional(integer(0, 6)),
}
MEMBER_2 = {**MEMBER, "distinction": text(40)}
#: The first version whose team members carry their distinction.
DISTINCTION_SINCE = 2
TEAM_2 = {**TEAM, "members": items(lambda v, p: obj(v, p, MEMBER_2))}
#: Version 3 adds tables of three with the blind man (000, "Rikken for
#: three players") for the counts tables of 4 and 5 do not seat.
COMPETITION_3 = {**COMPETITION_2, "tables_of_three": boolean}
#: Version 4 adds each member's identifier in the register (empty: none).
MEMBER_4 = {**MEMBER_2, "public_id": public_id}
TEAM_4 = {**TEAM, "members": items(lambda v, p: obj(v, p, MEMBER_4))}


def _rule_file(value, path) -> None:
    """Version 5's ``rule_set``: a rule file as ``rules.rule_files`` reads
    it, or null (the season plays under a preset)."""
    if value is None:
        return
    problems = check_rule_file(value)
    if problems:
        fail(join(path, problems[0].field), problems[0].message)


DOCUMENTS = {
    1: document(COMPETITION, TEAM),
    2: document(COMPETITION_2, TEAM_2),
    3: document(COMPETITION_3, TEAM_2),
    4: document(COMPETITION_3, TEAM_4),
    5: {**document(COMPETITION_3, TEAM_4), "rule_set": _rule_file},
}


def upgrade(data: dict) -> dict:
    """A checked document of any version as the newest version reads it."""
    if data["version"] == 1:
        data["competition"].update(score_entry="deals", entry_mode="td", weekday=None)
        for team in data["teams"]:
            for member in team["members"]:
                member["distinction"] = ""
        data["version"] = 2
    if data["version"] == 2:
        data["competition"]["tables_of_three"] = False
        data["version"] = 3
    if data["version"] == 3:
        for team in data["teams"]:
            for member in team["members"]:
                member["public_id"] = ""
        data["version"] = 4
    if data["version"] == 4:
        data["rule_set"] = None
        data["version"] = 5
    return data


def check_document(data) -> None:
    """Raise ``BackupError`` at the document's first problem: its structure,
    then what ties its parts together."""
    if isinstance(data, dict) and data.get("format") == "rikscore.event":
        fail(
            "format",
            _(
                "This is the backup of one event: import it as an "
                "event, not as a competition."
            ),
        )
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version not in DOCUMENTS:
        obj(data, "", DOCUMENTS[VERSION])  # names the first problem
    obj(data, "", DOCUMENTS[version])
    numbers, slugs = set(), set()
    for i, evening in enumerate(data["evenings"]):
        if evening["number"] in numbers:
            fail(f"evenings[{i}].number", _("used twice"))
        numbers.add(evening["number"])
        code = evening["event"]["tournament"]["slug"]
        if code in slugs:
            fail(f"evenings[{i}].event.tournament.slug", _("used twice"))
        slugs.add(code)
    for i, team in enumerate(data["teams"]):
        if team["evening"] is not None and team["evening"] not in numbers:
            fail(f"teams[{i}].evening", _("no such evening in this file"))
    _check_settings(upgrade(copy.deepcopy(data))["competition"])


def _check_settings(info: dict) -> None:
    """The model's own checks (lengths, characters, choices) on the settings."""
    competition = Competition(**{k: info[k] for k in SETTINGS})
    try:
        competition.full_clean(
            exclude=["club", "slug", "created_by"], validate_unique=False
        )
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items()))
        fail(f"competition.{field}", messages[0])


# -- import -------------------------------------------------------------------
def import_competition(
    data,
    slug: str | None = None,
    user=None,
    clubs: set[str] | None = None,
    make_clubs: bool = False,
) -> Competition:
    """Check the document, then store the competition in one transaction.
    ``slug`` imports under that code (refused if taken); without it the
    file's code, or a free one made from it. ``clubs``: the clubs (by name)
    the importer runs seasons for; None (staff, the command line) is any
    club, created when missing. ``make_clubs``: the players' clubs missing
    here are made too, when the importer may create clubs (their maker
    organises them; ``register_rules.ClubsOfAFile``); the competition says
    which (``clubs_made``)."""
    if isinstance(data, bytes | str):
        data = load(data)
    check_document(data)
    distinction_known = data["version"] >= DISTINCTION_SINCE
    data = upgrade(copy.deepcopy(data))
    if clubs is not None and data["club"] not in clubs:
        fail(
            "club",
            _(
                "You do not run the seasons of “%(c)s”: a staff member or one of "
                "that club's organisers can import this file."
            )
            % {"c": data["club"]},
        )
    if slug is not None:
        code_check(slug, "slug")
        if Competition.objects.filter(slug=slug).exists():
            fail("slug", _("A season with code “%(s)s” exists already.") % {"s": slug})
    with transaction.atomic():
        return _write(data, slug, user, distinction_known, make_clubs)


def _write(
    data: dict,
    code: str | None,
    user,
    distinction_known: bool = True,
    make_clubs: bool = False,
) -> Competition:
    info = data["competition"]
    missing_rules = _rule_set(info, data["rule_set"], user)
    club, _new = Club.objects.get_or_create(name=clean_name(data["club"]))
    competition = Competition.objects.create(
        club=club,
        slug=code or _free(Competition, info["slug"]),
        created_by=user if user is not None and user.is_authenticated else None,
        **{k: info[k] for k in SETTINGS if k != "slug"},
    )
    created = datetime.datetime.fromisoformat(info["created"])
    Competition.objects.filter(pk=competition.pk).update(created=created)
    competition.created = created
    events = {}
    made: list[str] = []
    order = sorted(
        range(len(data["evenings"])), key=lambda i: data["evenings"][i]["number"]
    )
    for i in order:
        evening = data["evenings"][i]
        number, event = evening["number"], evening["event"]
        event_code = _event_code(event["tournament"]["slug"], competition.slug, number)
        try:
            tournament = import_event(event, event_code, user, make_clubs=make_clubs)
        except BackupError as exc:
            raise BackupError(
                join(f"evenings[{i}].event", exc.path), exc.message
            ) from None
        Evening.objects.create(
            competition=competition,
            tournament=tournament,
            number=number,
            prize_evening=evening["prize_evening"],
        )
        events[number] = tournament
        made += tournament.clubs_made
    clubs = ClubsOfAFile(user, make_missing=make_clubs)
    _write_teams(data["teams"], competition, events, clubs, distinction_known)
    competition.clubs_made = sorted(set(made + clubs.made))
    competition.rules_missing = missing_rules
    return competition


def _rule_set(info: dict, carried: dict | None, user) -> str:
    """Point the season's ``rules`` at a set of this site: a preset as it
    is; the house-rule set of that code when it holds the same rules; else
    the file's set, loaded as the rule-file upload loads one (under the
    first free code when its code is taken here). The code of a set the
    site lacks and the file does not carry (files before version 5), for
    the page to name; empty when nothing is missing."""
    code = info["rules"]
    if code in PRESETS:
        return ""
    here = HouseRuleSet.objects.filter(slug=code).first()
    if carried is None:
        return "" if here is not None else code
    same = here is not None and (here.preset, here.overrides or {}) == (
        carried["preset"],
        carried["overrides"],
    )
    if not same:
        if user is not None and not user.has_perm("rules.add_houseruleset"):
            fail(
                "rule_set",
                _(
                    "This season plays under the house rules “%(code)s”, which "
                    "this site does not have, and you may not load rule sets."
                )
                % {"code": code},
            )
        try:
            info["rules"] = import_rule_set(carried, user).slug
        except RuleFileError as exc:
            first = exc.violations[0]
            fail(join("rule_set", first.field), first.message)
    return ""


def _free(model, code: str, keep: str = "") -> str:
    """``code`` (+ ``keep``) or a free variant (``rules.naming``): one query,
    bounded; none left is a refusal at ``slug``, never a loop."""
    options = candidates(code, 60, keep=keep)
    taken = set(model.objects.filter(slug__in=options).values_list("slug", flat=True))
    try:
        return first_free(options, taken, code + keep)
    except NoFreeCodeError:
        fail(
            "slug",
            _("No free code like “%(s)s” is left: import under a code of your own.")
            % {"s": code + keep},
        )


def _event_code(code: str, season: str, number: int) -> str:
    """The file's event code when free, else ``<season>-<number>`` (as new
    evenings are named), else the first free variant."""
    if not Tournament.objects.filter(slug=code).exists():
        return code
    return _free(Tournament, season, keep=f"-{number}")


def _write_teams(
    teams: list[dict], competition, events: dict, clubs, distinction_known=True
) -> None:
    """Members are the evenings' players where they played, else found in
    the register (federation number, else name, club and distinction), else
    created (in their club only when the importer may add to it:
    ``register_rules``)."""
    played, played_ids = {}, {}
    for p in Player.objects.filter(
        entries__tournament__evening__competition=competition
    ).select_related("club"):
        played.setdefault(_person_key({**_person(p), "public_id": ""}), p)
        played_ids[p.public_id] = p
    for t in teams:
        team = Team.objects.create(
            name=t["name"],
            best_of=t["best_of"],
            competition=None if t["evening"] else competition,
            tournament=events[t["evening"]] if t["evening"] else None,
        )
        team.members.set(
            [
                _played(m, played, played_ids) or _register(m, clubs, distinction_known)
                for m in t["members"]
            ]
        )


def _played(member: dict, played: dict, played_ids: dict) -> Player | None:
    """The team member among the evenings' players: by the identifier when
    the name agrees (``identity_match``'s rule), else by name, club,
    federation number and distinction."""
    found = played_ids.get(member["public_id"]) if member["public_id"] else None
    if found is not None and name_key(found.name) == name_key(member["name"]):
        return found
    return played.get(_person_key({**member, "public_id": ""}))


def _register(
    person: dict, clubs: ClubsOfAFile, distinction_known: bool = True
) -> Player:
    """A team member who played no evening: the register's row by its
    identifier (``register_rules.identity_match``), else by federation
    number, else name, club and distinction (``register_match``), else a
    new one."""
    person = {
        **person,
        "name": clean_name(person["name"]),
        "club": clean_name(person["club"]) or None,
        "public_id": person.get("public_id", ""),  # version 4
    }
    found = identity_match(person["public_id"], person["name"], person["club"])
    if found is not None:
        return found
    club = clubs.existing(person["club"])
    found = (
        register_match(
            person["name"],
            club,
            person["federation_number"],
            person["distinction"],
            distinction_known=distinction_known,
        )
        if club is not None or not person["club"] or person["federation_number"]
        else None
    )
    if found is not None:
        return found
    player = player_from_file(
        person["name"],
        clubs.for_new_player(person["club"]),
        person["federation_number"],
        file_club=person["club"] or "",
        distinction=person["distinction"],
        public_id=person["public_id"],
    )
    return player
