"""Plain words for the rule schedule's terms: what a TD reads instead of
``base``, ``loss_mode`` or ``fixed-solo``.

Each term has a short label and a one-line help text (English msgids, Dutch
in the catalogue). Presentation only: the numbers live in the presets and
``rules.engine.house_rules``; nothing here decides a rule.
"""

from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine.types import Jury, Kind, LossMode, Payment, Suit


@dataclass(frozen=True)
class Label:
    text: str
    help: str = ""


#: The editable keys of a contract (``rules.engine.house_rules.editable_keys``).
FIELDS = {
    "base": Label(
        _("Base"),
        _("Points each opponent pays when the contract is just made."),
    ),
    "step": Label(
        _("Per trick"),
        _("Added for every trick over the target, or short of it when failed."),
    ),
    "bonus13": Label(
        _("All 13 bonus"),
        _("Extra when the declaring side takes all 13 tricks (kapot)."),
    ),
    "value": Label(
        _("Value"),
        _("Fixed points each opponent pays when made, or receives when failed."),
    ),
    "unit": Label(
        _("Stake"),
        _("What one player pays or receives in this game when everybody passed."),
    ),
    "loss_mode": Label(
        _("Who pays a failed game"),
        _("The declarer and the partner each pay, or the declarer alone pays double."),
    ),
    "enabled": Label(
        _("Playable"),
        _("Untick to leave this contract out of the schedule."),
    ),
    "jury": Label(
        _("Jury required"),
        _("Scored only when the jury was called and approved the contract."),
    ),
    "solo_limit": Label(
        _("Counts for the solo limit"),
        _("A made contract of this kind counts towards the solo limit."),
    ),
}

#: The schedule-wide numbers and the detail page's other columns.
SCHEDULE = {
    "solo_limit": Label(
        _("Solo limit"),
        _(
            "How many counting contracts a player may make before the jury must "
            "approve the next one."
        ),
    ),
    "target": Label(
        _("Target"),
        _("Tricks the declaring side needs (0 for misère, exactly 1 for piek)."),
    ),
    "group": Label(
        _("Together with"),
        _("Contracts that several players may play in the same deal."),
    ),
    "sanction_amount": Label(
        _("Amount"),
        _("What the offender pays; the other three share it equally."),
    ),
    "sanction_maximum": Label(
        _("Maximum"),
        _("The most the jury may give: a multiple of 3, shared by the other three."),
    ),
    "variants": Label(
        _("Optional variants"),
        _("Extra contracts or games that this club plays on top of the preset."),
    ),
    "shapes": Label(
        _("Other ways of scoring"),
        _("Rules some clubs count differently from the preset; off unless filled in."),
    ),
}

KINDS = {
    Kind.TEAM: Label(_("With a partner"), _("Declarer and partner against two.")),
    Kind.SOLO: Label(
        _("Alone"), _("One against three; points per trick over or short.")
    ),
    Kind.FIXED_SOLO: Label(
        _("Alone, fixed value"), _("One against three for a fixed value.")
    ),
    Kind.MISERE: Label(_("Misère"), _("The declarer must take no trick at all.")),
    Kind.PIEK: Label(_("Piek"), _("The declarer must take exactly one trick.")),
    Kind.ALL_PASS: Label(_("Everybody passed"), _("A game played when nobody bids.")),
}

LOSS_MODES = {
    LossMode.BOTH: Label(
        _("Declarer and partner"), _("Both pay the opponents when it fails.")
    ),
    LossMode.DECLARER: Label(
        _("Declarer alone (pays double)"), _("The partner neither pays nor wins.")
    ),
}

PAYMENTS = {
    Payment.POT: Label(
        _("Losers fill a pot"), _("The winners share what the losers pay.")
    ),
    Payment.EACH_TO_EACH: Label(
        _("Each loser pays each winner"), _("The stake, once per winner.")
    ),
}

VARIANTS = {
    "solo-7": Label(_("Solo 7"), _("Seven alone, just above rik better.")),
    "beter-solos": Label(
        _("Better solos"), _("Each solo again with hearts as trump, one step higher.")
    ),
    "schoppen-mie": Label(
        _("Schoppen mie"),
        _(
            "When everybody passes: who takes the queen of spades or the last "
            "trick loses."
        ),
    ),
    "een-vijf-elf": Label(
        _("One, five or eleven"),
        _("When everybody passes: who takes exactly 1, 5 or 11 tricks wins."),
    ),
}


