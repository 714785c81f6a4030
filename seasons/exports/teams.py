"""The season's team ranking the PDF and the notice board print: the
members' totals of the ranking shown beside it, as the teams page counts
them (``seasons.ranking.team_scores``: a member below the minimum counts
nothing), or ``season_team_rows`` where the services offer it."""

from seasons import services
from seasons.ranking import team_scores


def season_teams(competition, rows, public: bool) -> list:
    """[TeamRow] ranked; ``rows`` the season ranking's rows (``SeasonRow``
    or the exports' ``Line``: player, total, qualified) read with the same
    ``public``. Public: a roster names only members who played a public
    round of the season."""
    rows_of = getattr(services, "season_team_rows", None)
    if rows_of is not None:  # one place decides, once it exists
        return rows_of(competition, public)
    teams = services.teams_of(competition=competition)
    if public:
        shown = {r.player for r in rows}
        teams = [
            (pk, name, best, [m for m in members if m[0] in shown])
            for pk, name, best, members in teams
        ]
    scores, unranked = team_scores(rows)
    high = competition.order == "high"
    return services.team_ranking(teams, scores, unranked, high)
