"""The register page's table: members with what tells them apart, their
club, number and (for their club's organisers and staff) how to reach them;
same-name pairs not told apart are marked with a merge link."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from td.forms_register import MEMBER_FIELDS
from td.tables import ACTIONS_HEADER
from tournaments.models import Player

#: The list shows who a member is and how to reach them; the choices about
#: public names and mail are on the member's own page.
LIST_FIELDS = tuple(
    field
    for field in MEMBER_FIELDS[: MEMBER_FIELDS.index("active") + 1]
    if field != "distinction_public"
)


class RegisterTable(tables.Table):
    #: In the Dutch order (``tournaments.people.name_order``), which SQL
    #: cannot sort: the rows are a list, each with its ``name_order``.
    name = tables.Column(verbose_name=_("Name"), order_by=("name_order",))
    distinction = tables.Column(verbose_name=_("To tell apart"))
    club = tables.Column(verbose_name=_("Club"), default="")
    federation_number = tables.Column(verbose_name=_("Federation number"))
    email = tables.Column(verbose_name=_("E-mail"))
    phone = tables.Column(verbose_name=_("Phone"))
    member_since = tables.DateColumn(verbose_name=_("Member since"), format="Y-m-d")
    active = tables.BooleanColumn(verbose_name=_("Active"))
    edit = tables.Column(empty_values=(), orderable=False, verbose_name=ACTIONS_HEADER)

    class Meta:
        model = Player
        fields = LIST_FIELDS
        attrs = {"class": "register"}

    def __init__(self, *args, contact_clubs=None, twins=None, **kwargs):
        """``contact_clubs``: the club ids whose members' e-mail and phone
        this user sees (None: all, staff); ``twins``: {player id: the other
        player of an untold pair} for the mark and the merge link."""
        super().__init__(*args, **kwargs)
        self.contact_clubs = contact_clubs
        self.twins = twins or {}

    def _sees_contact(self, record) -> bool:
        if self.contact_clubs is None:
            return True
        return record.club_id is not None and record.club_id in self.contact_clubs

    def render_email(self, record, value):
        return value if self._sees_contact(record) else "—"

    def render_phone(self, record, value):
        return value if self._sees_contact(record) else "—"

    def render_name(self, record, value):
        other = self.twins.get(record.pk)
        if other is None:
            return value
        keep, gone = sorted((record.pk, other.pk))
        url = reverse("td:player-merge", args=[keep, gone])
        return format_html(
            '{} <span class="badge warning" title="{}">{}</span> <a href="{}">{}</a>',
            value,
            _("Same name in the same club, not told apart"),
            _("twice"),
            url,
            _("Merge"),
        )

    def render_edit(self, record):
        url = reverse("td:player-edit", args=[record.pk])
        return format_html('<a href="{}">{}</a>', url, _("edit"))
