"""Tournament roles as Django permissions, so lower layers can ask for them.

``rules`` asks ``user.has_perm(...)`` without knowing about tournaments; this
backend answers from the roles:

- ``rules.add_houseruleset`` (clone a schedule into a house-rule set): staff,
  organisers, and the TDs of any event;
- ``rules.change_houseruleset`` on a set: its maker or staff, and nobody once
  an event that started (whose rules are frozen) uses it: editing then makes
  a copy;
- ``rules.rename_houseruleset`` on a set: as change, and only while no event
  names it (an event refers to its rules by the set's code).
"""

from rules.usage import users_of
from tournaments.models import Tournament
from tournaments.permissions import (
    can_create_events,
    can_manage_register,
    is_any_td,
    is_staff,
)


class RoleBackend:
    """Grants permissions only; authentication stays with ModelBackend."""

    def authenticate(self, request, **credentials):
        return None

    def has_perm(self, user, perm: str, obj=None) -> bool:
        if not user.is_active:
            return False
        if perm == "rules.add_houseruleset":
            return (
                can_create_events(user)  # staff and organisers
                or can_manage_register(user)
                or is_any_td(user)
            )
        if perm in ("rules.change_houseruleset", "rules.rename_houseruleset"):
            if obj is None or not (is_staff(user) or obj.owner_id == user.pk):
                return False
            if perm == "rules.rename_houseruleset":  # events and seasons
                return not users_of(obj)
            events = Tournament.objects.filter(rules=obj.slug)
            return not events.filter(rules_snapshot__isnull=False).exists()
        return False
