"""An event with a table of three (issue 29) for the exports' tests.

Rule source 000, "Rikken for three players": "Cards are dealt as if there
are four players. The fourth player, who is not present, is "the blind
man"." Chair 4 of a table of three is the blind man's hand: it is dealt to
but never deals, and is never paid (``tournaments.dealing``).

Round 1 seats seven players at table 1 (four) and table 2 (three). At
table 2 deal 1 is dealt by seat 1, so its players are seats 2, 3, the blind
man's hand (chair 4) and seat 1 ("@0"–"@3"): seat 2 plays rik with the
blind man's ace and makes 9 tricks (nl: 15 a player). The declarer plays
the blind man's cards and takes its share, so seat 2 wins 30 and seats 3
and 1 pay 15 each (000; ``scoring.settlement``).
"""

from demo.events import generate_event

#: Table 2, round 1, deal 1 (see the module's doc).
RIK_WITH_THE_BLIND = {
    "plays": [{"contract": "rik", "declarer": "@0", "partner": "@2", "tricks": 9}]
}
#: Seat scores 1-3 of that deal: seat 2 took the blind man's share.
RIK_SCORES = [-15, 30, -15]
DEALS = 4  # dealt by seats 1, 2, 3, 1: the dealer goes round the three


def four_and_three(round_, playing, rng):
    """Table 1 of four, table 2 of three (round 1 in entry order)."""
    order = playing[:]
    if round_.number > 1:
        rng.shuffle(order)
    return [order[:4], order[4:]]


def three_event(slug="drie", language="en", **settings):
    """Seven players, two rounds of ``DEALS`` deals, a table of three in
    each round; deal 1 of table 2 in round 1 is ``RIK_WITH_THE_BLIND``."""
    return generate_event(
        slug,
        7,
        2,
        DEALS,
        rules="nl",
        seed=29,
        sanction_rate=0.3,
        seater=four_and_three,
        special={(1, 2): {1: RIK_WITH_THE_BLIND}},
        tables_of_three=True,
        language=language,
        **settings,
    )
