"""The secretary's season pages: the list of seasons, one season (its
evenings, next week's evening, the ranking and its settings, teams, the
seating's repeat count). Views translate; ``seasons.services`` decides."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError
from django.db.models import Q
from django.http import QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules.naming import NoFreeCodeError
from seasons.check_in import (
    check_in_rows,
    evening_date,
    last_evening_players,
    register_newcomer,
)
from seasons.models import Competition, Team
from seasons.permissions import can_run
from seasons.seating import season_repeats
from seasons.services import (
    RulesGoneError,
    SeasonClosedError,
    create_evening,
    next_number,
    season_standings,
    season_team_rows,
    update_ranking,
)
from td.access import season_required
from td.forms_season import (
    CompetitionForm,
    EveningForm,
    NewcomerForm,
    RankingForm,
    TeamForm,
)
from td.views_season_undo import closed_refusal
from tournaments.dealing import table_sizes
from tournaments.models import Player
from tournaments.names import DuplicateNameError
from tournaments.permissions import (
    can_create_clubs,
    can_import_seasons,
    organised_clubs,
)
from tournaments.register_rules import RegisterRefusedError


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
    """The seasons of the clubs the user runs; a new one for one of them; and
    the way in for a site with no club yet: a season restored from a backup
    (staff, organisers), or the clubs page to make the club first."""
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
            return redirect("td:season", competition.slug)
    else:
        form = CompetitionForm(clubs=clubs)
    seasons = Competition.objects.filter(club__in=clubs).select_related("club")
    context = {
        "seasons": seasons,
        "form": form,
        "may_create": clubs.exists(),
        "may_create_clubs": can_create_clubs(request.user),
        "may_import": can_import_seasons(request.user),
    }
    return render(request, "td/season/list.html", context)


@season_required
def season_detail(request, competition: Competition):
    standings = season_standings(competition)
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
        "ranking_form": RankingForm.for_competition(competition),
        "team_form": TeamForm(players=season_players(competition)),
        "teams": season_team_rows(competition, standings=standings),
        "repeats": season_repeats(competition),
    }
    return render(request, "td/season/detail.html", context)


def _fewest(competition: Competition) -> int:
    """The fewest players an evening seats: one table of the smallest size
    the season's tables may have (three with the blind man, or four)."""
    return min(table_sizes(competition.tables_of_three))


@season_required
def new_evening(request, competition: Competition):
    """The check-in page: date proposed, last evening's players ticked, a
    newcomer added in place (``add_player``), the evening created."""
    if competition.closed:
        messages.error(request, _("The season is closed: it takes no new evenings."))
        return redirect("td:season", competition.slug)
    players = season_players(competition)
    last = last_evening_players(competition)
    if request.method != "POST":
        # After a newcomer was added the page comes back here (post, then
        # redirect) with the ticks, date and prize evening in the address.
        again = "tick" in request.GET
        initial = {
            "date": request.GET.get("date") or evening_date(competition),
            "prize_evening": bool(request.GET.get("prize_evening")),
        }
        form = EveningForm(
            players=players, initial=initial, fewest=_fewest(competition)
        )
        ticked = _ticked(request.GET, "tick") if again else last
        added_ids = _ticked(request.GET, "added") if again else set()
        added = players.filter(pk__in=added_ids).first() if added_ids else None
        guests = _ticked(request.GET, "guests")
        return _check_in_page(
            request, competition, form, players, last, ticked, added=added,
            guests=guests,
        )  # fmt: skip
    ticked = _ticked(request.POST)
    guests = _ticked(request.POST, "guests")
    if "add_player" in request.POST:
        return _add_newcomer(request, competition, players, last, ticked, guests)
    form = EveningForm(request.POST, players=players, fewest=_fewest(competition))
    again = (request, competition, form, players, last, ticked)
    if not form.is_valid():
        return _check_in_page(*again, guests=guests)
    try:
        event = create_evening(
            competition,
            form.cleaned_data["date"],
            form.cleaned_data["players"],
            request.user,
            form.cleaned_data["prize_evening"],
            guests=frozenset(guests),
        )
    except (RulesGoneError, NoFreeCodeError) as exc:
        messages.error(request, _refusal(exc))
        return _check_in_page(*again, guests=guests)
    except SeasonClosedError as exc:  # names the season; reopen it first
        messages.error(request, str(exc))
        return redirect("td:season", competition.slug)
    except DuplicateNameError as exc:  # two members the evening cannot tell apart
        messages.error(request, _("No evening was made: %(why)s") % {"why": exc})
        return _check_in_page(*again, guests=guests)
    done = _(
        "Evening created: seat the first partij when everyone is in; "
        "late arrivals can be added."
    )
    messages.success(request, done)
    return redirect(reverse("td:event", args=[event.slug]))


