"""Seasons in the admin site: staff can repair a season whose rule schedule
is gone (its next evening says so and asks the administrator), see the
evenings and read the season log. Deleting goes through ``seasons.undo``
(every evening's event whole, a log line, ratings again); the log itself
is read-only."""

from django.contrib import admin

from seasons.models import Competition, Evening, SeasonLog
from seasons.undo import remove_season


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "club", "season", "rules", "closed")
    search_fields = ("name", "slug", "club__name")
    list_filter = ("closed",)
    fields = ("name", "season", "club", "rule_set", "rules", "closed")
    readonly_fields = ("club", "closed")  # closing and reopening are logged

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one season at a time, logged
        return actions

    def has_delete_permission(self, request, obj=None) -> bool:
        """A closed season is reopened (with a reason) before it goes."""
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or not obj.closed)

    def get_deleted_objects(self, objs, request):
        """The evenings go with the season (``remove_season``), though they
        are not deleted one by one here."""
        deleted, counts, _perms_needed, protected = super().get_deleted_objects(
            objs, request
        )
        return deleted, counts, set(), protected

    def delete_model(self, request, obj: Competition) -> None:
        remove_season(obj, request.user, via="admin")


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin):
    """The evenings as they are; an evening is deleted on the season page
    (its event goes with it, and the log says so)."""

    list_display = ("competition", "number", "tournament", "prize_evening")
    list_filter = ("competition",)
    search_fields = ("competition__name", "tournament__slug")
    fields = ("competition", "number", "tournament", "prize_evening")
    readonly_fields = ("competition", "number", "tournament")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(SeasonLog)
class SeasonLogAdmin(admin.ModelAdmin):
    """Who deleted, closed or reopened what, and why: read only."""

    list_display = ("at", "season", "action", "user")
    list_filter = ("action",)
    search_fields = ("season", "user__username")
    date_hierarchy = "at"
    fields = ("at", "season", "competition", "user", "action", "detail")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
