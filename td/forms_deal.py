"""The deal-entry form: form fields → deal record, engine violations → field errors.

The form decides no rule. It only translates: a contract typed by code or
name becomes its code, a seat number becomes that seat's label, digits become
ints; anything it cannot translate is passed on as typed, so the engine names
the problem. The engine's violations come back keyed by record path
(``plays[0].partner``) and land on the field that produced that path.
"""

import re
from collections.abc import Mapping, Sequence

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.numbers import int_or_text, parse_int
from rules.engine.schedules import Schedule
from rules.engine.spoken import contract_for
from rules.engine.types import AllPassGame
from td.widgets import FastSelect, FastTextInput
from tournaments.dealing import BLIND_LABEL, BLIND_POSITION, blind_in, shown_name

MAX_PLAYS = 3
MAX_SANCTIONS = 2
PLAY_FIELDS = ("contract", "declarer", "partner", "tricks", "trump", "jury")
SANCTION_FIELDS = ("code", "player", "points")
PLAYER_FIELDS = ("declarer", "partner", "player", "queen_of_spades", "last_trick")
PATH = re.compile(r"(plays|sanctions)\[(\d+)\](?:\.(\w+)(?:\.(.+))?)?")

TRUMPS = [
    ("", "—"),
    ("hearts", _("♥ hearts")),
    ("diamonds", _("♦ diamonds")),
    ("clubs", _("♣ clubs")),
    ("spades", _("♠ spades")),
    ("none", _("no trump")),
]
JURY = [("", "—"), ("approved", _("approved")), ("not_called", _("not called"))]
#: The TD's form also records the jury's decision (``jury_desk``): approved
#: or refused, stored with the deal (``scoring.services.JuryDecisions``).
JURY_DESK = [
    ("", "—"),
    ("approved", _("approved by the jury")),
    ("refused", _("refused by the jury")),
    ("not_called", _("jury not called")),
]
JURY_DECISIONS = ("approved", "refused")
#: Violations the jury's refusal makes moot at the same field: a refused
#: contract was not played, so "needs the jury's approval" says nothing more.
MOOT_WHEN_REFUSED = ("jury_required", "solo_limit")


def contract_code(text: str, schedule: Schedule) -> str:
    """A contract typed by code, by name or as people say it
    (``rules.engine.spoken``) → its code; anything else as typed, for the
    rules to refuse by name."""
    text = text.strip()
    if schedule.contract(text):
        return text
    return contract_for(text, schedule) or text


def player_label(text: str, players: Sequence[str], seats: Mapping[str, str]) -> str:
    """A label, or a seat number ("1"–"5") of someone playing this deal → label.
    At a table of three the blind man's hand is also its chair ("4") or its
    shown name ("the blind man", translated)."""
    text = text.strip()
    if text in players:
        return text
    if seats.get(text) in players:
        return seats[text]
    match = [p for p in players if p.casefold() == text.casefold()]
    blind = blind_in(players)
    blind_words = (str(BLIND_POSITION), shown_name(BLIND_LABEL).casefold())
    if not match and blind and text.casefold() in blind_words:
        return blind
    return match[0] if match else text


def number(text: str) -> int | str:
    return int_or_text(text)


def _filled(data: Mapping, prefix: str, names: Sequence[str]) -> bool:
    return any(str(data.get(f"{prefix}_{n}") or "").strip() for n in names)


def build_record(
    data: Mapping,
    players: Sequence[str],
    seats: Mapping[str, str],
    schedule: Schedule,
    sitting_out: str | None = None,
) -> tuple[dict, list[int], list[int]]:
    """(record, form row of each play, form row of each sanction) from form data.

    ``data`` holds strings keyed like the form's fields; ``seats`` maps seat
    numbers ("1"–"5") to labels. A sanction may also name ``sitting_out``, the
    dealer who sits out at a table of five.
    """

    def text(key: str) -> str:
        value = data.get(key)
        return value.strip() if isinstance(value, str) else ""

    def person(key: str, also: Sequence[str] = ()) -> str:
        return player_label(text(key), [*players, *also], seats)

    plays, play_rows = [], []
    thrown_in = bool(data.get("thrown_in"))
    for row in range(MAX_PLAYS):
        if thrown_in or not _filled(data, f"p{row}", PLAY_FIELDS):
            continue
        play: dict = {"contract": contract_code(text(f"p{row}_contract"), schedule)}
        contract = schedule.contract(play["contract"])
        all_pass = contract is not None and contract.is_all_pass
        for key in ("declarer", "partner"):
            if text(f"p{row}_{key}") and not (all_pass and key == "declarer"):
                play[key] = person(f"p{row}_{key}")
        if text(f"p{row}_tricks") and not all_pass:
            play["tricks"] = number(text(f"p{row}_tricks"))
        for key in ("trump", "jury"):
            if text(f"p{row}_{key}"):
                play[key] = text(f"p{row}_{key}")
        if all_pass:
            play.update(_all_pass(contract, text, person, players))
        plays.append(play)
        play_rows.append(row)
    sanctions, sanction_rows = [], []
    for row in range(MAX_SANCTIONS):
        if not _filled(data, f"s{row}", SANCTION_FIELDS):
            continue
        sanction: dict = {"code": text(f"s{row}_code")}
        if text(f"s{row}_player"):
            out = [sitting_out] if sitting_out else []
            sanction["player"] = person(f"s{row}_player", out)
        if text(f"s{row}_points"):
            sanction["points"] = number(text(f"s{row}_points"))
        sanctions.append(sanction)
        sanction_rows.append(row)
    record: dict = {"plays": plays}
    if sanctions:
        record["sanctions"] = sanctions
    return record, play_rows, sanction_rows


