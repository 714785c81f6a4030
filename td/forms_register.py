"""The register page's forms: a member with what tells them apart and how
to reach them, and the list's filters (club, active, search)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from td.forms import PlayerForm
from tournaments.models import Player

#: What the register keeps of a member, in the order the page shows it.
MEMBER_FIELDS = (
    "name",
    "distinction",
    "distinction_public",
    "club",
    "federation_number",
    "email",
    "phone",
    "place",
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # a form posted without the choice (an older page, a script) keeps
        # the member's: the register never shows a name more by omission
        self.fields["public_name"].required = False

    def clean_public_name(self):
        return self.cleaned_data.get("public_name") or self.instance.public_name

    def clean(self):
        """Mail only to an address, and only with the day the player agreed
        (the secretary records it: no mail without consent)."""
        data = super().clean()
        if any(data.get(name) for name in MAIL_CHOICES):
            if not data.get("email"):
                self.add_error("email", _("Mail needs an e-mail address."))
            if not data.get("mail_consent_at"):
                self.add_error(
                    "mail_consent_at",
                    _("Mail needs the date the player agreed to it."),
                )
        return data


#: The kinds of mail a member can receive (``mailings``).
MAIL_CHOICES = ("mail_results", "mail_season", "mail_seating")


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
        # beside the new member's form on the register (both have club, active)
        kwargs.setdefault("auto_id", "id_filter_%s")
        super().__init__(data, **kwargs)
        self.fields["club"].choices = [("", _("All clubs"))] + [
            (c.pk, c.name) for c in clubs
        ]

    def value(self, name: str):
        """The cleaned value, or None when it is missing or invalid."""
        self.is_valid()  # cleaned_data keeps the fields that were valid
        return self.cleaned_data.get(name)