#: The structural options of a house-rule set (``rules.engine.house_rules``,
#: ``SHAPE_FORMS``): what each changes, in the words of a club's rule sheet.
SHAPES = {
    "solo13_steps": Label(
        _("Solo 13: per trick short"),
        _("A failed solo 13 costs its value plus this much for every trick short."),
    ),
    "open_simultaneous": Label(
        _("Open game with several players"),
        _("Others may join an open piek or open misère and play it in the same deal."),
    ),
    "mie_double": Label(
        _("Schoppen mie: queen and last trick pay twice"),
        _("Who takes the queen of spades and the last trick as well pays twice."),
    ),
    "failed_step": Label(
        _("Failed: per trick too many"),
        _("A failed piek or misère costs its value plus this much per trick too many."),
    ),
    "pair_pays_each": Label(
        _("Each opponent pays each partner"),
        _("Every opponent pays every partner, and the other way round: twice as much."),
    ),
    "abondance_flat": Label(
        _("Failed solo: fixed amount"),
        _("A failed solo costs each opponent this amount, however many tricks short."),
    ),
    "failed_step_from": Label(
        _("Failed: step counts from trick"),
        _(
            "From which trick too many (or short) a failed game pays its step; "
            "2: the first pays only the value."
        ),
    ),
    "failed_prices": Label(
        _("Failed: own base and step"),
        _("A failed game pays this base and step instead of what it pays when made."),
    ),
    "penalty_points": Label(
        _("Standings as penalty points"),
        _(
            "Standings show how many points each player is behind the leader, "
            "lowest first."
        ),
    ),
}

#: The two parts of a contract's failed prices (shape ``failed_prices``).
PRICES = {
    "base": Label(_("Failed base"), _("What each opponent gets when it fails.")),
    "step": Label(_("Failed per trick"), _("Added per trick short or too many.")),
}


#: Suits as card players write them (no word to translate, no clash with
#: the "clubs" of the player register).
SUITS = {
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.SPADES: "♠",
    Suit.NONE: _("no trump"),
}

JURY = {Jury.APPROVED: _("jury approved"), Jury.NOT_CALLED: _("jury not called")}


def field_label(key: str) -> Label:
    return FIELDS.get(key, Label(key))


def kind_label(kind) -> Label:
    return KINDS.get(kind, Label(str(kind)))


def loss_mode_label(mode) -> Label:
    return LOSS_MODES.get(mode, Label(str(mode)))


def payment_label(payment) -> Label:
    return PAYMENTS.get(payment, Label(str(payment or "")))


def variant_label(code: str) -> Label:
    return VARIANTS.get(code, Label(code))


def lower_first(text: str) -> str:
    """A contract name inside a sentence ("Solo 9" → "solo 9")."""
    return text[:1].lower() + text[1:]


def shape_label(key: str) -> Label:
    return SHAPES.get(key, Label(key))


@dataclass(frozen=True)
class ShapeLine:
    """One active shape as the rules page says it: its label and help, and
    the contracts it changes ("Misère: 10"), by name."""

    label: Label
    contracts: list[str]


def shape_lines(schedule) -> list[ShapeLine]:
    """The schedule's active shapes in words (none for a preset)."""
    return [
        ShapeLine(shape_label(key), shape_items(schedule, key, value))
        for key, value in schedule.shapes.items()
    ]


def shape_items(schedule, key: str, value) -> list[str]:
    """A shape's value per contract in words: "Misère: 10", "Piek: from
    trick 2", "Rik: failed base 20, failed per trick 10"; none for a switch."""
    if isinstance(value, dict) and key == "failed_prices":
        return [f"{_name(schedule, c)}: {price_words(p)}" for c, p in value.items()]
    if isinstance(value, dict) and key == "failed_step_from":
        from_trick = _("from trick %(n)s")
        return [
            f"{_name(schedule, c)}: {from_trick % {'n': n}}" for c, n in value.items()
        ]
    if isinstance(value, dict):
        return [f"{_name(schedule, c)}: {n}" for c, n in value.items()]
    if isinstance(value, (list, tuple)):
        return [_name(schedule, c) for c in value]
    return []


def price_words(prices) -> str:
    """One contract's failed prices: "failed base 20, failed per trick 10"."""
    if not isinstance(prices, dict):
        return str(prices)
    return ", ".join(
        f"{lower_first(str(PRICES[k].text))} {prices[k]}" for k in PRICES if k in prices
    )


def _name(schedule, code: str) -> str:
    contract = schedule.contracts.get(code)
    return contract.name if contract is not None else code


#: The blind man's hand at a table of three (000, "Rikken for three players").
BLIND = Label(
    _("Blind man"),
    _(
        "At a table of three, the fourth hand: open on the table, played by its "
        "partner, never paid."
    ),
)


def blind_note(play: dict, players, blind: str, schedule) -> str:
    """Who plays the blind man's cards in one play at a table of three and
    answers for its share (docs/rulesets.md, "Tables of three"), in words."""
    contract = schedule.contracts.get(play.get("contract") or "")
    declarer, partner = play.get("declarer"), play.get("partner")
    if contract is None or contract.is_all_pass or not declarer:
        return gettext("the blind man plays along; nobody pays or receives its share")
    if partner == blind:
        return gettext(
            "the blind man is %(player)s's partner: %(player)s plays its cards "
            "and takes its share"
        ) % {"player": declarer}
    mates = [p for p in players if p not in (declarer, partner, blind)]
    if contract.has_partner and len(mates) == 1:
        return gettext(
            "the blind man plays with %(player)s, who plays its cards and takes "
            "its share"
        ) % {"player": mates[0]}
    return gettext(
        "the blind man plays against %(player)s; nobody pays or receives its share"
    ) % {"player": declarer}
