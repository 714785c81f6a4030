"""The season's service layer: load, call the pure code, save.

``season_standings`` reads a whole season in a constant number of queries
(the evenings, one aggregate of the seats' stored totals, the names, the
newcomers), whatever its length; ``create_evening`` makes next week's
evening in one transaction.
"""

import datetime
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Sum

from rules.engine.penalty_points import shows_penalty_points
from rules.naming import candidates, first_free
from rules.resolver import resolve_schedule
from scoring import legends
from seasons.closed import SeasonClosedError, refuse_if_closed  # noqa: F401 (re-exported)
from seasons.models import Competition, Evening, Team
from seasons.prizes import Prize, PrizeTable, award
from seasons.ranking import (
    EveningResult,
    SeasonRow,
    SeasonRules,
    TeamRow,
    evening_ranks,
    rank_teams,
    team_scores,
)
from seasons.ranking import season_ranking as rank_season
from tournaments import people
from tournaments.audit import audit
from tournaments.models import Entry, Player, Seat, Tournament
from tournaments.roster import check_in
from tournaments.services import create_tournament, register
from tournaments.visibility import public_rounds_q


class RulesGoneError(Exception):
    """The season names a rule schedule that exists no more (a set renamed
    or removed before sets kept their codes): no evening is made with
    whatever might have that code now."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def rules_of(competition: Competition) -> SeasonRules:
    return SeasonRules(
        method=competition.method,
        placement_points=tuple(int(p) for p in competition.placement_points or ()),
        best_of=competition.best_of,
        min_evenings=competition.min_evenings,
        absent=competition.absent,
        order=competition.order,
        tiebreaks=tuple(competition.tiebreaks or ("evenings", "best")),
        penalty_points=shows_penalty_points(resolve_schedule(competition.rules_code)),
    )


def season_legends(rules: SeasonRules) -> list[str]:
    """What every reader of a season's standing prints beside its numbers
    (in the active language): what the penalty points are, when the rule
    set shows them, and how "lowest wins" reads them."""
    if not rules.penalty_points:
        return []
    lines = [str(legends.PENALTY)]
    if rules.order == Competition.Order.LOW:
        lines.append(str(legends.LOWEST_WINS))
    return lines


@dataclass
class SeasonStandings:
    """A season's standing, the one read model of it: the ranked rows (each
    with its penalty points when the rule set shows them), names, prizes and
    the ``legends`` every reader prints beside them. Readers format it;
    none ranks, adds up or subtracts again."""

    evenings: list[int]
    rows: list[SeasonRow]
    names: dict[int, str]
    clubs: dict[int, str]
    prizes: dict[int, Prize] = field(default_factory=dict)
    newcomers: frozenset[int] = frozenset()
    slugs: dict[int, str] = field(default_factory=dict)
    rules: SeasonRules = field(default_factory=SeasonRules)
    legends: list[str] = field(default_factory=list)

    @property
    def penalty_points(self) -> bool:
        """Whether the rows carry penalty points (the rule set's display)."""
        return self.rules.penalty_points


def evening_results(
    competition: Competition, public: bool = False, rules: SeasonRules | None = None
) -> tuple[list[int], dict[int, dict[int, EveningResult]], dict[int, str]]:
    """(evening numbers, {player: {evening: result}}, {evening: event slug})
    from the seats' stored totals: two queries (and ``rules_of``'s, when
    ``rules`` is not given). ``public`` counts published rounds only, as the
    public pages do. An evening's ranks follow the season's order
    (``SeasonRules.ranks_high``). A guest's seats are left out: a guest
    plays the evening, not the season (so every ranking, prize list, team
    and the statistics' ranking built from here leave them out; an
    evening's rank here is among the season's players)."""
    evenings = dict(
        competition.evenings.values_list("number", "tournament__slug").order_by(
            "number"
        )
    )
    seats = Seat.objects.filter(
        table__round__tournament__evening__competition=competition,
        entry__guest=False,
    )
    if public:  # what the event pages show: published, not hidden yet
        seats = seats.filter(public_rounds_q("table__round__"))
    totals = (
        seats.values("entry__player_id", "table__round__tournament__evening__number")
        .annotate(points=Sum("points"), deals=Sum("deals_played"), n=Count("id"))
        .order_by()
    )
    by_evening: dict[int, dict[int, tuple[int, int]]] = {}
    for row in totals:
        evening = row["table__round__tournament__evening__number"]
        by_evening.setdefault(evening, {})[row["entry__player_id"]] = (
            row["points"],
            row["deals"],
        )
    high = (rules or rules_of(competition)).ranks_high
    results: dict[int, dict[int, EveningResult]] = {}
    for evening, players in by_evening.items():
        ranks = evening_ranks({p: pts for p, (pts, _d) in players.items()}, high)
        for player, (points, deals) in players.items():
            results.setdefault(player, {})[evening] = EveningResult(
                points, deals, ranks[player]
            )
    played = sorted(by_evening)
    return played, results, {n: evenings[n] for n in played if n in evenings}


def newcomers(competition: Competition, players) -> frozenset[int]:
    """Players of this season who played no earlier season of the club (a
    visit as a guest is no season played)."""
    earlier = Seat.objects.filter(
        entry__guest=False,
        table__round__tournament__evening__competition__club=competition.club,
        table__round__tournament__evening__competition__created__lt=competition.created,
        entry__player_id__in=list(players),
    ).values_list("entry__player_id", flat=True)
    return frozenset(players) - set(earlier)


def season_standings(competition: Competition, public: bool = False) -> SeasonStandings:
    rules = rules_of(competition)
    evenings, results, slugs = evening_results(competition, public, rules)
    rows = rank_season(evenings, results, rules)
    names, clubs = player_names(results)
    fresh = newcomers(competition, results)
    prizes = award(
        [(r.player, r.rank) for r in rows], PrizeTable.of(competition.prizes), fresh
    )
    return SeasonStandings(
        evenings, rows, names, clubs, prizes, fresh, slugs, rules, season_legends(rules)
    )


def player_names(players) -> tuple[dict[int, str], dict[int, str]]:
    """({player: name as shown to the asker}, {player: club name}) of the
    given register players, told apart among them (``tournaments.people``):
    one query."""
    found = people.people_of(Player.objects.filter(pk__in=list(players)))
    clubs = {pk: person.club for pk, person in found.items()}
    return people.shown_names(found), clubs


MAX_EVENT_CODE = Tournament._meta.get_field("slug").max_length


def next_number(competition: Competition) -> int:
    last = competition.evenings.order_by("-number").values_list("number", flat=True)
    return (last.first() or 0) + 1


@transaction.atomic
def create_evening(
    competition: Competition,
    date: datetime.date,
    players,
    user=None,
    prize_evening: bool = False,
    guests=frozenset(),
) -> Tournament:
    """Next evening of the season: an event in the season's format with the
    players ticked as present entered and checked in, those of ``guests``
    (player ids) entered as guests (``Entry.guest``). Late arrivals are
    added on the evening's own roster page. ``RulesGoneError`` or
    ``rules.naming.NoFreeCodeError`` (its code) before anything is stored."""
    refuse_if_closed(competition)  # SeasonClosedError: reopen it first
    number = next_number(competition)
    rules = competition.rules_code
    if resolve_schedule(rules) is None:
        raise RulesGoneError(rules)
    tournament = create_tournament(
        user,
        slug=evening_code(competition.slug, number),
        date=date,
        name=f"{competition.name} · {_evening_word()} {number}"[:150],
        venue=competition.club.city,
        rules=rules,
        rounds=competition.partijen,
        deals_per_round=competition.deals_per_partij,
        score_entry=competition.score_entry,  # the season's defaults; the
        entry_mode=competition.entry_mode,  # evening's settings may change them
        tables_of_three=competition.tables_of_three,
    )
    Evening.objects.create(
        competition=competition,
        tournament=tournament,
        number=number,
        prize_evening=prize_evening,
    )
    entries = register(tournament, list(players), user)
    visitors = [e.pk for e in entries if e.player_id in set(guests)]
    if visitors:  # the audit line names them (``tournaments.guests``)
        Entry.objects.filter(pk__in=visitors).update(guest=True)
        audit(tournament, user, "entry.guest", entries=visitors, guest=True)
    check_in(entries, user)
    return tournament


def evening_code(season: str, number: int) -> str:
    """``<season>-<number>``, cut to an event code's 60 characters so the
    number survives, or a free variant of it: one query."""
    keep = f"-{number}"
    options = candidates(season, MAX_EVENT_CODE, keep=keep)
    taken = Tournament.objects.filter(slug__in=options).values_list("slug", flat=True)
    return first_free(options, set(taken), season + keep)


def _evening_word() -> str:
    from django.utils.translation import gettext

    return gettext("evening")


def update_ranking(competition: Competition, **fields) -> None:
    """Change how the season ranks: allowed until the season is closed."""
    refuse_if_closed(competition)
    for name, value in fields.items():
        setattr(competition, name, value)
    competition.full_clean()
    competition.save()


def season_team_rows(
    competition: Competition, public: bool = False, standings=None
) -> list[TeamRow]:
    """The season's teams by their members' ranking totals: the one place
    that builds them (pages, PDF, notice board). A member below the minimum
    counts nothing (not ranked). ``public``: published rounds only, and a
    roster names only members who played one. ``standings`` from
    ``season_standings`` with the same ``public``, when already read."""
    standings = standings or season_standings(competition, public)
    teams = teams_of(competition=competition)
    if public:
        shown = {r.player for r in standings.rows}
        teams = [
            (pk, n, best, [m for m in ms if m[0] in shown]) for pk, n, best, ms in teams
        ]
    scores, unranked = team_scores(standings.rows)
    return rank_teams(teams, scores, unranked, standings.rules.ranks_high)


def teams_of(**owner) -> list[tuple[int, str, int | None, list[tuple[int, str]]]]:
    """(id, name, best_of, [(player, name)]) of the teams of a competition or
    an event (``competition=`` or ``tournament=``): two queries."""
    teams = list(Team.objects.filter(**owner).values_list("pk", "name", "best_of"))
    members: dict[int, list] = {pk: [] for pk, _n, _b in teams}
    through = Team.members.through.objects.filter(team_id__in=members)
    rows = through.values_list("team_id", *people.person_fields("player__"))
    found = {(team, fields[3]): people.person_from(fields) for team, *fields in rows}
    names = people.shown_names({player: p for (_t, player), p in found.items()})
    for team_id, player in found:  # as shown to the asker (tournaments.people)
        members[team_id].append((player, names[player]))
    return [(pk, name, best, members[pk]) for pk, name, best in teams]


def event_scores(tournament: Tournament) -> dict[int, float | None]:
    """{player: event total} from the event's standings (byes included)."""
    from scoring.services import standings_for

    rows, _names, _numbers = standings_for(tournament)
    entries = dict(
        Entry.objects.filter(tournament=tournament).values_list("pk", "player_id")
    )
    return {entries[r.player]: r.raw_points for r in rows if r.player in entries}