def _ticked(data, name: str = "players") -> set[int]:
    """The ticked player ids; anything but a plain short number is ignored
    (no 500 on "²" or a 5,000-digit value)."""
    return {
        int(v)
        for v in data.getlist(name)
        if v.isascii() and v.isdigit() and len(v) <= 18
    }


def _add_newcomer(request, competition, players, last, ticked, guests):
    """Register the newcomer and show the page again: the ticks, guests,
    date and prize evening as they were, the newcomer ticked too (and
    marked a guest when they came as one)."""
    newcomer = NewcomerForm(request.POST, prefix="new")
    initial = {
        "date": request.POST.get("date", ""),
        "prize_evening": bool(request.POST.get("prize_evening")),
    }
    form = EveningForm(players=players, initial=initial, fewest=_fewest(competition))
    added = None
    if newcomer.is_valid():
        try:
            added = register_newcomer(
                competition,
                newcomer.cleaned_data["name"],
                newcomer.cleaned_data["distinction"],
                request.user,
                guest=newcomer.cleaned_data["guest"],
            )
        except ValidationError as exc:
            newcomer.add_error(None, exc.messages)
        except RegisterRefusedError as exc:
            newcomer.add_error(None, str(exc))
        else:
            query = QueryDict(mutable=True)
            query.setlist("tick", sorted(ticked | {added.pk}))
            guests |= {added.pk} if newcomer.cleaned_data["guest"] else set()
            query.setlist("guests", sorted(guests))
            query["added"] = added.pk
            query["date"] = request.POST.get("date", "")
            if request.POST.get("prize_evening"):
                query["prize_evening"] = "1"
            url = reverse("td:season-new-evening", args=[competition.slug])
            return redirect(f"{url}?{query.urlencode()}")
    return _check_in_page(
        request, competition, form, players, last, ticked, newcomer, added, guests
    )


def _check_in_page(
    request,
    competition,
    form,
    players,
    last,
    ticked,
    newcomer=None,
    added=None,
    guests=frozenset(),
):
    rows = check_in_rows(competition, players, last, ticked, frozenset(guests))
    context = {
        "competition": competition,
        "number": next_number(competition),
        "form": form,
        "rows": [r for r in rows if not r.folded],
        "folded": [r for r in rows if r.folded],
        "ticked": sum(r.checked for r in rows),
        "has_last": bool(last),
        "newcomer": newcomer or NewcomerForm(prefix="new"),
        "added": added,
        "added_guest": added is not None and added.pk in guests,
    }
    return render(request, "td/season/evening.html", context)


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
    return redirect("td:season", competition.slug)


@season_required
@require_POST
def add_team(request, competition: Competition):
    if (refused := closed_refusal(request, competition, "#teams")) is not None:
        return refused
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
    return redirect(reverse("td:season", args=[competition.slug]) + "#teams")


@login_required
@require_POST
def delete_team(request, pk: int):
    team = get_object_or_404(Team.objects.select_related("competition"), pk=pk)
    if team.competition is None or not can_run(request.user, team.competition):
        raise PermissionDenied
    if (refused := closed_refusal(request, team.competition, "#teams")) is not None:
        return refused
    team.delete()
    messages.success(request, _("Team removed."))
    return redirect(reverse("td:season", args=[team.competition.slug]) + "#teams")
