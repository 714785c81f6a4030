from django.contrib import admin

from tournaments import models


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "date", "rules", "rounds", "deals_per_round")
    search_fields = ("name", "slug")


admin.site.register(models.Club)
admin.site.register(models.Player, search_fields=("name", "federation_number"))
admin.site.register(models.TournamentRole)
