from django.contrib import admin

from rules.models import HouseRuleSet
from rules.usage import users_of


@admin.register(HouseRuleSet)
class HouseRuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "preset", "updated")
    search_fields = ("name", "slug")
    list_filter = ("preset",)

    def has_delete_permission(self, request, obj=None):
        """A set an event or a season uses stays: its users would
        be left without rules."""
        if obj is not None and users_of(obj):
            return False
        return super().has_delete_permission(request, obj)
