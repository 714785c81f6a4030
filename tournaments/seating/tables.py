"""How many tables of 4 and 5 (or byes) a field needs, and refusals that help.

A table of five is what Rikken does when the count is not a multiple of four:
the dealer sits out each deal. Counts that no mix of 4s and 5s reaches (fewer
than 4, 6, 7, 11) are refused with a message that says what would work.
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

    @property
    def sizes(self) -> list[int]:
        """Table sizes in table-number order: the 4-tables first."""
        return [4] * self.fours + [5] * self.fives

    @property
    def seated(self) -> int:
        return 4 * self.fours + 5 * self.fives


def _tables_of_four(count: int) -> str:
    return ngettext("%(count)d table of 4", "%(count)d tables of 4", count) % {
        "count": count
    }


def _byes(count: int) -> str:
    return ngettext("%(count)d bye", "%(count)d byes", count) % {"count": count}


def plan_tables(n_players: int, byes_allowed: bool = False) -> TablePlan:
    """Fewest 5-tables without byes; with byes, tables of 4 and n mod 4 out."""
    if n_players < 4:
        raise SeatingError(
            _("At least 4 players are needed; there are %(n)d.") % {"n": n_players},
            code="too_few",
        )
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
            },
            code="unseatable",
        )
    return TablePlan(fours=(n_players - 5 * fives) // 4, fives=fives)
