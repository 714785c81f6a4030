"""Forms for the TD's pages. They translate input; the rules live elsewhere."""

from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import Max, Q
from django.forms.models import ModelChoiceIterator
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core.numbers import is_id
from core.text import clean_name as tidy_name
from core.text import fold
from core.validators import no_control_characters
from rules.models import CODE_INVALID
from rules.resolver import resolve_schedule, schedule_choices
from tournaments.bounds import MAX_DEALS, MAX_ROUNDS
from tournaments.codes import code_problem
from tournaments.embed_origins import MAX_EMBED_ORIGINS, clean_origin
from tournaments.models import (
    Club,
    Entry,
    Player,
    Round,
    TableRound,
    Tournament,
    TournamentRole,
)
from tournaments.people import (
    event_names,
    in_name_order,
    player_names,
    shown_sort_key,
)
from tournaments.permissions import register_players_for
from tournaments.ranking import DEFAULT_TIEBREAKS, METRICS

MAX_BYE_POINTS = 1000
#: The rule schedule a new event starts from when its organiser has none:
#: the tournament regulation (a club's own evenings pick their house rules).
DEFAULT_RULES = "iwwa"

#: Help on every field of the event form (the model's own help is kept).
EVENT_HELP = {
    "name": _("As the players and the public pages will see it."),
    "slug": _(
        "A short name for the web address of the event, e.g. kampioenschap-2026 "
        "gives /t/kampioenschap-2026/. Letters, digits, - and _ only."
    ),
    "date": _("The day the event is played."),
    "venue": _("Where it is played (optional), shown on the public pages."),
    "start_time": _(
        "When round 1 starts (optional): the calendar on the public page plans "
        "the rounds from it. Empty: the rounds show as the whole day."
    ),
    "rules": _(
        "Which contracts count and what they score. Fixed once the first deal "
        "is stored."
    ),
    "rounds": _(
        "How many rounds the event has; you can add or drop unseated ones later."
    ),
    "deals_per_round": _(
        "At a table of five the dealer sits out each deal in turn: a multiple "
        "of five (5, 10, 15 …) gives every seat the same number of sit-outs."
    ),
    "language": _(
        "The language of the printouts and exports: score sheets, seating "
        "lists, cards, PDF and XLSX."
    ),
    "method": _(
        "Total points: the sum of all deals. Table placement points: each round "
        "the best at a table gets the most points (see below)."
    ),
    "tiebreaks": _(
        "Players level on the standings method are ranked by these, in order."
    ),
    "normalise_five": _(
        "At a table of five each player sits out some deals. With this on, a "
        "player's total is their points per deal played times the deals of the "
        "rounds they played, so whoever sat out more deals is not behind. Needed "
        "only when the deals per round are not a multiple of five; while a round "
        "is being played the totals are then estimates."
    ),
    "hide_last_rounds": _(
        "Keep the results of this many last rounds off the public pages until "
        "the prize-giving (0: show every published round)."
    ),
}


def even_deal_counts(deals: int) -> list[int]:
    """The multiples of five next to ``deals`` (the ones the form allows)."""
    low, high = deals - deals % 5, deals - deals % 5 + 5
    return [n for n in (low, high) if 5 <= n <= MAX_DEALS]


def _either(numbers: list[int]) -> str:
    if len(numbers) == 2:
        return gettext("%(a)s or %(b)s") % {"a": numbers[0], "b": numbers[1]}
    return ", ".join(str(n) for n in numbers)


def sit_out_sentence(deals: int | None, normalise: bool) -> str:
    """What a table of five does with ``deals`` per round, when it is uneven
    (seat 1 deals first, so the first seats sit out once more): '' when even."""
    if not deals or deals % 5 == 0:
        return ""
    low, high = deals // 5, deals // 5 + 1
    uneven = ngettext(
        "With %(deals)s deals per round, players at a table of five sit out "
        "%(low)s or %(high)s deal, depending on their seat.",
        "With %(deals)s deals per round, players at a table of five sit out "
        "%(low)s or %(high)s deals, depending on their seat.",
        high,
    ) % {"deals": deals, "low": low, "high": high}
    even = _either(even_deal_counts(deals))
    if normalise:
        fix = gettext(
            "Normalising is on, so totals are compared per deal played; "
            "%(even)s deals would make sitting out even too."
        )
    else:
        fix = gettext(
            "Choose %(even)s deals per round so every seat sits out equally "
            "often, or switch on “Normalise 5-player tables”."
        )
    return f"{uneven} {fix % {'even': even}}"


