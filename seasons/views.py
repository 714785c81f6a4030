"""The secretary's season pages: the list of seasons, one season (its
evenings, next week's evening, the ranking and its settings, teams, the
seating's repeat count). Views translate; ``seasons.services`` decides."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules.naming import NoFreeCodeError
from seasons.forms import CompetitionForm, EveningForm, RankingForm, TeamForm
from seasons.models import Competition, Team
from seasons.permissions import can_run, season_required
from seasons.seating import season_repeats
from seasons.services import (
    RulesGoneError,
    SeasonClosedError,
    create_evening,
    season_standings,
    team_ranking,
    teams_of,
    update_ranking,
)
from tournaments.models import Player
from tournaments.names import DuplicateNameError
from tournaments.permissions import organised_clubs


def season_players(competition: Competition):
    """Who may be ticked present: the club's register and anyone who played
    an evening of the season (a guest)."""
    return (
        Player.objects.filter(
            Q(club_id=competition.club_id)
            | Q(entries__tournament__evening__competition=competition)
        )
        .distinct()
        .select_related("club")
        .order_by("name")
    )


@login_required
def season_list(request):
    clubs = organised_clubs(request.user)
    if request.method == "POST":
        form = CompetitionForm(request.POST, clubs=clubs)
        if not clubs.exists():
            raise PermissionDenied
        if form.is_valid():
            competition = form.save(commit=False)
            competition.created_by = request.user
            competition.save()
            messages.success(request, _("Season created."))
            return redirect(competition.get_absolute_url())
    else:
        form = CompetitionForm(clubs=clubs)
    seasons = Competition.objects.filter(club__in=clubs).select_related("club")
    context = {"seasons": seasons, "form": form, "may_create": clubs.exists()}
    return render(request, "seasons/td/list.html", context)


@season_required
def season_detail(request, competition: Competition):
    standings = season_standings(competition)
    scores = {r.player: r.total for r in standings.rows}
    context = {
        "competition": competition,
        "evenings": competition.evenings.select_related("tournament"),
        "standings": standings,
        "rows": [
            (
                r,
                standings.names.get(r.player, "?"),
                standings.prizes.get(r.player),
                [r.cells.get(n) for n in standings.evenings],
            )
            for r in standings.rows
        ],
        "evening_form": EveningForm(players=season_players(competition)),
        "ranking_form": RankingForm.for_competition(competition),
        "team_form": TeamForm(players=season_players(competition)),
        "teams": team_ranking(teams_of(competition=competition), scores),
        "repeats": season_repeats(competition),
    }
    return render(request, "seasons/td/detail.html", context)


@season_required
@require_POST
def new_evening(request, competition: Competition):
    form = EveningForm(request.POST, players=season_players(competition))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(competition.get_absolute_url())
    try:
        event = create_evening(
            competition,
            form.cleaned_data["date"],
            form.cleaned_data["players"],
            request.user,
            form.cleaned_data["prize_evening"],
        )
    except (RulesGoneError, NoFreeCodeError) as exc:
        messages.error(request, _refusal(exc))
        return redirect(competition.get_absolute_url())
    except DuplicateNameError as exc:  # two members the evening cannot tell apart
        messages.error(request, _("No evening was made: %(why)s") % {"why": exc})
        return redirect(competition.get_absolute_url())
    done = _(
        "Evening created: seat the first partij when everyone is in; "
        "late arrivals can be added."
    )
    messages.success(request, done)
    return redirect(reverse("tournaments:detail", args=[event.slug]))


def _refusal(exc: Exception) -> str:
    """Why no evening was made, in the organiser's words."""
    if isinstance(exc, RulesGoneError):
        return _(
            "No evening was made: the season's rule schedule “%(code)s” no "
            "longer exists, so nobody knows which rules it meant. Ask the "
            "site's administrator to set the season's rules."
        ) % {"code": exc.code}
    return _(
        "No evening was made: every event code like “%(code)s” is taken. Ask "
        "the site's administrator to free one."
    ) % {"code": exc.wanted}


@season_required
@require_POST
def ranking(request, competition: Competition):
    form = RankingForm.for_competition(competition, request.POST)
    if form.is_valid():
        try:
            update_ranking(competition, **form.fields_for_competition())
        except SeasonClosedError:
            messages.error(request, _("The season is closed: its ranking stays."))
        else:
            messages.success(request, _("Ranking settings saved."))
    else:
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
    return redirect(competition.get_absolute_url())


@season_required
@require_POST
def close(request, competition: Competition):
    competition.closed = request.POST.get("closed") == "1"
    competition.save(update_fields=["closed"])
    messages.success(
        request,
        _("Season closed.") if competition.closed else _("Season opened again."),
    )
    return redirect(competition.get_absolute_url())


@season_required
@require_POST
def add_team(request, competition: Competition):
    form = TeamForm(request.POST, players=season_players(competition))
    if form.is_valid():
        team = form.save(commit=False)
        team.competition = competition
        try:
            team.save()
        except IntegrityError:
            messages.error(request, _("The team could not be saved."))
        else:
            form.save_m2m()
            messages.success(request, _("Team added."))
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(competition.get_absolute_url() + "#teams")


@login_required
@require_POST
def delete_team(request, pk: int):
    team = get_object_or_404(Team.objects.select_related("competition"), pk=pk)
    if team.competition is None or not can_run(request.user, team.competition):
        raise PermissionDenied
    team.delete()
    messages.success(request, _("Team removed."))
    return redirect(team.competition.get_absolute_url() + "#teams")
