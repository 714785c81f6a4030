"""Small enums shared by the catalogue, validation and settlement."""

from enum import StrEnum


class Kind(StrEnum):
    """How a contract settles (rulesets.md, "Settlement kinds")."""

    TEAM = "team"
    SOLO = "solo"
    FIXED_SOLO = "fixed-solo"
    MISERE = "misere"
    PIEK = "piek"
    ALL_PASS = "all-pass"


class LossMode(StrEnum):
    """Who pays when a partnership contract fails."""

    BOTH = "both"
    DECLARER = "declarer"


class Payment(StrEnum):
    """How the all-pass games pay out."""

    POT = "pot"
    EACH_TO_EACH = "each-to-each"


class AllPassGame(StrEnum):
    """What decides winners and losers of an all-pass game."""

    QUEEN_AND_LAST = "queen-and-last"  # schoppen mie: ♠Q and the last trick lose
    TRICK_COUNT = "trick-count"  # één of vijf / 1-5-11: exact trick counts win


class Suit(StrEnum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"
    NONE = "none"


class Jury(StrEnum):
    APPROVED = "approved"
    NOT_CALLED = "not_called"
