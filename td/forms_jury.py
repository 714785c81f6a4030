"""The jury page's form: a decision on one declarer's contract in one deal."""

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from scoring.models import JuryCall
from td.forms import IdChoiceField
from tournaments.bounds import MAX_DEALS, MAX_ROUNDS
from tournaments.models import Entry, TableRound, Tournament
from tournaments.people import entry_name, event_names, in_name_order


class JuryCallForm(forms.Form):
    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    table = forms.IntegerField(label=_("Table"), min_value=1, max_value=1000)
    deal_number = forms.IntegerField(label=_("Deal"), min_value=1, max_value=MAX_DEALS)
    declarer = IdChoiceField(label=_("Declarer"), queryset=Entry.objects.none())
    contract = forms.ChoiceField(label=_("Contract"), choices=())
    decision = forms.ChoiceField(label=_("Decision"), choices=JuryCall.Decision.choices)
    decided_by = forms.CharField(
        label=_("Decided by"),
        required=False,
        max_length=100,
        help_text=_("The jury member or TD who decided; empty: you."),
    )

    def __init__(self, tournament: Tournament, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        names = event_names(tournament)  # as every page shows them
        self.fields["declarer"].queryset = tournament.entries.all()
        self.fields["declarer"].choices = [
            ("", self.fields["declarer"].empty_label),
            *((pk, names[pk]) for pk in in_name_order(names)),
        ]
        contracts = [
            c for c in tournament.schedule.enabled_contracts() if not c.is_all_pass
        ]
        flagged = [c for c in contracts if c.jury or c.solo_limit]
        #: False when the schedule flags no contract: then any may be called.
        self.flagged = bool(flagged)
        self.fields["contract"].choices = [
            (c.code, c.name) for c in (flagged or contracts)
        ]
        self.fields["deal_number"].max_value = tournament.deals_per_round
        self.fields["deal_number"].validators.append(
            MaxValueValidator(tournament.deals_per_round)
        )

    def clean(self):
        data = super().clean()
        if not {"round", "table", "declarer"} <= data.keys():
            return data
        table = TableRound.objects.filter(
            round__tournament=self.tournament,
            round__number=data["round"],
            number=data["table"],
        ).first()
        if table is None:
            self.add_error(
                "table",
                _("Round %(round)s has no table %(table)s.")
                % {"round": data["round"], "table": data["table"]},
            )
            return data
        if not table.seats.filter(entry=data["declarer"]).exists():
            self.add_error(
                "declarer",
                _("%(name)s does not sit at that table.")
                % {"name": entry_name(data["declarer"])},
            )
        data["table_round"] = table
        return data