def _all_pass(contract, text, person, players) -> dict:
    if contract.all_pass_game is AllPassGame.QUEEN_AND_LAST:
        keys = (("queen_of_spades", "ap_queen"), ("last_trick", "ap_last"))
        return {key: person(name) for key, name in keys if text(name)}
    tricks = {
        label: number(text(f"ap_t{i}"))
        for i, label in enumerate(players)
        if text(f"ap_t{i}")
    }
    return {"tricks_by_player": tricks} if tricks else {}


def field_for(
    path: str,
    play_rows: Sequence[int],
    sanction_rows: Sequence[int],
    players: Sequence[str],
) -> str | None:
    """The form field behind a violation's record path (None: a form-wide error)."""
    match = PATH.fullmatch(path or "")
    if not match:
        return None
    kind, index, key, sub = match.groups()
    rows = play_rows if kind == "plays" else sanction_rows
    if int(index) >= len(rows):
        return None
    row = rows[int(index)]
    if kind == "sanctions":
        return f"s{row}_{key if key in SANCTION_FIELDS else 'code'}"
    if key is None or key in PLAY_FIELDS:
        return f"p{row}_{key or 'contract'}"
    if key == "queen_of_spades":
        return "ap_queen"
    if key == "last_trick":
        return "ap_last"
    if key == "tricks_by_player" and sub in players:
        return f"ap_t{list(players).index(sub)}"
    if key == "tricks_by_player":
        return "ap_tricks"
    return None


def initial_from_record(record: Mapping, players: Sequence[str]) -> dict:
    """Form initial data that reproduces a stored record."""
    initial: dict = {"thrown_in": not record.get("plays")}
    for row, play in enumerate(record.get("plays", [])[:MAX_PLAYS]):
        for key in PLAY_FIELDS:
            if play.get(key) is not None:
                initial[f"p{row}_{key}"] = str(play[key])
        for i, label in enumerate(players):
            if label in play.get("tricks_by_player", {}):
                initial[f"ap_t{i}"] = str(play["tricks_by_player"][label])
        initial["ap_queen"] = play.get("queen_of_spades", initial.get("ap_queen"))
        initial["ap_last"] = play.get("last_trick", initial.get("ap_last"))
    for row, sanction in enumerate(record.get("sanctions", [])[:MAX_SANCTIONS]):
        for key in SANCTION_FIELDS:
            if sanction.get(key) is not None:
                initial[f"s{row}_{key}"] = str(sanction[key])
    return initial


class Checkbox(forms.CheckboxInput):
    """Ticked only by what a browser sends for a checkbox, not by any junk."""

    def value_from_datadict(self, data, files, name) -> bool:
        return data.get(name) in ("on", "true", "1")


def _text(label, **attrs) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=200,
        widget=FastTextInput(attrs={"autocomplete": "off", **attrs}),
    )


def _select(label, choices) -> forms.CharField:
    """A select whose value is checked by the engine, not by Django."""
    return forms.CharField(
        label=label, required=False, widget=FastSelect(choices=choices)
    )


