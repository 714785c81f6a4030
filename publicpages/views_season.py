"""Public season pages (no login): the club competitions, one season's
standings (evenings × players) and its team ranking.

Each page reads a constant number of queries whatever the season's length
(``season_standings`` aggregates the seats' stored totals once) and shows
published rounds only, as the event pages do. No page cache: a season page
is read a few times a week, not by a hall full of phones, and uncached it is
never behind the evening's own page.
"""

from dataclasses import dataclass

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation

from documents.season_exports import language_of
from seasons.club_evening import next_club_evening
from seasons.models import Competition, Team
from seasons.month import prize_lists
from seasons.prize_labels import prize_label, prize_order, prize_rules
from seasons.prizes import PrizeTable
from seasons.ranking import rank_teams
from seasons.services import (
    season_standings,
    season_team_rows,
    teams_of,
)


@dataclass
class EveningHead:
    number: int
    date: object
    name: str
    slug: str
    prize_evening: bool
    shown: bool  # has published results: a column of the table


def ratings_url() -> str:
    try:
        return reverse("public:ratings")
    except NoReverseMatch:  # the rating list is not installed (yet)
        return "/ratings/"


def _competition(slug: str) -> Competition:
    return get_object_or_404(Competition.objects.select_related("club"), slug=slug)


def evening_heads(competition: Competition, shown: list[int]) -> list[EveningHead]:
    """Every evening of the season, one query; ``shown`` those with results."""
    rows = competition.evenings.order_by("number").values_list(
        "number",
        "tournament__date",
        "tournament__name",
        "tournament__slug",
        "prize_evening",
    )
    return [
        EveningHead(n, date, name, slug, prize, n in shown)
        for n, date, name, slug, prize in rows
    ]


def listed_competitions():
    """The seasons as /s/ (and the home page, given as ``competitions``)
    lists them: newest first, with their evening count and last date."""
    return (
        Competition.objects.select_related("club")
        .annotate(
            evening_count=Count("evenings"), last=Max("evenings__tournament__date")
        )
        .order_by("-created", "name")
    )


def season_list(request):
    context = {"competitions": listed_competitions(), "ratings_url": ratings_url()}
    return render(request, "public/season/season_list.html", context)


def ranking_rows(standings) -> list[dict]:
    """The template's rows: each player's cells in the evenings' order."""
    rows = []
    for row in standings.rows:
        prize = standings.prizes.get(row.player)
        rows.append(
            {
                "rank": row.rank,
                "name": standings.names.get(row.player, "?"),
                "club": standings.clubs.get(row.player, ""),
                "cells": [row.cells.get(n) for n in standings.evenings],
                "played": row.played,
                "total": row.total,
                "penalty": row.penalty,  # None unless the rule set shows them
                "qualified": row.qualified,
                "prize": prize,
                "prize_label": prize_label(prize),
                "newcomer": row.player in standings.newcomers,
            }
        )
    return rows


def _winners(rows: list[dict]) -> list[dict]:
    won = [r for r in rows if r["prize"] is not None]
    return sorted(won, key=lambda r: prize_order(r["prize"]))


def season(request, slug: str):
    competition = _competition(slug)
    standings = season_standings(competition, public=True)
    heads = evening_heads(competition, standings.evenings)
    rows = ranking_rows(standings)
    context = {
        "competition": competition,
        "evenings": heads,
        "columns": [h for h in heads if h.shown],
        "ranked": [r for r in rows if r["qualified"]],
        "below": [r for r in rows if not r["qualified"]],
        "winners": _winners(rows),
        "prize_rules": prize_rules(PrizeTable.of(competition.prizes)),
        "prize_lists": prize_lists(competition, public=True),
        "penalty_points": standings.penalty_points,
        "legends": standings.legends,
        "ratings_url": ratings_url(),
        "page": "standings",
    }
    return render(request, "public/season/season.html", context)


def notice_board(request, slug: str):
    """The page to print on A4 and pin up at the club: the season ranking,
    the last evening, the prizes, the teams and the next club evening. In
    the season's language (a Dutch club's board reads Dutch dates, whatever
    the secretary's browser asks); published rounds only."""
    competition = _competition(slug)
    # every word in the season's language, the prize labels made here too
    with translation.override(language_of(competition)):
        standings = season_standings(competition, public=True)
        heads = evening_heads(competition, standings.evenings)
        rows = ranking_rows(standings)
        shown = [h for h in heads if h.shown]
        last = shown[-1] if shown else None
        dates = [h.date for h in heads if h.date]
        context = {
            "competition": competition,
            "ranked": [r for r in rows if r["qualified"]],
            "below": [r for r in rows if not r["qualified"]],
            "winners": _winners(rows),
            "prize_rules": prize_rules(PrizeTable.of(competition.prizes)),
            "prize_lists": prize_lists(competition, public=True),
            "last": last,
            "last_rows": _evening_rows(standings, last.number) if last else [],
            "penalty_points": standings.penalty_points,
            "legends": standings.legends,
            "teams": season_team_rows(competition, True, standings),
            "next_evening": next_club_evening(
                competition.weekday, timezone.localdate(), max(dates, default=None)
            ),
            "today": timezone.localdate(),
            "page": "notice-board",
        }
        return render(request, "public/season/notice_board.html", context)


def _evening_rows(standings, number: int) -> list[dict]:
    """One evening's result: its players by their rank that evening, as the
    season ranked it (``Cell.rank``), then by name."""
    cells = {
        r.player: r.cells[number]
        for r in standings.rows
        if number in r.cells and r.cells[number].played
    }
    order = sorted(cells, key=lambda p: (cells[p].rank, standings.names.get(p, "")))
    return [
        {
            "rank": cells[p].rank,
            "name": standings.names.get(p, "?"),
            "points": cells[p].points,
        }
        for p in order
    ]


def teams(request, slug: str):
    """The season's teams by their members' ranking totals (a member below
    the minimum counts nothing, shown as not ranked); each evening's
    teams by their members' points of that evening (published rounds only:
    the same numbers as the season table, in three more queries)."""
    competition = _competition(slug)
    standings = season_standings(competition, public=True)
    shown = {r.player for r in standings.rows}
    high = standings.rules.ranks_high
    season_teams = season_team_rows(competition, True, standings)
    owner = {"tournament__evening__competition": competition}
    evening_of = dict(
        Team.objects.filter(**owner).values_list("pk", "tournament__evening__number")
    )
    by_evening: dict[int, list] = {}
    for team in _played(teams_of(**owner), shown):
        by_evening.setdefault(evening_of[team[0]], []).append(team)
    heads = {h.number: h for h in evening_heads(competition, standings.evenings)}
    evenings = []
    for number in sorted(by_evening):
        points = {
            r.player: r.cells[number].points
            for r in standings.rows
            if number in r.cells and r.cells[number].played
        }
        played = number in standings.evenings
        ranking = rank_teams(by_evening[number], points, high=high) if played else []
        evenings.append((heads.get(number), ranking))
    context = {
        "competition": competition,
        "season_teams": season_teams,
        "evenings": evenings,
        "ratings_url": ratings_url(),
        "page": "teams",
    }
    return render(request, "public/season/teams.html", context)


def _played(teams, shown) -> list:
    """The teams with only the members who played a public round of the
    season (docs/roles.md): a roster names nobody the season does not."""
    return [
        (pk, name, best, [m for m in members if m[0] in shown])
        for pk, name, best, members in teams
    ]
