"""Published results never change without a trace the public sees.

Reopening a round (or one of its tables) whose results the public sees
needs the TD's reason: the audit line keeps it, and so does the round, and
each table reopened is marked (``TableRound.reopened_after_publication``).
Once a deal changes at such a table, the round is marked corrected with the
time; the public pages show both. The round stays published: the standings
are the corrected ones at once, and say so.

A round may be published while its tables still play: a table never closed
since is still playing, and the deals it enters (or the TD enters for it)
are no correction, however long it plays on.
"""

from collections.abc import Sequence

from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.text import CONTROL
from tournaments.models import Round, TableRound, Tournament
from tournaments.result_events import DealsChanged, ResultChange, result_changed
from tournaments.visibility import is_public, public_rounds_q

REASON_LENGTH = 200
REASON_NEEDED = _(
    "The results of this round are published: say why they change. The public "
    "pages will show it."
)


def needs_reason(round_: Round) -> bool:
    """Results the public has seen (``tournaments.visibility``): a round
    still hidden until the prize-giving changes as an unpublished one."""
    return is_public(round_)


def clean_reason(text) -> str:
    """One line of at most ``REASON_LENGTH`` characters, no control marks."""
    words = CONTROL.sub(" ", str(text or "")).split()
    return " ".join(words)[:REASON_LENGTH]


def note_reopening(round_: Round, reason: str, tables: Sequence[TableRound]) -> None:
    """The reason the next correction of this published round carries, and
    the ``tables`` reopened for it: a deal changed at one of them from now
    on is a correction (the typed totals given with a reason count as one
    too)."""
    if needs_reason(round_):
        Round.objects.filter(pk=round_.pk).update(correction_reason=reason)
        round_.correction_reason = reason
        TableRound.objects.filter(pk__in=[t.pk for t in tables]).update(
            reopened_after_publication=True
        )
        for table in tables:
            table.reopened_after_publication = True


def corrected_rounds(tournament: Tournament) -> list[Round]:
    """The public rounds changed after publication, in round order."""
    rounds = tournament.round_set.filter(public_rounds_q(), corrected_at__isnull=False)
    return list(rounds.order_by("number"))


@receiver(result_changed, dispatch_uid="tournaments.corrections")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    """A public round is corrected when a deal changes at a table reopened
    after publication; not by a table that plays on."""
    if isinstance(event, DealsChanged) and event.correction:
        Round.objects.filter(
            tournament_id=event.tournament_id, number=event.round
        ).update(corrected_at=timezone.now())