class OrderedWidget(forms.MultiWidget):
    def decompress(self, value):
        value = list(value or [])
        return value + [""] * (len(self.widgets) - len(value))


class OrderedChoiceField(forms.MultiValueField):
    """An ordered pick of distinct keys: one select per position."""

    def __init__(self, choices, position=None, **kwargs):
        """``position``: what each select is named by, with its number
        ("Tie-break 2"): a screen reader says which place it chooses."""
        options = [("", "—"), *choices]
        fields = [forms.ChoiceField(choices=options, required=False) for _c in choices]
        widget = OrderedWidget(
            [
                forms.Select(
                    choices=options,
                    attrs={"aria-label": format_lazy("{} {}", position, n)}
                    if position
                    else {},
                )
                for n in range(1, len(choices) + 1)
            ]
        )
        super().__init__(
            fields, widget=widget, require_all_fields=False, required=False, **kwargs
        )

    def compress(self, data_list):
        keys = [k for k in data_list or [] if k]
        if len(keys) != len(set(keys)):
            raise forms.ValidationError(
                _("Each tie-break may appear only once."), code="duplicate"
            )
        return keys


class IdChoiceField(forms.ModelChoiceField):
    def to_python(self, value):
        if value not in self.empty_values and not is_id(value):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


class NameOrderIterator(ModelChoiceIterator):
    """A select of players in the Dutch order of their labels
    (``tournaments.people.shown_sort_key``), which SQL cannot sort."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        rows = [self.choice(obj) for obj in self.queryset]
        yield from sorted(rows, key=lambda row: shown_sort_key(str(row[1])))


def in_name_order_select(field) -> None:
    """``field`` (a select of players) lists them in the Dutch order."""
    field.iterator = NameOrderIterator


class IdMultipleChoiceField(forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        for pk in value:
            if not is_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)


class TournamentForm(forms.ModelForm):
    rules = forms.ChoiceField(label=_("Rule schedule"), choices=())
    tiebreaks = OrderedChoiceField(
        [(m.key, m.name) for m in METRICS.values()],
        position=_("Tie-break"),
        label=_("Tie-break chain"),
    )
    placement_points = forms.CharField(
        label=_("Placement points"),
        required=False,
        max_length=60,
        help_text=_("By rank at the table, comma separated, e.g. 4,3,2,1,0."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "date", "start_time", "venue", "rules", "rounds",
            "deals_per_round", "round_minutes", "language", "method",
            "tiebreaks", "placement_points", "normalise_five", "tables_of_three",
            "hide_last_rounds", "bye_policy", "bye_points", "entry_mode",
            "score_entry",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
            "start_time": forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
        }
        error_messages = {"slug": {"invalid": CODE_INVALID}}

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = schedule_choices()
        for name, text in EVENT_HELP.items():
            if name in self.fields and not self.fields[name].help_text:
                self.fields[name].help_text = text
        self.fields["entry_mode"].required = False
        self.fields["score_entry"].required = False
        self.fields["rounds"].validators += [
            MinValueValidator(1),
            MaxValueValidator(MAX_ROUNDS),
        ]
        self.fields["deals_per_round"].validators += [
            MinValueValidator(1),
            MaxValueValidator(MAX_DEALS),
        ]
        self.fields["hide_last_rounds"].validators.append(MaxValueValidator(MAX_ROUNDS))
        for name in ("bye_policy", "bye_points", "round_minutes"):  # older forms
            self.fields[name].required = False  # leave them out
        self.fields["bye_points"].validators += [
            MinValueValidator(-MAX_BYE_POINTS),
            MaxValueValidator(MAX_BYE_POINTS),
        ]
        if self.instance.pk:
            self.initial["placement_points"] = ",".join(
                str(p) for p in self.instance.placement_points or []
            )
            if self.instance.rules_frozen:
                self.fields["rules"].disabled = True
                self.fields["rules"].help_text = _(
                    "Frozen: deals are stored under this schedule."
                )
                for name in ("bye_policy", "bye_points"):
                    self.fields[name].disabled = True
                    self.fields[name].help_text = _(
                        "Frozen with the rules: deals are stored."
                    )
        else:
            self.initial.setdefault("tiebreaks", list(DEFAULT_TIEBREAKS))
            self.initial.setdefault("rules", self.default_rules(user))

    @staticmethod
    def default_rules(user) -> str:
        """The rules of the last event this user directs, else the
        tournament regulation (``DEFAULT_RULES``)."""
        known = {code for code, _name in schedule_choices()}
        if user is not None and user.is_authenticated:
            last = (
                Tournament.objects.filter(
                    roles__user=user, roles__role=TournamentRole.Role.TD
                )
                .order_by("-created")
                .values_list("rules", flat=True)
                .first()
            )
            if last in known:
                return last
        return DEFAULT_RULES if DEFAULT_RULES in known else next(iter(known), "")

    def five_note(self) -> str:
        """The sit-out warning for the deals per round as the form has them."""
        if self.is_bound:
            deals = self.data.get("deals_per_round")
            normalise = self.data.get("normalise_five") not in (None, "", "off")
        else:
            deals = self.initial.get("deals_per_round", self.instance.deals_per_round)
            normalise = self.initial.get("normalise_five", self.instance.normalise_five)
        try:
            deals = int(deals)
        except (TypeError, ValueError):
            return ""
        return sit_out_sentence(deals, bool(normalise))

    def five_texts(self) -> dict[str, str]:
        """The same sentences with their blanks, for static/js/event_form.js."""
        keep = {"deals": "%(deals)s", "low": "%(low)s", "high": "%(high)s"}
        start = (
            "With %(deals)s deals per round, players at a table of five sit out "
            "%(low)s or %(high)s deal, depending on their seat."
        )
        many = start.replace("deal, depending", "deals, depending")
        return {
            "one": ngettext(start, many, 1) % keep,
            "many": ngettext(start, many, 2) % keep,
            "on": gettext(
                "Normalising is on, so totals are compared per deal played; "
                "%(even)s deals would make sitting out even too."
            ),
            "off": gettext(
                "Choose %(even)s deals per round so every seat sits out equally "
                "often, or switch on “Normalise 5-player tables”."
            ),
            "or": gettext("%(a)s or %(b)s"),
            "max": str(MAX_DEALS),
        }

    def clean_entry_mode(self):
        """Left out (an older form, a script): the TD enters, as before."""
        return self.cleaned_data.get("entry_mode") or Tournament.EntryMode.TD

    def clean_score_entry(self):
        """Left out (an older form, a script): every deal, as before."""
        return self.cleaned_data.get("score_entry") or Tournament.ScoreEntry.DEALS

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        problem = code_problem(slug)
        if problem:
            raise forms.ValidationError(problem, code="reserved")
        return slug

    def clean_rules(self):
        code = self.cleaned_data["rules"]
        if self.instance.pk and self.instance.rules_frozen:
            if code != self.instance.rules:
                raise forms.ValidationError(
                    _("The rule schedule is frozen once the first deal is stored."),
                    code="frozen",
                )
            return code
        if resolve_schedule(code) is None:
            raise forms.ValidationError(
                _("Unknown rule schedule “%(code)s”."),
                code="unknown",
                params={"code": code},
            )
        return code

    def clean_start_time(self):
        """Left out (an older form, a script): as it was; sent empty: none."""
        if "start_time" not in self.data:
            return self.instance.start_time
        return self.cleaned_data.get("start_time")

    def clean_round_minutes(self):
        """Left out or empty (an older form, a script): as it was (90 for a
        new event)."""
        return self.cleaned_data.get("round_minutes") or self.instance.round_minutes

    def clean_bye_policy(self):
        return self.cleaned_data.get("bye_policy") or Tournament.ByePolicy.ZERO

    def clean_bye_points(self):
        return self.cleaned_data.get("bye_points") or 0

    def clean_placement_points(self):
        raw = self.cleaned_data["placement_points"].strip()
        if not raw:
            return []
        try:
            points = [int(p) for p in raw.replace(";", ",").split(",")]
        except ValueError:
            raise forms.ValidationError(
                _("Enter whole numbers separated by commas, e.g. 4,3,2,1,0."),
                code="invalid",
            ) from None
        if not 4 <= len(points) <= 5 or any(not 0 <= p <= 1000 for p in points):
            raise forms.ValidationError(
                _("Give 4 or 5 numbers from 0 to 1000, one per rank at the table."),
                code="invalid",
            )
        return points

    def clean(self):
        data = super().clean()
        if data.get("bye_policy") != Tournament.ByePolicy.FIXED and data.get(
            "bye_points"
        ):
            self.add_error(
                "bye_points",
                _("Points per bye only count with “a fixed number of points”."),
            )
        rounds, hide = data.get("rounds"), data.get("hide_last_rounds")
        if rounds and hide is not None and hide >= rounds:
            self.add_error(
                "hide_last_rounds",
                _("Hide fewer rounds than the tournament has (%(n)s).") % {"n": rounds},
            )
        deals = data.get("deals_per_round")
        if deals and self.instance.pk:
            highest = TableRound.objects.filter(
                round__tournament=self.instance
            ).aggregate(n=Max("deals__number"))["n"]
            if highest and deals < highest:
                self.add_error(
                    "deals_per_round",
                    _(
                        "Deal %(n)s is stored already: the rounds keep at least "
                        "%(n)s deals."
                    )
                    % {"n": highest},
                )
        if rounds and self.instance.pk:
            seated = self.instance.round_set.filter(
                number__gt=rounds, tables__isnull=False
            ).exists()
            if seated:
                self.add_error(
                    "rounds",
                    _("Rounds beyond %(n)s are already seated.") % {"n": rounds},
                )
        return data


class RoleForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(
                _("No user “%(name)s”."), code="unknown", params={"name": name}
            )
        return user


class PlayerForm(forms.ModelForm):
    club = IdChoiceField(label=_("Club"), queryset=Club.objects.all(), required=False)

    class Meta:
        model = Player
        fields = ["name", "distinction", "club", "federation_number"]

    def clean_name(self):
        """The name as it is stored (``core.text.clean_name``), before the
        model's check for a same name compares it."""
        name = tidy_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Enter a name."), code="required")
        return name

    def clean_distinction(self):
        return tidy_name(self.cleaned_data.get("distinction") or "")

    def clean_federation_number(self):
        number = self.cleaned_data["federation_number"].strip()
        if number:
            clash = Player.objects.filter(federation_number=number)
            clash = clash.exclude(pk=self.instance.pk).first()
            if clash:
                raise forms.ValidationError(
                    _("Federation number %(number)s already belongs to %(name)s."),
                    code="duplicate",
                    params={"number": number, "name": clash.name},
                )
        return number


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "embed_origins"]
        widgets = {"embed_origins": forms.Textarea(attrs={"rows": 3})}

    def clean_name(self):
        """As stored (``Club.save``), before the check that it is unique."""
        return tidy_name(self.cleaned_data["name"])

    def clean_embed_origins(self):
        """One website per line, as ``https://www.myclub.nl``: refused with
        the line that is not one, so the organiser sees what to change."""
        lines = [x.strip() for x in self.cleaned_data["embed_origins"].splitlines()]
        origins = []
        for line in filter(None, lines):
            origin = clean_origin(line)
            if origin is None:
                raise forms.ValidationError(
                    _(
                        "“%(line)s” is not a website address. Write one per "
                        "line as https://www.myclub.nl, with nothing after "
                        "the name (no /page)."
                    ),
                    code="invalid",
                    params={"line": line[:80]},
                )
            origins.append(origin)
        origins = list(dict.fromkeys(origins))
        if len(origins) > MAX_EMBED_ORIGINS:
            raise forms.ValidationError(
                _("At most %(n)s websites."),
                code="too_many",
                params={"n": MAX_EMBED_ORIGINS},
            )
        return "\n".join(origins)


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100)


