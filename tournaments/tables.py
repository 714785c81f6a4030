"""django-tables2 tables for the TD's pages (they only format)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import AuditLog, Club, Player


def summary(detail: dict, limit: int = 120) -> str:
    """``key=value`` pairs of an audit detail, shortened for a table cell."""
    text = ", ".join(f"{k}={v}" for k, v in (detail or {}).items())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("Time"), format="Y-m-d H:i:s")
    user = tables.Column(verbose_name=_("User"), empty_values=(),
                         accessor="pk")  # fmt: skip
    action = tables.Column(verbose_name=_("Action"))
    detail = tables.Column(verbose_name=_("Detail"), orderable=False)

    class Meta:
        model = AuditLog
        fields = ("at", "user", "action", "detail")
        attrs = {"class": "audit"}

    def render_detail(self, value):
        return summary(value)

    def render_user(self, record):
        return _author(record)


def _author(record) -> str:
    if record.imported:
        claimed = record.claimed_user or "—"
        return str(_("%(name)s (imported, not verified)") % {"name": claimed})
    return record.user.username if record.user else "—"


class PlayerTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"))
    club = tables.Column(verbose_name=_("Club"), default="")
    federation_number = tables.Column(verbose_name=_("Federation number"))
    edit = tables.Column(empty_values=(), orderable=False, verbose_name="")

    class Meta:
        model = Player
        fields = ("name", "club", "federation_number")

    def render_edit(self, record):
        url = reverse("tournaments:td-player-edit", args=[record.pk])
        return format_html('<a href="{}">{}</a>', url, _("edit"))


class ClubTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"))
    city = tables.Column(verbose_name=_("City"))
    players = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    edit = tables.Column(empty_values=(), orderable=False, verbose_name="")

    class Meta:
        model = Club
        fields = ("name", "city", "players")

    def render_edit(self, record):
        url = reverse("tournaments:td-club-edit", args=[record.pk])
        return format_html('<a href="{}">{}</a>', url, _("edit"))
