"""The register page's forms: a member with what tells them apart and how
to reach them, and the list's filters (club, active, search)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms import PlayerForm
from tournaments.models import Player

#: What the register keeps of a member, in the order the page shows it.
MEMBER_FIELDS = (
    "name",
    "distinction",
    "club",
    "federation_number",
    "email",
    "phone",
    "member_since",
    "active",
    "public_name",
    "mail_consent_at",
    "mail_results",
    "mail_season",
    "mail_seating",
    "mail_language",
)


class MemberForm(PlayerForm):
    """A register member: ``Player.clean`` refuses a second same name in a
    club unless told apart (``register_rules.check_name_free``)."""

    class Meta(PlayerForm.Meta):
        model = Player
        fields = list(MEMBER_FIELDS)
        widgets = {
            "member_since": forms.DateInput(attrs={"type": "date"}),
            "mail_consent_at": forms.DateInput(attrs={"type": "date"}),
        }


ACTIVE_CHOICES = [
    ("", _("Active and inactive")),
    ("1", _("Active members")),
    ("0", _("Inactive members")),
]


class RegisterFilterForm(forms.Form):
    """GET filters; a bad value is ignored rather than refused."""

    q = forms.CharField(label=_("Search"), required=False, max_length=100)
    club = forms.TypedChoiceField(
        label=_("Club"), required=False, coerce=int, empty_value=None
    )
    active = forms.ChoiceField(
        label=_("Members"), required=False, choices=ACTIVE_CHOICES
    )

    def __init__(self, data, clubs, **kwargs):
        super().__init__(data, **kwargs)
        self.fields["club"].choices = [("", _("All clubs"))] + [
            (c.pk, c.name) for c in clubs
        ]

    def value(self, name: str):
        """The cleaned value, or None when it is missing or invalid."""
        self.is_valid()  # cleaned_data keeps the fields that were valid
        return self.cleaned_data.get(name)
