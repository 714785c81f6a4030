"""The season's forms: they translate what the secretary typed; the ranking
itself is decided in ``seasons.ranking``."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from core.validators import no_control_characters
from rules.models import CODE_INVALID
from rules.resolver import schedule_choices
from seasons.models import (
    BEST_OF,
    DEALS_PER_PARTIJ,
    MIN_EVENINGS,
    MOST_PLACES,
    PARTIJEN,
    PLACEMENT_POINTS,
    PRIZES_TOP,
    Competition,
    Team,
)
from seasons.ranking import TIEBREAKS
from td.forms import IdChoiceField, IdMultipleChoiceField
from tournaments.models import Player


class CompetitionForm(forms.ModelForm):
    rules = forms.ChoiceField(label=_("Rule schedule"), choices=())

    class Meta:
        model = Competition
        fields = ["club", "name", "slug", "season", "rules", "partijen",
                  "deals_per_partij", "byes", "tables_of_three", "weekday",
                  "start_time",
                  "score_entry", "entry_mode"]  # fmt: skip
        field_classes = {"club": IdChoiceField}  # junk ids never reach SQL
        widgets = {
            "start_time": forms.TimeInput(format="%H:%M", attrs={"type": "time"})
        }
        help_texts = {
            "start_time": _(
                "When an evening starts (optional): the season's calendar on "
                "the public page. Empty: the evenings show as the whole day."
            )
        }
        error_messages = {"slug": {"invalid": CODE_INVALID}}

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = schedule_choices()
        if clubs is not None:
            self.fields["club"].queryset = clubs
        bounds = {"partijen": PARTIJEN, "deals_per_partij": DEALS_PER_PARTIJ}
        for name, (low, high) in bounds.items():
            self.fields[name].widget.attrs.update(min=low, max=high)
        for name in ("score_entry", "entry_mode"):  # left out: the default
            self.fields[name].required = False

    def clean_score_entry(self):
        return self.cleaned_data["score_entry"] or Competition.score_entry.field.default

    def clean_entry_mode(self):
        return self.cleaned_data["entry_mode"] or Competition.entry_mode.field.default

    def clean_partijen(self):
        value = self.cleaned_data["partijen"]
        if not PARTIJEN.holds(value):
            raise forms.ValidationError(
                _("An evening has %(low)s to %(high)s partijen.") % PARTIJEN._asdict()
            )
        return value

    def clean_deals_per_partij(self):
        value = self.cleaned_data["deals_per_partij"]
        if not DEALS_PER_PARTIJ.holds(value):
            raise forms.ValidationError(
                _("A partij has %(low)s to %(high)s deals.")
                % DEALS_PER_PARTIJ._asdict()
            )
        return value


def _numbers(text: str, field: str) -> list[int]:
    try:
        return [int(p) for p in text.replace(";", ",").split(",") if p.strip()]
    except ValueError:
        raise forms.ValidationError(
            _("%(field)s: whole numbers separated by commas.") % {"field": field}
        ) from None


def _placement_points(text: str) -> list[int]:
    """The placement table as typed, within the season's bounds
    (``seasons.models``: the backup takes the same)."""
    points = _numbers(text, _("Placement points"))
    if len(points) > MOST_PLACES:
        raise forms.ValidationError(
            _("Placement points: at most %(n)s places.") % {"n": MOST_PLACES}
        )
    if not all(PLACEMENT_POINTS.holds(p) for p in points):
        raise forms.ValidationError(
            _("Placement points: each from %(low)s to %(high)s.")
            % PLACEMENT_POINTS._asdict()
        )
    return points


#: Room for the longest placement table the bounds allow ("-1000, " each).
PLACEMENT_TEXT = MOST_PLACES * (len(str(PLACEMENT_POINTS.low)) + 2)


_WEEKDAY = Competition._meta.get_field("weekday")
_SCORE_ENTRY = Competition._meta.get_field("score_entry")
_ENTRY_MODE = Competition._meta.get_field("entry_mode")
_THREES = Competition._meta.get_field("tables_of_three")


class RankingForm(forms.Form):
    """How the season counts; saved by ``services.update_ranking``."""

    method = forms.ChoiceField(label=_("Ranking"), choices=Competition.Method.choices)
    placement_points = forms.CharField(
        label=_("Placement points"),
        required=False,
        max_length=PLACEMENT_TEXT,
        help_text=_("For 1st, 2nd, 3rd … place of an evening, e.g. 10, 8, 6, 5, 4."),
    )
    best_of = forms.IntegerField(
        label=_("Best evenings that count"),
        required=False,
        min_value=BEST_OF.low,
        max_value=BEST_OF.high,
        help_text=_("Empty: every evening counts."),
    )
    min_evenings = forms.IntegerField(
        label=_("Minimum evenings for the final ranking"),
        min_value=MIN_EVENINGS.low,
        max_value=MIN_EVENINGS.high,
        initial=0,
    )
    absent = forms.ChoiceField(
        label=_("An evening missed"), choices=Competition.Absent.choices
    )
    order = forms.ChoiceField(label=_("Order"), choices=Competition.Order.choices)
    tiebreaks = forms.MultipleChoiceField(
        label=_("Tie-breaks, in this order"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[
            ("evenings", _("More evenings played")),
            ("best", _("Best single evening")),
            ("wins", _("More evenings won")),
            ("points", _("More points over the season")),
        ],
    )
    prize_top = forms.IntegerField(
        label=_("Prizes for the top"),
        min_value=PRIZES_TOP.low,
        max_value=PRIZES_TOP.high,
        initial=3,
    )
    prize_newcomer = forms.BooleanField(
        label=_("Prize for the best newcomer"), required=False
    )
    prize_booby = forms.BooleanField(
        label=_("Booby prize (last place)"), required=False
    )
    # What a new evening starts with (not the ranking, but saved alongside).
    weekday = forms.TypedChoiceField(
        label=capfirst(_WEEKDAY.verbose_name),
        choices=[("", "—"), *_WEEKDAY.choices],
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_WEEKDAY.help_text,
    )
    score_entry = forms.ChoiceField(
        label=capfirst(_SCORE_ENTRY.verbose_name),
        choices=_SCORE_ENTRY.choices,
        help_text=_SCORE_ENTRY.help_text,
        required=False,  # left out: as it was
    )
    entry_mode = forms.ChoiceField(
        label=capfirst(_ENTRY_MODE.verbose_name),
        choices=_ENTRY_MODE.choices,
        help_text=_ENTRY_MODE.help_text,
        required=False,
    )
    tables_of_three = forms.BooleanField(
        label=capfirst(_THREES.verbose_name),
        help_text=_THREES.help_text,
        required=False,
    )

    @classmethod
    def for_competition(cls, competition: Competition, data=None) -> "RankingForm":
        prizes = competition.prizes or {}
        initial = {
            "method": competition.method,
            "placement_points": ", ".join(map(str, competition.placement_points or [])),
            "best_of": competition.best_of,
            "min_evenings": competition.min_evenings,
            "absent": competition.absent,
            "order": competition.order,
            "tiebreaks": competition.tiebreaks or ["evenings", "best"],
            "prize_top": prizes.get("top", 3),
            "prize_newcomer": prizes.get("newcomer", False),
            "prize_booby": prizes.get("booby", False),
            "weekday": competition.weekday,
            "score_entry": competition.score_entry,
            "entry_mode": competition.entry_mode,
            "tables_of_three": competition.tables_of_three,
        }
        return cls(data, initial=initial)

    def clean_placement_points(self):
        return _placement_points(self.cleaned_data["placement_points"])

    def clean_score_entry(self):
        return self.cleaned_data["score_entry"] or self.initial.get("score_entry")

    def clean_entry_mode(self):
        return self.cleaned_data["entry_mode"] or self.initial.get("entry_mode")

    def clean_tiebreaks(self):
        chosen = self.cleaned_data["tiebreaks"]
        return [t for t in TIEBREAKS if t in chosen]

    def clean(self):
        data = super().clean()
        if data.get("method") == "placement" and not data.get("placement_points"):
            self.add_error("placement_points", _("Placement points need a table."))
        return data

    def fields_for_competition(self) -> dict:
        d = self.cleaned_data
        return {
            "method": d["method"],
            "placement_points": d["placement_points"],
            "best_of": d["best_of"],
            "min_evenings": d["min_evenings"],
            "absent": d["absent"],
            "order": d["order"],
            "tiebreaks": d["tiebreaks"],
            "prizes": {
                "top": d["prize_top"],
                "newcomer": d["prize_newcomer"],
                "booby": d["prize_booby"],
            },
            "weekday": d["weekday"],
            "score_entry": d["score_entry"],
            "entry_mode": d["entry_mode"],
            "tables_of_three": bool(d.get("tables_of_three")),
        }


class EveningForm(forms.Form):
    """Next week's evening: its date and who is present (check-in). The page
    proposes both (``seasons.check_in``); the secretary corrects them."""

    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    prize_evening = forms.BooleanField(label=_("Prize evening"), required=False)
    players = IdMultipleChoiceField(
        label=_("Present"),
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, players=None, fewest=4, **kwargs):
        super().__init__(*args, **kwargs)
        self.fewest = fewest  # 3 when the season plays tables of three
        if players is not None:
            self.fields["players"].queryset = players

    def clean_players(self):
        players = self.cleaned_data["players"]
        if len(players) < self.fewest:
            raise forms.ValidationError(
                _("An evening needs at least %(n)d players.") % {"n": self.fewest}
            )
        return players


class NewcomerForm(forms.Form):
    """A new member added at the door, on the check-in page itself. Nothing
    required in the browser: the same page's "Create" must not wait on it."""

    use_required_attribute = False

    name = forms.CharField(
        label=_("Name"), max_length=120, validators=[no_control_characters]
    )
    distinction = forms.CharField(
        label=capfirst(Player._meta.get_field("distinction").verbose_name),
        max_length=40,
        required=False,
        validators=[no_control_characters],
        help_text=_("Only for a second member of the same name: a birth year."),
    )
    guest = forms.BooleanField(
        label=_("Guest (a visitor of this evening, in no season ranking)"),
        required=False,
    )


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "members", "best_of"]
        widgets = {"members": forms.CheckboxSelectMultiple}
        field_classes = {"members": IdMultipleChoiceField}

    def __init__(self, *args, players=None, **kwargs):
        # beside the ranking's form on the season page (both have best_of)
        kwargs.setdefault("auto_id", "id_team_%s")
        super().__init__(*args, **kwargs)
        if players is not None:
            self.fields["members"].queryset = players
