"""Two register players who are one person become one (issue 27).

``merge_players(keep, gone, user)`` moves every row that refers to ``gone``
onto ``keep`` and deletes ``gone``, in one transaction. It reads the
references from ``Player._meta.related_objects``, so a higher layer's table
(``seasons.Team.members``, ``seasons.Rating``) is moved without this module
importing it, and one added later is moved too. Two players who sat in the
same event are two people: refused, as is any other reference that would
collide with one of ``keep``'s. Each event concerned gets an audit line and
``PlayersMerged``, which raises its public pages' version and (through
``seasons.rating_events``) puts every rating in the queue again.
"""

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.audit import audit
from tournaments.models import Entry, Player, Tournament
from tournaments.permissions import can_edit_player
from tournaments.result_events import PlayersMerged, announce

#: Blank fields of the player kept that the other one's value fills.
FILLED = ("federation_number", "email", "phone", "member_since")


class MergeRefusedError(Exception):
    """The two players cannot be merged; the message says why."""


def shared_events(keep: Player, gone: Player) -> list[Tournament]:
    """The events both players were entered in (they are then two people)."""
    return list(
        Tournament.objects.filter(entries__player=keep)
        .filter(entries__player=gone)
        .distinct()
    )


def check_merge(keep: Player, gone: Player, user=None) -> None:
    """Raise ``MergeRefusedError`` unless ``user`` may merge these two."""
    if keep.pk == gone.pk:
        raise MergeRefusedError(_("Choose two different players."))
    if user is not None and not (
        can_edit_player(user, keep) and can_edit_player(user, gone)
    ):
        raise MergeRefusedError(
            _("Only the organisers of both players' clubs may merge them.")
        )
    both = shared_events(keep, gone)
    if both:
        raise MergeRefusedError(
            _(
                "%(keep)s and %(gone)s both played in %(event)s: they are two "
                "people. Tell them apart instead (a birth year or initial)."
            )
            % {"keep": keep.label, "gone": gone.label, "event": both[0].name}
        )


@transaction.atomic
def merge_players(keep: Player, gone: Player, user=None) -> Player:
    """``gone``'s events, teams, ratings… become ``keep``'s; ``gone`` is
    deleted. ``user`` None: the command line (no permission check)."""
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    gone = Player.objects.select_for_update().get(pk=gone.pk)
    check_merge(keep, gone, user)
    events = list(
        Tournament.objects.filter(entries__player=gone).values_list("pk", flat=True)
    )
    # One person's two mail subscriptions of one address are one.
    kept = keep.subscriptions.values_list("email", flat=True)
    gone.subscriptions.filter(email__in=list(kept)).delete()
    for relation in Player._meta.related_objects:
        if relation.many_to_many:
            _move_many(relation, keep, gone)
        else:
            _move_rows(relation, keep, gone)
    filled = {f: getattr(gone, f) for f in FILLED if not getattr(keep, f)}
    gone_label, gone_pk = gone.label, gone.pk
    gone.delete()
    if filled:
        for name, value in filled.items():
            setattr(keep, name, value)
        keep.save(update_fields=list(filled))
    for event in Tournament.objects.filter(pk__in=events):
        audit(event, user, "player.merge", keep=keep.label, gone=gone_label, id=gone_pk)
        announce(PlayersMerged(event.pk))
    return keep


def _move_rows(relation, keep: Player, gone: Player) -> None:
    """A foreign key to the player: refused where a row of ``gone`` would
    collide with one of ``keep`` under a unique constraint."""
    model, name = relation.related_model, relation.field.name
    rows = model._base_manager.filter(**{name: gone})
    for together in _unique_sets(model, name):
        others = [f for f in together if f != name]
        theirs = set(model._base_manager.filter(**{name: keep}).values_list(*others))
        if any(v in theirs for v in rows.values_list(*others)):
            raise MergeRefusedError(
                _("Both players have a %(what)s for the same thing: not merged.")
                % {"what": model._meta.verbose_name}
            )
    rows.update(**{name: keep})


def _unique_sets(model, name: str) -> list[tuple[str, ...]]:
    sets = [tuple(u) for u in model._meta.unique_together]
    sets += [
        tuple(c.fields)
        for c in model._meta.constraints
        if isinstance(c, models.UniqueConstraint) and c.fields
    ]
    return [s for s in sets if name in s and len(s) > 1]


def _move_many(relation, keep: Player, gone: Player) -> None:
    """A many-to-many (a team's members): ``keep`` joins where ``gone`` was."""
    through = relation.through
    to_player = relation.field.m2m_reverse_field_name()
    to_owner = relation.field.m2m_field_name()
    has_keep = set(
        through.objects.filter(**{to_player: keep}).values_list(to_owner, flat=True)
    )
    rows = through.objects.filter(**{to_player: gone})
    rows.filter(**{f"{to_owner}__in": has_keep}).delete()
    rows.update(**{to_player: keep})


def entries_of(player: Player):
    """The events a player was entered in, for the confirmation page."""
    return Entry.objects.filter(player=player).select_related("tournament")
