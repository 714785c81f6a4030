"""How many tables of 4 and 5 (or 3, or byes) a field needs, and refusals
that help.

A table of five is what Rikken does when the count is not a multiple of four:
the dealer sits out each deal. Counts that no mix of 4s and 5s reaches (fewer
than 4, 6, 7, 11) are refused with a message that says what would work: byes,
more players, or tables of three with the blind man (the event's setting).
With ``threes`` those counts get tables of three, as few as possible (6: 3+3,
7: 4+3, 11: 4+4+3, 3: one table of 3); ``threes_for_fives`` (the TD asks for
it) seats tables of three instead of tables of five for any count.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


class SeatingError(ValueError):
    """A request the seating engine cannot honour; ``code`` is stable."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True, slots=True)
class TablePlan:
    fours: int
    fives: int = 0
    byes: int = 0
    #: tables of three: the blind man's hand is the fourth (chair 4)
    threes: int = 0

    @property
    def sizes(self) -> list[int]:
        """Table sizes in table-number order: the 4-tables, the 5-tables,
        then the 3-tables (a plan never has both 5s and 3s)."""
        return [4] * self.fours + [5] * self.fives + [3] * self.threes

    @property
    def seated(self) -> int:
        return 4 * self.fours + 5 * self.fives + 3 * self.threes

    @property
    def odd(self) -> int:
        """The size of the tables that go round in turn (5 or 3; 0: none)."""
        return 5 if self.fives else 3 if self.threes else 0


def _tables_of_four(count: int) -> str:
    return ngettext("%(count)d table of 4", "%(count)d tables of 4", count) % {
        "count": count
    }


def _byes(count: int) -> str:
    return ngettext("%(count)d bye", "%(count)d byes", count) % {"count": count}


def _THREES_OPTION() -> str:  # noqa: N802 (a sentence, read like a constant)
    return _("Tables of three with the blind man are an option in the event settings.")


def fits_fours_and_fives(n_players: int) -> bool:
    """Whether tables of 4 and 5 seat everybody (not 1-3, 6, 7, 11)."""
    return n_players >= 4 and 5 * (n_players % 4) <= n_players


def _with_threes(n_players: int, for_fives: bool) -> TablePlan | None:
    """Tables of 4 and 3: as few 3s as possible (after 4s and 5s when not
    ``for_fives``); None when 4s and 3s cannot seat the count (1, 2, 5)."""
    if not for_fives and fits_fours_and_fives(n_players):
        return None
    threes = (4 - n_players % 4) % 4
    if 3 * threes > n_players:
        return None
    return TablePlan(fours=(n_players - 3 * threes) // 4, threes=threes)


def plan_tables(
    n_players: int,
    byes_allowed: bool = False,
    threes: bool = False,
    threes_for_fives: bool = False,
) -> TablePlan:
    """Fewest 5-tables without byes; with byes, tables of 4 and n mod 4 out.

    ``threes`` (the event's tables of three): counts that 4s and 5s do not
    seat get tables of three, as few as possible. ``threes_for_fives`` (the
    TD asks): tables of 4 and 3 instead of 4 and 5 for any count they seat.
    Byes win when asked for (``byes_allowed``)."""
    threes = threes or threes_for_fives
    if threes and not byes_allowed and n_players >= 3:
        plan = _with_threes(n_players, threes_for_fives)
        if plan is not None:
            return plan
    if n_players < 4:
        if threes and not byes_allowed:
            message = _("At least 3 players are needed; there are %(n)d.")
        else:
            message = _("At least 4 players are needed; there are %(n)d.")
        message %= {"n": n_players}
        if n_players == 3 and not threes:
            message += " " + _THREES_OPTION()
        raise SeatingError(message, code="too_few")
    if byes_allowed:
        return TablePlan(fours=n_players // 4, byes=n_players % 4)
    fives = n_players % 4
    if 5 * fives > n_players:
        add = next(k for k in range(1, 5) if 5 * ((n_players + k) % 4) <= n_players + k)
        raise SeatingError(
            _(
                "%(n)d players cannot be seated in tables of 4 and 5; "
                "with byes: %(tables)s and %(byes)s, or add %(add)s."
            )
            % {
                "n": n_players,
                "tables": _tables_of_four(n_players // 4),
                "byes": _byes(n_players % 4),
                "add": ngettext("%(count)d player", "%(count)d players", add)
                % {"count": add},
            }
            + " "
            + _THREES_OPTION(),
            code="unseatable",
        )
    return TablePlan(fours=(n_players - 5 * fives) // 4, fives=fives)
