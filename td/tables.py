"""django-tables2 tables for the TD's pages (they only format)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from td.audit_text import AuditWords
from tournaments.models import AuditLog, Club


def _actions_header() -> SafeString:
    return format_html('<span class="visually-hidden">{}</span>', _("Actions"))


#: The header of a column of buttons: read out ("Actions"), not shown; an
#: empty header is a fault to a screen reader (axe: empty-table-header).
ACTIONS_HEADER = lazy(_actions_header, SafeString)()


class AuditTable(tables.Table):
    """The audit log, one sentence per line (``td.audit_text``)."""

    at = tables.DateTimeColumn(verbose_name=_("Time"), format="Y-m-d H:i:s")
    round = tables.Column(
        verbose_name=_("Round"), accessor="pk", orderable=False, empty_values=()
    )
    what = tables.Column(
        verbose_name=_("What happened"), accessor="pk", orderable=False, empty_values=()
    )

    class Meta:
        model = AuditLog
        fields = ("at", "round", "what")
        attrs = {"class": "audit"}

    def describe_page(self, tournament) -> None:
        """Words for the lines of the current page only (after paginating)."""
        lines = [row.record for row in self.page.object_list]
        self.words = {r.line.pk: r for r in AuditWords(tournament, lines).rows(lines)}

    def render_round(self, record):
        value = self.words[record.pk].round
        return value if isinstance(value, int) else "—"

    def render_what(self, record):
        sentence = self.words[record.pk].sentence
        if not record.imported:
            return sentence
        return format_html(
            '{} <span class="badge" title="{}">{}</span>',
            sentence,
            _("The file names this author; this site cannot check it."),
            _("imported"),
        )


class ClubTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"))
    city = tables.Column(verbose_name=_("City"))
    players = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "num"}})
    edit = tables.Column(empty_values=(), orderable=False, verbose_name=ACTIONS_HEADER)

    class Meta:
        model = Club
        fields = ("name", "city", "players")

    def render_edit(self, record):
        url = reverse("td:club-edit", args=[record.pk])
        return format_html('<a href="{}">{}</a>', url, _("edit"))
