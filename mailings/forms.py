"""The player's own subscription: an address, what to receive, the language."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

CHOICES = ("mail_results", "mail_season", "mail_seating")


class SubscribeForm(forms.Form):
    email = forms.EmailField(label=_("Your e-mail address"), max_length=254)
    mail_results = forms.BooleanField(
        label=_("My results after each published round or evening"), required=False
    )
    mail_season = forms.BooleanField(
        label=_("The season ranking after each club evening"), required=False
    )
    mail_seating = forms.BooleanField(
        label=_("My seat for the next round"), required=False
    )
    language = forms.ChoiceField(
        label=_("Language of the mails"),
        required=False,
        choices=[("", _("The event's language")), *settings.LANGUAGES],
    )

    def clean(self):
        data = super().clean()
        if not any(data.get(name) for name in CHOICES):
            raise forms.ValidationError(_("Choose at least one kind of mail."))
        return data

    def choices(self) -> dict[str, bool]:
        return {name: bool(self.cleaned_data.get(name)) for name in CHOICES}
