"""What-if of a 400-player × 8-round × 16-deal event (12,800 deals).

Target: ≤ 200 ms for ``scoring.whatif.what_if``: every stored deal rescored
under a club's house-rule set (nl with the partner paying a failed rik and
other numbers), summed and ranked beside the real standings, nothing stored.
Prints the median of 3 passes; runs in a throwaway test database.
"""

from bench.standings import median_ms, test_database

PASSES = 3
EVENT = ("bench-whatif", 400, 8, 16)
CLUB_RULES = {
    "contracts": {
        "rik": {"loss_mode": "both", "base": 15},
        "piek": {"value": 25},
        "solo-8": {"step": 10},
    },
}


def run() -> None:
    from demo.events import generate_event
    from rules.models import HouseRuleSet
    from scoring.whatif import what_if

    with test_database():
        tournament = generate_event(*EVENT)
        club = HouseRuleSet.objects.create(
            slug="bench-club", name="Bench club", preset="nl", overrides=CLUB_RULES
        )
        schedule = club.schedule()
        result = what_if(tournament, schedule)
        assert result.deals == 12_800 and not result.refused
        ms = median_ms(lambda: what_if(tournament, schedule), PASSES)
        print(f"whatif_400_ms: {ms:.1f} ms")
