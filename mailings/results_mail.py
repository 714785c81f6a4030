"""Personal results after a published round, or after a club evening once
its last partij is published, and the season ranking after the evening;
each once every table of the round (the evening) is closed.

The figures come from the readers the public pages use
(``scoring.rowsource``: the standings and the deal rows; the season's
``season_standings``) of the rounds the public sees, with the other players
named as the public sees them (``for_public``).
"""

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from core.site import absolute
from mailings.compose import (
    Draft,
    language_of,
    per_language,
    store,
    subscribers,
)
from rules.engine.penalty_points import KEY as PENALTY
from scoring.rowsource import BYE_MARK, by_player, deal_rows, standings_rows
from seasons.models import Evening
from seasons.services import season_standings
from tournaments.models import Entry, Tournament
from tournaments.people import for_public
from tournaments.ranking import METRICS
from tournaments.visibility import every_round_public, public_round_numbers

EVENING = "evening"


def write_results(
    tournament: Tournament, numbers: list[int], only_corrections: bool = False
) -> int:
    """Queue the mails for the public rounds among ``numbers`` (a club
    evening: the evening's once all of it is public); how many."""
    evening = Evening.objects.filter(tournament=tournament).first()
    if evening is not None:
        if not every_round_public(tournament) or _open_tables(tournament):
            return 0
        own = _write_scope(tournament, None, only_corrections)
        return own + _write_season(evening, tournament, only_corrections)
    ready = set(public_round_numbers(tournament)) - _open_tables(tournament)
    return sum(
        _write_scope(tournament, n, only_corrections) for n in numbers if n in ready
    )


def _open_tables(tournament: Tournament) -> set[int]:
    """Rounds with a table still open: published early (the public follows
    the scores live) or reopened for a correction. Their mail waits until
    the last table closes (``RoundChange.TABLES``/``CLOSED``), so a round
    in play or a correction of several deals mails once."""
    rounds = tournament.round_set.filter(tables__closed=False)
    return set(rounds.values_list("number", flat=True))


def scope_of(number: int | None) -> str:
    return EVENING if number is None else f"round:{number}"


def _write_scope(tournament: Tournament, number: int | None, only: bool) -> int:
    addressed = subscribers(tournament, "mail_results")
    if not addressed:
        return 0
    lines = per_language(lambda: _standing_lines(tournament, number))
    written = 0
    for entry, to in addressed:
        with translation.override(language_of(to, tournament)):
            line = lines(translation.get_language()).get(entry.pk)
            if line is None:  # no result in the public rounds
                continue
            draft = _results_draft(tournament, number, entry, to, line)
        written += store(draft, tournament, only) is not None
    return written


def _standing_lines(tournament: Tournament, number: int | None) -> dict[int, dict]:
    """{entry: rank, of, total, score (placement events), penalty points
    (when the rule set shows them), rounds, legends}: the standing's own
    numbers and words (``standings_rows``), none worked out again here."""
    with for_public():
        rowset = standings_rows(tournament, up_to_round=number, public=True)
    primary = rowset.primary
    rounds = [
        int(c.key[1:])
        for c in rowset.columns
        if c.key[:1] == "r" and c.key[1:].isdigit()
    ]
    ranked = sum(1 for row in rowset.rows if row["rank"] is not None)
    lines = {}
    for row in rowset.rows:
        lines[row["entry"]] = {
            "rank": row["rank"],
            "of": ranked,
            "total": row.get("points"),
            "score": None if primary == "points" else row.get(primary),
            "score_label": str(METRICS[primary].name),
            "penalty_points": row.get(PENALTY),
            "legends": rowset.legends,
            "rounds": [
                {
                    "number": n,
                    "points": row.get(f"r{n}"),
                    "bye": row["marks"].get(f"r{n}") == BYE_MARK,
                }
                for n in rounds
            ],
        }
    return lines


