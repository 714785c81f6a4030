"""The TD's standings (every round, published or not) and the zero-sum
reconciliation. Views only assemble: the row source ranks, ``reconcile`` sums.
"""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.numbers import parse_int
from rules.engine.penalty_points import shows_penalty_points
from scoring.reconcile import reconcile
from scoring.rowsource import standings_rows
from td.access import td_required
from td.tables_scoring import ReconciliationTable, standings_table
from tournaments.models import Tournament
from tournaments.ranking import DEFAULT_PLACEMENT, METRICS, chain


def _after_round(value: str | None, numbers: list[int]) -> int | None:
    """The "after round N" choice; anything unknown means all rounds."""
    number = parse_int(value or "")
    return number if number in numbers else None


#: The penalty-point display in the settings in force (docs/rule-files.md).
PENALTY_SHOWN = _(
    "penalty points: the leader's total less the player's, lowest first "
    "(the rule set's choice); the order and the scores are the zero-sum ones"
)


def settings_in_force(tournament: Tournament) -> list[tuple[str, str]]:
    """(label, value) lines naming the standings method and options."""
    names = [
        METRICS[k].name for k in chain(tournament.method, tournament.tiebreaks or None)
    ]
    lines = [
        (_("Standings method"), tournament.get_method_display()),
        (_("Tie-break chain"), " → ".join(str(name) for name in names)),
    ]
    if tournament.method == "placement":
        points = tournament.placement_points or DEFAULT_PLACEMENT
        lines.append((_("Placement points"), "-".join(str(p) for p in points)))
    if shows_penalty_points(tournament.schedule):  # the rule set's display
        lines.append((_("Shown as"), PENALTY_SHOWN))
    lines.append(
        (
            _("5-player tables"),
            _("normalised: points per deal played × the standard number of deals")
            if tournament.normalise_five
            else _("not normalised: total points"),
        )
    )
    if tournament.tables_of_three:  # decisions: "Tables of three: standings"
        lines.append((_("3-player tables"), _three_line(tournament)))
    bye = tournament.get_bye_policy_display()
    if tournament.bye_policy == "fixed":
        bye = _("%(n)s points") % {"n": tournament.bye_points}
    lines.append((_("A bye (a round sat out) scores"), bye))
    if tournament.hide_last_rounds:
        lines.append(
            (
                _("Public standings"),
                ngettext(
                    "the last round is hidden",
                    "the last %(n)s rounds are hidden",
                    tournament.hide_last_rounds,
                )
                % {"n": tournament.hide_last_rounds},
            )
        )
    return lines


def _three_line(tournament: Tournament) -> str:
    """How a table of three (with the blind man's hand) counts: everyone
    plays every deal, so its points stand as scored; placement points give
    places 1-3 what they give at a table of four."""
    text = _(
        "the blind man's hand scores nothing; the three play every deal, "
        "so their points count as scored"
    )
    if tournament.method == "placement":
        points = list(tournament.placement_points or DEFAULT_PLACEMENT)[:3]
        text = _("%(text)s; places 1-3 earn %(points)s placement points") % {
            "text": text,
            "points": "-".join(str(p) for p in points),
        }
    return str(text)


@td_required
def standings_td(request, tournament: Tournament):
    rounds = list(
        tournament.round_set.values_list("number", "status", "published").order_by(
            "number"
        )
    )
    numbers = [n for n, _status, _pub in rounds]
    after = _after_round(request.GET.get("after"), numbers)
    rowset = standings_rows(tournament, up_to_round=after)
    return render(
        request,
        "td/standings/td.html",
        {
            "tournament": tournament,
            "table": standings_table(rowset),
            "legends": rowset.legends,
            "rounds": rounds,
            "after": after,
            "settings": settings_in_force(tournament),
        },
    )


@td_required
def recon_td(request, tournament: Tournament):
    result = reconcile(tournament)
    return render(
        request,
        "td/standings/reconciliation.html",
        {
            "tournament": tournament,
            "result": result,
            "table": ReconciliationTable([vars(line) for line in result.lines]),
        },
    )