class DealForm(forms.Form):
    """One deal at one table: up to 3 plays, the all-pass fields, 2 sanctions.

    At a table of three (``players`` holds ``BLIND_LABEL``) the blind man's
    hand is offered where it can be: as a partner (it can hold the called
    ace) and in the all-pass fields; never as a declarer or for a sanction
    (000, "Rikken for three players"). A value posted anyway goes to the
    rules, which refuse it by name (``blind_declares``, ``sanction_player``).
    """

    version = forms.CharField(required=False, widget=forms.HiddenInput)
    thrown_in = forms.BooleanField(
        label=_("All passed, thrown in"), required=False, widget=Checkbox
    )

    def __init__(
        self,
        *args,
        schedule: Schedule,
        players: Sequence[str],
        seats: Mapping[str, str],
        names: Mapping[str, str] | None = None,
        sitting_out: str | None = None,
        jury_desk: bool = False,
        decided_by: str = "",
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.schedule, self.players, self.seats = schedule, list(players), seats
        #: {label: the name shown} (``TableView.names``): the choices post
        #: the labels the record names players by, and show these.
        self.names = dict(names or {})
        self.sitting_out = sitting_out
        #: The blind man's label at a table of three, else None.
        self.blind = blind_in(self.players)
        if self.blind and str(BLIND_POSITION) not in seats:
            self.seats = {**seats, str(BLIND_POSITION): self.blind}
        #: The TD's form: the jury's decision is recorded here, with the deal
        #: (never on the players' own page, which only says "approved").
        #: Whether any contract of the schedule calls for the jury (itself,
        #: or over the solo limit): else the form has no jury fields.
        self.has_jury = any(
            c.jury or c.solo_limit for c in schedule.enabled_contracts()
        )
        self.jury_desk = jury_desk and self.has_jury
        self.decided_by = decided_by
        self.built: dict | None = None
        #: The all-pass games the schedule has (none: no all-pass section).
        self.all_pass_games = {
            c.all_pass_game.value
            for c in schedule.enabled_contracts()
            if c.is_all_pass and c.all_pass_game is not None
        }
        self.play_rows: list[int] = []
        self.sanction_rows: list[int] = []
        by_label = {label: pos for pos, label in seats.items()}
        people = [("", "—")] + [
            (p, self.name_shown(p, None if p == self.blind else by_label.get(p, "")))
            for p in players
        ]
        #: Who can declare or be sanctioned: everyone but the blind man.
        bidders = [c for c in people if not (self.blind and c[0] == self.blind)]
        for row in range(MAX_PLAYS):
            self.fields[f"p{row}_contract"] = _text(
                _("Contract"),
                list="entry-contracts",
                size=14,
                placeholder=_("code or name"),
            )
            self.fields[f"p{row}_declarer"] = _select(_("Declarer"), bidders)
            self.fields[f"p{row}_partner"] = _select(_("Partner"), people)
            self.fields[f"p{row}_tricks"] = _text(
                _("Tricks"), inputmode="numeric", size=3
            )
            self.fields[f"p{row}_trump"] = _select(_("Trump"), TRUMPS)
            if self.has_jury:
                self.fields[f"p{row}_jury"] = _select(
                    _("Jury"), JURY_DESK if self.jury_desk else JURY
                )
        self.fields["p0_contract"].widget.attrs["autofocus"] = True
        if self.jury_desk:
            self.fields["jury_by"] = forms.CharField(
                label=_("Jury decision by"),
                required=False,
                max_length=100,
                initial=decided_by,
                help_text=_(
                    "Who decided (jury member or TD); stored with the jury's "
                    "decision when you save."
                ),
                widget=FastTextInput(attrs={"autocomplete": "off", "size": 18}),
            )
        if self.has_all_pass:
            self.fields["ap_tricks"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )  # only an anchor for "tricks of each player" errors
        if "trick-count" in self.all_pass_games:
            for i, label in enumerate(players):
                self.fields[f"ap_t{i}"] = _text(
                    self.name_shown(label), inputmode="numeric", size=3
                )
        if "queen-and-last" in self.all_pass_games:
            self.fields["ap_queen"] = _select(_("Took the queen of spades"), people)
            self.fields["ap_last"] = _select(_("Took the last trick"), people)
        codes = [("", "—")] + [(s.code, s.name) for s in schedule.sanctions.values()]
        offenders = bidders
        if sitting_out:  # only a forgotten turn-up card or a penalty (engine)
            mark = _("%(seat)s · %(name)s (dealer, sitting out)")
            text = mark % {
                "seat": by_label.get(sitting_out, ""),
                "name": self.name_shown(sitting_out),
            }
            offenders = [*bidders, (sitting_out, text)]
        for row in range(MAX_SANCTIONS):
            self.fields[f"s{row}_code"] = _select(_("Sanction"), codes)
            self.fields[f"s{row}_player"] = _select(_("Player"), offenders)
            self.fields[f"s{row}_points"] = _text(
                _("Points"), inputmode="numeric", size=4
            )

    def name_shown(self, label: str, seat: str | None = None) -> str:
        """The name a page shows for a player's label (the blind man's hand
        by its translated name), after the ``seat`` number if given."""
        name = self.names.get(label) or shown_name(label)
        return f"{seat} · {name}" if seat is not None else name

    @property
    def shown_players(self) -> list[str]:
        """The deal's four players as the page names them."""
        return [self.name_shown(p) for p in self.players]

    def record(self) -> dict | None:
        """The deal record (players left to the service), or None with errors."""
        if not self.is_valid():
            return None
        record, self.play_rows, self.sanction_rows = build_record(
            self.cleaned_data,
            self.players,
            self.seats,
            self.schedule,
            self.sitting_out,
        )
        if self.jury_desk:  # "refused" is the jury's call, not a record value
            for play in record["plays"]:
                if play.get("jury") == "refused":
                    del play["jury"]
        self.built = record
        thrown_in = self.cleaned_data.get("thrown_in")
        if not record["plays"] and not thrown_in:
            self.add_error(
                "p0_contract",
                _("Enter a contract, or tick “all passed, thrown in”."),
            )
            return None
        rows = range(MAX_PLAYS)
        if thrown_in and any(
            _filled(self.cleaned_data, f"p{r}", PLAY_FIELDS[:4]) for r in rows
        ):
            self.add_error(
                "thrown_in",
                _("A thrown-in deal has no contract: clear it or untick this."),
            )
            return None
        return record

    def expected_version(self) -> int | None:
        version = parse_int(self.cleaned_data.get("version") or "")
        return version if version is not None and version >= 0 else None

    def jury_decisions(self):
        """The jury's decisions chosen on the TD's form, for the services to
        store with the deal (None: none, or not the TD's form). A play whose
        declarer or contract is not (yet) known carries none: the rules say
        what is missing."""
        from scoring.services.deals import JuryDecisions

        if not self.jury_desk or self.built is None:
            return None
        calls = []
        for play, row in zip(self.built["plays"], self.play_rows, strict=True):
            decision = self.cleaned_data.get(f"p{row}_jury")
            declarer, code = play.get("declarer"), play.get("contract")
            if (
                decision in JURY_DECISIONS
                and declarer in self.players
                and isinstance(code, str)
                and self.schedule.contract(code) is not None
            ):
                calls.append((declarer, code, decision))
        if not calls:
            return None
        by = (self.cleaned_data.get("jury_by") or "").strip() or self.decided_by
        return JuryDecisions(tuple(calls), by)

    @staticmethod
    def shown(violations) -> list:
        """The violations to show: of a refused contract, the refusal only,
        not that it needed the approval it did not get."""
        refused = {v.field for v in violations if v.code == "jury_refused"}
        return [
            v
            for v in violations
            if not (v.field in refused and v.code in MOOT_WHEN_REFUSED)
        ]

    def add_violations(self, violations) -> None:
        """Put each engine message next to the field that caused it."""
        for v in self.shown(violations):
            name = field_for(v.field, self.play_rows, self.sanction_rows, self.players)
            if name not in self.fields:
                name = None
            self.add_error(name, ValidationError(v.message, code=v.code))

    def rows(self, prefix: str, count: int, names: Sequence[str]) -> list[list]:
        keys = [[f"{prefix}{r}_{n}" for n in names] for r in range(count)]
        return [[self[k] for k in row if k in self.fields] for row in keys]

    @property
    def play_fields(self) -> list[list]:
        return self.rows("p", MAX_PLAYS, PLAY_FIELDS)

    @property
    def sanction_fields(self) -> list[list]:
        return self.rows("s", MAX_SANCTIONS, SANCTION_FIELDS)

    @property
    def trick_fields(self) -> list:
        names = [f"ap_t{i}" for i in range(len(self.players))]
        return [self[name] for name in names if name in self.fields]

    def has_value(self, prefix: str, rows: range, names: Sequence[str]) -> bool:
        data = self.data if self.is_bound else self.initial
        return any(_filled(data, f"{prefix}{r}", names) for r in rows)

    @property
    def open_more_plays(self) -> bool:
        return self.has_value("p", range(1, MAX_PLAYS), PLAY_FIELDS)

    @property
    def open_sanctions(self) -> bool:
        return self.has_value("s", range(MAX_SANCTIONS), SANCTION_FIELDS)

    @property
    def has_all_pass(self) -> bool:
        return bool(self.all_pass_games)

    @property
    def open_all_pass(self) -> bool:
        data = self.data if self.is_bound else self.initial
        for row in range(MAX_PLAYS):
            code = contract_code(str(data.get(f"p{row}_contract") or ""), self.schedule)
            contract = self.schedule.contract(code)
            if contract is not None and contract.is_all_pass:
                return True
        return False


class SheetForm(forms.Form):
    """The paper sheet's final total for each seat of the table."""

    def __init__(self, *args, seats: Sequence[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        for position, label in seats:
            self.fields[f"seat{position}"] = forms.IntegerField(
                label=label,
                min_value=-99999,
                max_value=99999,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def totals(self) -> dict[str, int]:
        return {k.removeprefix("seat"): v for k, v in self.cleaned_data.items()}
