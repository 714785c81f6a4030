"""Mail in the admin site: staff read every mail (status, error) across
events; sending and retrying go through the queue, not through edits."""

from django.contrib import admin

from mailings.models import Mail


@admin.register(Mail)
class MailAdmin(admin.ModelAdmin):
    list_display = ("created", "kind", "to", "subject", "status", "attempts")
    list_filter = ("status", "kind")
    search_fields = ("to", "subject", "tournament__slug")
    readonly_fields = [f.name for f in Mail._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