class RegisterForm(forms.Form):
    """Register players from the register: those ``user`` may see
    (``register_players_for``) and not yet entered. The same list checks a
    post, so another club's member cannot be added by their id either."""

    players = IdMultipleChoiceField(
        label=_("Players"),
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )
    check_in = forms.BooleanField(label=_("Check in at once"), required=False)

    def __init__(self, tournament, *args, user, search="", **kwargs):
        super().__init__(*args, **kwargs)
        players = register_players_for(user, tournament).exclude(
            entries__tournament=tournament
        )
        wanted = fold(tidy_name(search))
        if wanted:  # however typed: spaces, case, diacritics (SQL cannot)
            players = players.filter(
                pk__in=[
                    pk
                    for pk, name in players.values_list("pk", "name")
                    if wanted in fold(name)
                ]
            )
        names = player_names(players)  # told apart as shown together
        self.fields["players"].queryset = players.select_related("club")
        self.fields["players"].label_from_instance = lambda p: names[p.pk]
        in_name_order_select(self.fields["players"])


class QuickAddForm(PlayerForm):
    check_in = forms.BooleanField(
        label=_("Check in at once"), required=False, initial=True
    )

    def __init__(self, *args, **kwargs):
        # beside the register's form on the entries page: ids of its own, so
        # a label never works the other form's box (its names stay)
        kwargs.setdefault("auto_id", "id_quick_%s")
        super().__init__(*args, **kwargs)