def _deals(tournament: Tournament, number: int | None, entry: Entry) -> list[dict]:
    """The deals the player played in the round (the evening: all), with
    the points and running total ``by_player`` gives."""
    with for_public():
        rounds = public_round_numbers(tournament) if number is None else [number]
        rows = list(deal_rows(tournament, round_numbers=rounds, entry_id=entry.pk))
    return [
        {
            "round": row["round"],
            "table": row["table"],
            "deal": row["deal"],
            "contract": str(row["contract"]),
            "declarer": str(row["declarer"]),
            "partner": str(row["partner"]),
            "points": row["points"],
            "total": row["total"],
        }
        for row in by_player(rows, {entry.pk}).get(entry.pk, [])
    ]


def _results_draft(
    tournament: Tournament, number: int | None, entry: Entry, to, line: dict
) -> Draft:
    deals = _deals(tournament, number, entry)
    path = reverse("public:player", args=[tournament.slug, entry.pk])
    figures = {
        **line,
        "round": number,
        "deals": deals,
        "link": absolute(path),
        "reason": _correction_reasons(tournament, number),
    }
    if number is None:
        subject = _("Your results: %(event)s") % {"event": tournament.name}
    else:
        subject = _("Your results after round %(n)s: %(event)s") % {
            "n": number,
            "event": tournament.name,
        }
    key = {
        "rank": line["rank"],
        "total": line["total"],
        "score": line["score"],
        "rounds": [(r["number"], r["points"], r["bye"]) for r in line["rounds"]],
        "deals": [(d["round"], d["deal"], d["contract"], d["points"]) for d in deals],
    }
    if line["penalty_points"] is not None:  # an event without: the digest as before
        key["penalty_points"] = line["penalty_points"]
    scope = scope_of(number)
    return Draft(entry, to, "results", scope, "results", subject, figures, key)


def _correction_reasons(tournament: Tournament, number: int | None) -> str:
    """Why the round (the evening: its rounds) was corrected after it was
    published, as the TD said and the public pages show."""
    rounds = tournament.round_set.filter(corrected_at__isnull=False)
    if number is not None:
        rounds = rounds.filter(number=number)
    reasons = rounds.exclude(correction_reason="").order_by("number")
    return "; ".join(reasons.values_list("correction_reason", flat=True))


def _write_season(evening: Evening, tournament: Tournament, only: bool) -> int:
    addressed = subscribers(tournament, "mail_season")
    if not addressed:
        return 0
    competition = evening.competition
    tables = per_language(lambda: _season_table(competition))
    link = absolute(reverse("public:season", args=[competition.slug]))
    written = 0
    for entry, to in addressed:
        with translation.override(language_of(to, tournament)):
            table = tables(translation.get_language())
            mine = next(
                (r for r in table["rows"] if r["player"] == entry.player_id), None
            )
            if mine is None:
                continue
            subject = _("Season ranking after evening %(n)s: %(season)s") % {
                "n": evening.number,
                "season": competition.name,
            }
            figures = {
                "evening": evening.number,
                "season": competition.name,
                "mine": mine,
                "table": table["rows"],
                "penalty_points": table["penalty_points"],
                "legends": table["legends"],
                "link": link,
            }
            key = (mine["rank"], mine["total"], mine["played"])
            if mine["penalty"] is not None:  # a season without: as before
                key += (mine["penalty"],)
            draft = Draft(entry, to, "season", EVENING, "season", subject, figures, key)
        written += store(draft, tournament, only) is not None
    return written


def _number(value):
    """12.0 as 12, 12.25 as 12.25: as a person writes a total."""
    return int(value) if float(value).is_integer() else round(value, 2)


def _season_table(competition) -> dict:
    """The public season ranking: ``rows`` of rank, name as the public sees
    it, total, penalty points (when the rule set shows them), evenings
    played; whether it shows ``penalty_points``, and its ``legends``."""
    with for_public():
        standings = season_standings(competition, public=True)
    rows = [
        {
            "player": row.player,
            "rank": row.rank,
            "name": standings.names.get(row.player, "?"),
            "total": _number(row.total),
            "penalty": None if row.penalty is None else _number(row.penalty),
            "played": row.played,
        }
        for row in standings.rows
    ]
    return {
        "rows": rows,
        "penalty_points": standings.penalty_points,
        "legends": standings.legends,
    }
