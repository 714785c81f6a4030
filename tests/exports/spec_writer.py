"""Another club's software, written from docs/results-file.md alone: it
knows nothing of Rikscore's code (no import from ``documents``), only what
the specification says. One round of a club evening under the ``nl`` rules:
a table of four and a table of three with the blind man, every deal's
scores worked out here by hand from the rule schedule's figures
(docs/results-file.md, "How a deal is recorded and scored").
"""

import uuid

RULES = "nl"
DEALS = 4
BLIND = "Blinde"  # the blind man's name in a deal record, chair 4

#: Table 1, seats 1-4, and table 2, seats 1-3 (chair 4: the blind man).
FOUR = ["Anna Bakker", "Bert Smits", "Cor Janssen", "Dirk Peeters"]
THREE = ["Els Verhoeven", "Frans Dekkers", "Gerda van Gils"]
CLUB = "Kaartclub De Hoge Troef"

#: What was played at each deal (names as the deal record has them).
PLAYS_FOUR = {
    # rik with 9 tricks: 10 + 5 for the trick over, 15 from each opponent
    1: {"plays": [{"contract": "rik", "declarer": "Bert Smits",
                   "partner": "Dirk Peeters", "tricks": 9}]},
    # rik with 7 tricks: the rikker alone pays each opponent 10 + 5
    2: {"plays": [{"contract": "rik", "declarer": "Cor Janssen",
                   "partner": "Anna Bakker", "tricks": 7}]},
    # 8 alone made: 10 from each of the three
    3: {"plays": [{"contract": "solo-8", "declarer": "Dirk Peeters", "tricks": 8}]},
    # misère made: 30 from each; a penalty of 3 on Bert: 1 to each other
    4: {"plays": [{"contract": "misere", "declarer": "Anna Bakker", "tricks": 0}],
        "sanctions": [{"code": "penalty", "player": "Bert Smits", "points": 3}]},
}  # fmt: skip
SCORES_FOUR = {
    1: {"Bert Smits": 15, "Cor Janssen": -15, "Dirk Peeters": 15, "Anna Bakker": -15},
    2: {"Cor Janssen": -30, "Dirk Peeters": 15, "Anna Bakker": 0, "Bert Smits": 15},
    3: {"Dirk Peeters": 30, "Anna Bakker": -10, "Bert Smits": -10, "Cor Janssen": -10},
    4: {"Anna Bakker": 91, "Bert Smits": -33, "Cor Janssen": -29, "Dirk Peeters": -29},
}
PLAYS_THREE = {
    # rik with the blind man's ace, 9 tricks: Frans plays its cards and
    # takes its share, 15 from each of the two others
    1: {"plays": [{"contract": "rik", "declarer": "Frans Dekkers",
                   "partner": BLIND, "tricks": 9}]},
    # 8 alone failed by one: 15 to each real opponent
    2: {"plays": [{"contract": "solo-8", "declarer": "Gerda van Gils", "tricks": 7}]},
    # piek made: 20 from each real opponent
    3: {"plays": [{"contract": "piek", "declarer": "Els Verhoeven", "tricks": 1}]},
    # rik with 8 tricks against Frans and the blind man: Frans pays for both
    4: {"plays": [{"contract": "rik", "declarer": "Gerda van Gils",
                   "partner": "Els Verhoeven", "tricks": 8}]},
}  # fmt: skip
SCORES_THREE = {
    1: {"Frans Dekkers": 30, "Gerda van Gils": -15, BLIND: 0, "Els Verhoeven": -15},
    2: {"Gerda van Gils": -30, BLIND: 0, "Els Verhoeven": 15, "Frans Dekkers": 15},
    3: {BLIND: 0, "Els Verhoeven": 40, "Frans Dekkers": -20, "Gerda van Gils": -20},
    4: {"Frans Dekkers": -20, "Gerda van Gils": 10, BLIND: 0, "Els Verhoeven": 10},
}


def the_file(version: int = 10) -> dict:
    """The whole file, as the specification lists its keys."""
    rounds = [
        {
            "number": 1,
            "status": "closed",
            "published": True,
            "tables": [
                table(1, FOUR, PLAYS_FOUR, SCORES_FOUR, version),
                table(2, THREE, PLAYS_THREE, SCORES_THREE, version),
            ],
            "byes": [],
        }
    ]
    if version >= 10:  # corrections of published results
        rounds[0].update(corrected_at=None, correction_reason="")
    return {
        "format": "rikscore.event",
        "version": version,
        "tournament": tournament(),
        "players": [player(name) for name in FOUR + THREE],
        "rounds": rounds,
        "keep_apart": [],
        "audit": [],
    }


def tournament() -> dict:
    return {
        "slug": "hoge-troef-27-11",
        "name": "Clubavond De Hoge Troef",
        "date": "2026-11-27",
        "venue": "Dorpshuis",
        "rules": RULES,
        "rules_snapshot": {"preset": RULES, "overrides": {}, "name": ""},
        "rounds": 1,
        "deals_per_round": DEALS,
        "language": "nl",
        "method": "points",
        "tiebreaks": [],
        "placement_points": [],
        "normalise_five": False,
        "hide_last_rounds": 0,
        "bye_policy": "zero",
        "bye_points": 0,
        "entry_mode": "td",
        "uid": str(uuid.uuid5(uuid.NAMESPACE_URL, "hoge-troef/2026-11-27")),
        "score_entry": "deals",
        "start_time": "20:00",
        "round_minutes": 120,
        "tables_of_three": True,
    }


def player(name: str) -> dict:
    return {
        "ref": name,
        "name": name,
        "club": CLUB,
        "federation_number": "",
        "status": "present",
        "withdrawn_after": None,
        "distinction": "",
        "public_name": "full",
        "public_id": "",
        "guest": False,
    }


def table(number, seated, plays, scores, version) -> dict:
    """Seats 1.. in order; a deal per entry of ``plays``."""
    made = {
        "number": number,
        "closed": True,
        "sheet_totals": None,
        "totals_only": False,
        "from_totals": False,
        "seats": [
            {"position": i, "player": name, "points": None, "deals_played": None}
            for i, name in enumerate(seated, start=1)
        ],
        "deals": [deal(n, seated, plays[n], scores[n]) for n in sorted(plays)],
        "jury_calls": [],
    }
    if version >= 10:
        made["reopened_after_publication"] = False
    return made


def deal(number: int, seated: list[str], played: dict, scores: dict) -> dict:
    """The dealer is seat ((number - 1) mod seats) + 1; the record lists the
    four hands from the dealer's left, the dealer last. At a table of three
    chair 4 is the blind man's, who never deals."""
    chairs = [*seated, BLIND] if len(seated) == 3 else seated
    dealer = (number - 1) % len(seated)  # index into chairs
    players = [chairs[(dealer + i) % len(chairs)] for i in range(1, 5)]
    record = {"rules": RULES, "players": players, **played}
    if BLIND in players:
        record["blind"] = BLIND
    assert sum(scores.values()) == 0
    by_seat = [scores[name] for name in seated]
    return {
        "number": number,
        "version": 1,
        "record": record,
        "scores": scores,
        "seat_scores": by_seat + [0] * (5 - len(by_seat)),
    }