class EntryActionForm(forms.Form):
    ACTIONS = [
        ("checkin", _("Check in")),
        ("checkout", _("Undo check-in")),
        ("withdraw", _("Withdraw")),
        ("unwithdraw", _("Undo withdrawal")),
        ("guest", _("Mark as guest")),
        ("member", _("Make member")),
    ]
    action = forms.ChoiceField(choices=ACTIONS)


class GenerateForm(forms.Form):
    ORDERS = [
        ("mix", _("Mix the players: fewest repeat meetings")),
        ("standing", _("By standing: players close in the standings together")),
    ]
    byes = forms.BooleanField(
        label=_("Seat with byes"),
        required=False,
        help_text=_("Only tables of four; the players left over sit this round out."),
    )
    threes = forms.BooleanField(
        label=_("Seat with tables of three (with the blind man)"),
        required=False,
        help_text=_(
            "Tables of three with the blind man's hand instead of tables of five, "
            "and for 6, 7 or 11 players instead of byes."
        ),
    )
    order = forms.ChoiceField(
        label=_("Seating"),
        choices=ORDERS,
        initial="mix",
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "By standing is for the later rounds: the leaders play each other, "
            "and nobody meets a player again while that can be avoided."
        ),
    )

    def by_standing(self) -> bool:
        return self.is_valid() and self.cleaned_data.get("order") == "standing"


