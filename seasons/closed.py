"""A closed season holds still: no new evenings, no changes to how it
counts, its teams or evenings, and no changes to its evenings' results
(deals, seating, publishing, totals) until it is reopened with a reason
(``seasons.undo``). The evenings' results are written a layer down, which
asks through ``tournaments.questions.results_held``, which ``held_reason``
answers.
"""

from django.db import connection
from django.dispatch import receiver
from django.utils.translation import gettext as _

from seasons.models import Competition, Evening
from tournaments.questions import results_held


class SeasonClosedError(Exception):
    """A closed season stays as it was; the message names the season."""


def closed_message(name: str) -> str:
    return _(
        "The season “%(season)s” is closed: nothing in it can change. Reopen "
        "the season on its page (with a reason) to change it."
    ) % {"season": name}


def refuse_if_closed(competition: Competition) -> None:
    """Raise ``SeasonClosedError`` when the season is closed."""
    if competition.closed:
        raise SeasonClosedError(closed_message(competition.name))


#: The evening's season's name when it is closed. One statement written out
#: (as ``page_versions.touch_one``): every deal save asks, and building the
#: ORM query cost more than running it.
HELD = (
    f"SELECT c.name FROM {Evening._meta.db_table} e "
    f"JOIN {Competition._meta.db_table} c ON c.id = e.competition_id "
    "WHERE e.tournament_id = %s AND c.closed"
)


@receiver(results_held, dispatch_uid="seasons.held_reason")
def held_reason(sender, tournament_id: int, **kwargs) -> str | None:
    """Why an evening's results may not change (its season is closed), or
    None: one query, on the evening's own row and its season's."""
    with connection.cursor() as cursor:
        cursor.execute(HELD, [tournament_id])
        row = cursor.fetchone()
    return None if row is None else closed_message(row[0])
