"""The form of one table on the totals page: each seat's total from the paper
sheet and, folded away, the deals each seat played. Only the input is
checked here; whether the totals add up to zero is the service's rule
(``scoring.services.table_totals``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.services.table_totals import default_deals_played

#: Minus signs a phone keyboard or a pasted sheet may bring.
MINUS = str.maketrans({"−": "-", "–": "-"})
LIMIT = 1_000_000


class TotalField(forms.IntegerField):
    """A whole number, a leading minus allowed; typed as text so the phone's
    number pad shows (``inputmode``) and the browser changes nothing."""

    def __init__(self, **kwargs):
        attrs = {
            "inputmode": "numeric",
            "pattern": r"\s*[\-−–]?\s*[0-9]+\s*",
            "autocomplete": "off",
            "class": "totals-input",
        }
        attrs.update(kwargs.pop("attrs", {}))
        super().__init__(
            widget=forms.TextInput(attrs=attrs),
            min_value=-LIMIT,
            max_value=LIMIT,
            **kwargs,
        )

    def to_python(self, value):
        if isinstance(value, str):
            value = value.translate(MINUS).replace(" ", "")
        return super().to_python(value)


class TotalsForm(forms.Form):
    """``seats``: (position, label) in seat order."""

    def __init__(self, *args, seats, deals_per_round: int, prefix_id: str, **kwargs):
        super().__init__(*args, auto_id=f"id_{prefix_id}_%s", **kwargs)
        self.seats = list(seats)
        self.defaults = default_deals_played(len(self.seats), deals_per_round)
        for position, label in self.seats:
            self.fields[f"seat{position}"] = TotalField(
                label=label,
                attrs={"data-total": "1"},
                error_messages={
                    "required": _("Enter a total for %(name)s.") % {"name": label}
                },
            )
            self.fields[f"deals{position}"] = forms.IntegerField(
                label=label,
                required=False,
                min_value=1,
                max_value=max(deals_per_round, 0) or None,
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off", "size": 3}
                ),
            )
            self.initial.setdefault(f"deals{position}", self.defaults[position])

    def deals_open(self) -> bool:
        """Show the deals played unfolded: one is wrong, or not the default."""
        for position, _label in self.seats:
            field = self[f"deals{position}"]
            if field.errors:
                return True
            value = field.value()
            if value not in (None, "") and str(value) != str(self.defaults[position]):
                return True
        return False

    def rows(self):
        """(label, total field, deals field) per seat, for the template."""
        return [
            (label, self[f"seat{position}"], self[f"deals{position}"])
            for position, label in self.seats
        ]

    def totals(self) -> dict[int, int]:
        return {p: self.cleaned_data[f"seat{p}"] for p, _label in self.seats}

    def deals(self) -> dict[int, int] | None:
        """The deals played as typed, the round's default for a blank one;
        None when every seat has its default (the service's default then)."""
        typed = {p: self.cleaned_data.get(f"deals{p}") for p, _label in self.seats}
        chosen = {
            p: self.defaults[p] if value is None else value
            for p, value in typed.items()
        }
        return None if chosen == self.defaults else chosen