class MoveForm(forms.Form):
    """Move one player to any table and seat, or to sit the round out."""

    OUT = "out"

    entry = IdChoiceField(label=_("Move"), queryset=Entry.objects.none())
    table = forms.ChoiceField(label=_("to table"))
    seat = forms.TypedChoiceField(
        label=_("seat"),
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("The players from that seat on move one seat up."),
    )

    def __init__(self, round_: Round, *args, names=None, **kwargs):
        super().__init__(*args, **kwargs)
        # any entry of the event is accepted, so that the service can say
        # why one may not move (withdrawn, not checked in); the list offers
        # those who may, by the names the page shows (``tournaments.people``)
        entries = Entry.objects.filter(tournament_id=round_.tournament_id)
        names = names if names is not None else event_names(round_.tournament)
        self.fields["entry"].queryset = entries
        may_move = entries.filter(
            status__in=(Entry.Status.PRESENT, Entry.Status.SUBSTITUTE)
        ).values_list("pk", flat=True)
        self.fields["entry"].choices = [
            ("", "—"),
            *(
                (pk, names[pk])
                for pk in in_name_order({pk: names[pk] for pk in may_move})
            ),
        ]
        numbers = round_.tables.order_by("number").values_list("number", flat=True)
        self.fields["table"].choices = [
            *((str(n), str(n)) for n in numbers),
            (self.OUT, _("sits this round out")),
        ]
        self.fields["seat"].choices = [
            ("", _("last seat")),
            *((str(n), str(n)) for n in range(1, 6)),
        ]

    def target(self) -> tuple[int | None, int | None]:
        """(table number or None to sit out, seat or None for the last)."""
        table = self.cleaned_data["table"]
        if table == self.OUT:
            return None, None
        return int(table), self.cleaned_data.get("seat")


