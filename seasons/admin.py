"""Seasons in the admin site: staff can repair a season whose rule schedule
is gone (its next evening says so and asks the administrator)."""

from django.contrib import admin

from seasons.models import Competition


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "club", "season", "rules", "closed")
    search_fields = ("name", "slug", "club__name")
    list_filter = ("closed",)
    fields = ("name", "season", "club", "rule_set", "rules", "closed")
    readonly_fields = ("club",)
