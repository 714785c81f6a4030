from django.contrib import admin

from rules.models import HouseRuleSet


@admin.register(HouseRuleSet)
class HouseRuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "preset", "updated")
    search_fields = ("name", "slug")
    list_filter = ("preset",)
