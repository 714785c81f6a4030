"""Plain words for the rule schedule's terms: what a TD reads instead of
``base``, ``loss_mode`` or ``fixed-solo``.

Each term has a short label and a one-line help text (English msgids, Dutch
in the catalogue). Presentation only: the numbers live in the presets and
``rules.house_rules``; nothing here decides a rule.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from rules.types import Jury, Kind, LossMode, Payment, Suit


@dataclass(frozen=True)
class Label:
    text: str
    help: str = ""


#: The editable keys of a contract (``rules.house_rules.editable_keys``).
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