class SwapForm(forms.Form):
    a = IdChoiceField(label=_("Player"), queryset=Entry.objects.none())
    b = IdChoiceField(label=_("swaps with"), queryset=Entry.objects.none())

    def __init__(self, round_: Round, *args, names=None, **kwargs):
        super().__init__(*args, **kwargs)
        seated = Entry.objects.filter(
            Q(seats__table__round=round_) | Q(byes__round=round_)
        ).distinct()
        names = names if names is not None else event_names(round_.tournament)
        order = in_name_order(
            {pk: names[pk] for pk in seated.values_list("pk", flat=True)}
        )
        choices = [
            ("", self.fields["a"].empty_label),
            *((pk, names[pk]) for pk in order),
        ]
        for field in ("a", "b"):  # by the names the page shows
            self.fields[field].queryset = seated
            self.fields[field].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            raise forms.ValidationError(_("Pick two different players."), code="same")
        return data


class WithdrawForm(forms.Form):
    """How to fill the seat a withdrawing player leaves in an unplayed round."""

    CHOICES = [
        ("reseat", _("Seat the round again without this player")),
        (
            "substitute",
            _(
                "Put a substitute in the seat (their points are kept "
                "apart from the standings)"
            ),
        ),
        ("remove", _("Take the seat away: the table of five plays on with four")),
    ]
    choice = forms.ChoiceField(
        label=_("Fill the seat"), choices=CHOICES, widget=forms.RadioSelect
    )
    substitute = IdChoiceField(
        label=_("Substitute from the register"),
        queryset=Player.objects.none(),
        required=False,
    )
    substitute_name = forms.CharField(
        label=_("or a new substitute's name"),
        required=False,
        max_length=120,
        validators=[no_control_characters],
    )

    def __init__(self, tournament, allowed, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        labels = dict(self.CHOICES)
        if tournament.tables_of_three:
            labels["remove"] = _(
                "Take the seat away: a table of five plays on with four, a table "
                "of four with three and the blind man"
            )
        self.fields["choice"].choices = [
            (c, labels[c]) for c, _label in self.CHOICES if c in allowed
        ]
        playing = Entry.objects.filter(tournament=tournament).exclude(
            status__in=(Entry.Status.REGISTERED, Entry.Status.SUBSTITUTE)
        )
        # only whom ``user`` may see of the register (``register_players_for``)
        offered = register_players_for(user, tournament).exclude(
            pk__in=playing.values("player_id")
        )
        names = player_names(offered)  # told apart as shown together
        self.fields["substitute"].queryset = offered.select_related("club")
        self.fields["substitute"].label_from_instance = lambda p: names[p.pk]
        in_name_order_select(self.fields["substitute"])

    def clean(self):
        data = super().clean()
        data["substitute_name"] = tidy_name(data.get("substitute_name") or "")
        one = bool(data.get("substitute")) != bool(data["substitute_name"])
        if data.get("choice") == "substitute" and not one:
            self.add_error(
                "substitute",
                _(
                    "Pick the substitute from the register, or type a new "
                    "name (one of the two)."
                ),
            )
        return data

    def substitute_value(self):
        return self.cleaned_data.get("substitute") or self.cleaned_data.get(
            "substitute_name"
        )
