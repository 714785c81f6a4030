"""Tournament roles as Django permissions, so lower layers can ask for them.

``rules`` asks ``user.has_perm("rules.add_houseruleset")`` without knowing
about tournaments; this backend answers from the roles: staff and the TDs of
any event may clone and edit house-rule sets (as before the layers split).
"""

from tournaments.permissions import can_manage_register

RULE_EDITING = frozenset({"rules.add_houseruleset", "rules.change_houseruleset"})


class RoleBackend:
    """Grants permissions only; authentication stays with ModelBackend."""

    def authenticate(self, request, **credentials):
        return None

    def has_perm(self, user, perm: str, obj=None) -> bool:
        return perm in RULE_EDITING and user.is_active and can_manage_register(user)
