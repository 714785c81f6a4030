"""Every problem the rules can find, one stable code each, as data.

In the style of Django's ``password_validation``: each problem has a code, a
message (sometimes a few wordings of the same problem, keyed by variant) and
a help text saying what it means, so forms, imports, ``score_deal`` and the
documentation share them. No code serves two unrelated problems. The codes of
deal-record.md keep their meaning; the rest name what that document leaves
open (a record of the wrong shape, the jury's recorded decisions, house-rule
overrides). Pure: no database.
"""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "field": self.field, "message": self.message}


@dataclass(frozen=True)
class Problem:
    code: str
    help_text: Any
    messages: dict[str, Any] = field(default_factory=dict)

    def violation(self, where: str, variant: str = "", **params) -> Violation:
        message = self.messages[variant]
        text = str(message % params) if params else str(message)
        return Violation(self.code, where, text)


PROBLEMS: dict[str, Problem] = {}


def problem(code: str, help_text, message=None, **variants) -> Problem:
    """Register a problem: one message, or several wordings by variant."""
    found = Problem(code, help_text, {"": message, **variants} if message else variants)
    assert code not in PROBLEMS, code
    PROBLEMS[code] = found
    return found


# -- the deal record (deal-record.md, "Error codes") ---------------------------
problem(
    "bad_json",
    _("The input is not one JSON object."),
    _("A deal record must be one JSON object."),
    stdin=_("stdin is not one JSON object."),
)
problem(
    "unknown_field",
    _("A key the deal record format does not have."),
    _("Unknown field “%(key)s”."),
)
problem(
    "unknown_rules",
    _("The rules name no preset and no house-rule set."),
    _("“%(rules)s” is not a preset (nl, pagat, iwwa) or a house-rule set."),
)
problem(
    "bad_players",
    _("Not four different players, or the dealer sitting out is one of them."),
    players=_("players must list exactly 4 different, non-empty names."),
    sitting_out=_(
        "sitting_out must name the dealer who sits out, not one of the four players."
    ),
    blind=_(
        "blind must name one of the four players: the blind man's hand at a "
        "table of three."
    ),
    blind_out=_("A table of three has nobody sitting out: give blind or sitting_out."),
    blind_deals=_(
        "The blind man's hand never deals: the last of the players is the "
        "dealer, one of the three at the table."
    ),
)
problem(
    "unknown_player",
    _("A play or sanction names someone not at the deal."),
    _("“%(name)s” is not one of this deal's four players."),
)
problem(
    "blind_declares",
    _("The blind man at a table of three cannot bid (000, “Rikken for three”)."),
    _(
        "%(player)s is the blind man: the blind hand never bids or declares; "
        "it can hold the called ace."
    ),
)
problem(
    "sanction_player",
    _("A sanction names a player it cannot apply to."),
    dealer=_(
        "%(sanction)s is the dealer's fault: it can only be given to "
        "%(dealer)s, who dealt."
    ),
    blind=_("%(player)s is the blind man's hand: nobody sits there to be sanctioned."),
    sitting_out=_(
        "%(player)s sits this deal out: only a forgotten turn-up "
        "card or a director's penalty can be given to them."
    ),
)
problem(
    "unknown_contract",
    _("The contract does not exist or is switched off."),
    _("“%(code)s” is not a contract of this schedule."),
)
problem(
    "declarer_missing",
    _("A play without its declarer."),
    _("Name the declarer who bid this contract."),
)
problem(
    "partner_missing",
    _("A partnership contract without its partner."),
    _("%(contract)s needs the partner who holds the called ace."),
)
problem(
    "partner_not_allowed",
    _("A partner on a contract played alone."),
    _("%(contract)s is played without a partner."),
)
problem(
    "partner_is_declarer",
    _("The partner is the declarer."),
    _("The partner cannot be the declarer."),
)
problem(
    "tricks_missing",
    _("The tricks (or who took which trick) are missing."),
    _("Enter the tricks taken by the declaring side."),
    trick=_("Name who took this trick."),
    each=_("Enter the tricks of each of the four players."),
)
problem(
    "tricks_out_of_range",
    _("Tricks that are not a whole number 0–13."),
    _("Tricks must be a whole number from 0 to 13."),
)
problem(
    "tricks_total",
    _("More than 13 tricks in all, or not 13 for all four."),
    players=_("The players' tricks add up to %(total)s, not 13."),
    declarers=_("The declarers' tricks add up to %(total)s, more than 13."),
)
problem(
    "simultaneous_not_allowed",
    _("Plays that cannot be played in one deal, or one declarer twice."),
    contracts=_("These contracts cannot be played together: %(names)s."),
    declarer=_("A player can declare only one contract per deal."),
)
problem(
    "trump_mismatch",
    _("A trump the contract does not allow."),
    _("%(contract)s is played with trump %(trump)s."),
)
problem(
    "jury_required",
    _("A jury contract without the jury's approval or a jury-not-called sanction."),
    _("%(contract)s needs the jury's approval, or a jury-not-called sanction."),
)
problem(
    "solo_limit",
    _("One solo game too many without the jury's approval."),
    _(
        "%(player)s already made %(made)s solo games; another one needs the "
        "jury's approval."
    ),
)
problem(
    "unknown_sanction",
    _("A sanction the schedule does not have."),
    _("“%(code)s” is not a sanction of this schedule."),
)
problem(
    "sanction_points",
    _("A sanction's points missing, given or not allowed."),
    fixed=_("“%(code)s” has a fixed amount; leave points out."),
    missing=_("This sanction needs its points."),
    most=_("Points must be a positive multiple of 3, at most %(max)s."),
    multiple=_("Points must be a positive multiple of 3."),
)

# -- a record of the wrong shape (not named by deal-record.md) ------------------
problem(
    "bad_plays",
    _("plays is not a list of objects."),
    not_list=_("plays must be a list (empty if all passed)."),
    not_object=_("A play must be a JSON object."),
)
problem(
    "bad_sanctions",
    _("sanctions is not a list of objects."),
    not_list=_("sanctions must be a list."),
    not_object=_("A sanction must be a JSON object."),
)
problem(
    "bad_context",
    _("context is not what the format says."),
    not_object=_("context must be a JSON object."),
    solo_made=_("solo_made must map players."),
    count=_("Must be a whole number of 0 or more."),
)
problem(
    "bad_jury",
    _("A jury value other than approved or not_called."),
    _("jury must be “approved” or “not_called”."),
)
problem(
    "bad_trump",
    _("A trump that is no suit."),
    _("Trump must be hearts, diamonds, clubs, spades or none."),
)

# -- what the jury decided (rules/engine/jury.py) ------------------------------
problem(
    "jury_not_recorded",
    _("A play marked approved without the jury's call."),
    _("No jury approval is recorded for this declarer and contract."),
)
problem(
    "jury_refused",
    _("A contract the jury refused: it was not played."),
    _("The jury refused this contract; it was not played."),
)
problem(
    "jury_conflict",
    _("“Jury not called” beside the jury's approval."),
    _(
        "The jury was called and approved %(player)s's contract: “jury not "
        "called” cannot be given as well."
    ),
)

# -- house-rule overrides (rules/engine/house_rules.py) ------------------------
problem(
    "override_preset",
    _("The house-rule set names no preset."),
    _("Unknown preset “%(p)s”."),
)
problem(
    "override_shape",
    _("A part of the overrides is not a JSON object."),
    overrides=_("Overrides must be a JSON object."),
    contracts=_("contracts must be a JSON object."),
    contract=_("Must be a JSON object."),
    sanctions=_("sanctions must be a JSON object."),
    variants=_("variants must be a list."),
    shapes=_("shapes must be a JSON object."),
)
problem("override_key", _("A key that overrides nothing."), _("Unknown key “%(k)s”."))
problem(
    "override_contract",
    _("A contract the preset does not have."),
    _("Unknown contract “%(c)s” in preset %(p)s."),
)
problem(
    "override_not_applicable",
    _("A number the contract does not use."),
    _("“%(k)s” does not apply to this contract."),
)
problem(
    "override_number",
    _("A contract's number outside 0–10000."),
    _("Must be a whole number from 0 to 10000."),
)
problem(
    "override_flag",
    _("A switch that is not true or false."),
    _("Must be true or false."),
)
problem(
    "override_loss_mode",
    _("A loss mode other than both or declarer."),
    _("Must be “both” or “declarer”."),
)
problem(
    "override_variant",
    _("A variant the preset does not offer."),
    _("Unknown variant “%(v)s” for preset %(p)s."),
)
problem(
    "override_solo_limit",
    _("A solo limit outside 1–50."),
    _("solo_limit must be a whole number 1–50."),
)
problem(
    "override_sanction",
    _("A sanction the preset does not know."),
    _("Unknown sanction “%(c)s”."),
)
problem(
    "override_penalty",
    _("An amount for the director's penalty."),
    _("The penalty has no fixed amount."),
)
problem(
    "override_sanction_amount",
    _("A sanction amount that is not 3, 6, 9…"),
    _("Must be a positive multiple of 3."),
)
problem(
    "override_sanction_ceiling",
    _("A sanction above its documented ceiling."),
    _("At most %(max)s: a sanction may not outweigh the game."),
)

# -- house-rule shapes: scoring of another shape (docs/rulesets.md) -------------
problem(
    "shape_unknown",
    _("An option under shapes that does not exist."),
    _(
        "Unknown option “%(k)s”: solo13_steps, open_simultaneous, mie_double, "
        "failed_step, pair_pays_each, abondance_flat, failed_step_from, "
        "failed_prices or penalty_points."
    ),
)
problem(
    "shape_format",
    _("An option's value of the wrong form."),
    amounts=_('Must map contracts to amounts, e.g. {"misere": 10}.'),
    contracts=_('Must be a list of contracts, e.g. ["open-piek"].'),
    contract=_("Must be a contract code."),
    switch=_("Must be true or false."),
    # "from" and "prices" are the forms' names (rules.engine.house_rules)
    **{
        "from": _('Must map contracts to a trick, e.g. {"piek": 2}.'),
        "prices": _(
            'Must map contracts to their failed prices, e.g. {"rik": {"base": 20, '
            '"step": 10}}.'
        ),
    },
    price=_('Give the failed base, the step or both, e.g. {"base": 20, "step": 10}.'),
)
problem(
    "shape_contract",
    _("An option names a contract the preset does not have."),
    _("Unknown contract “%(c)s” in preset %(p)s."),
)
problem(
    "shape_not_applicable",
    _("An option on a contract (or a preset) it cannot change."),
    solo13_steps=_("%(c)s is not a solo of all 13 tricks."),
    open_simultaneous=_(
        "%(c)s is not an open piek or open misère played by one player alone."
    ),
    failed_step=_("%(c)s is not a piek or a misère."),
    pair_pays_each=_("%(c)s is not played with a partner."),
    abondance_flat=_("%(c)s is not a solo that pays per trick short."),
    failed_step_from=_("%(c)s is not a game of a fixed value (piek, misère, solo 13)."),
    failed_prices=_("%(c)s is not a game with a declarer that can fail."),
    preset=_("Preset %(p)s has no schoppen mie."),
)
problem(
    "shape_duplicate",
    _("A contract listed twice under one option."),
    _("%(c)s is listed twice."),
)
problem(
    "shape_amount",
    _("An option's amount outside 1–10000."),
    _("Must be a whole number from 1 to %(max)s."),
)
problem(
    "shape_from",
    _("A trick to count the failed step from outside 1–13."),
    _(
        "Must be a whole number from 1 to %(max)s: the trick too many (or "
        "short) from which the step counts."
    ),
)
problem(
    "shape_from_no_step",
    _("A trick to count the failed step from, on a game without a failed step."),
    _(
        "%(c)s has no step per trick when failed, so there is nothing to count "
        "from: give it a step (failed: per trick too many, solo 13: per trick "
        "short, or failed prices)."
    ),
)
problem(
    "shape_price_key",
    _("A failed price other than base and step."),
    _("Unknown key “%(k)s”: a failed price has base and step."),
)
problem(
    "shape_price",
    _("A failed base or step outside 0–10000."),
    _("Must be a whole number from 0 to %(max)s."),
)
problem(
    "shape_conflict",
    _("Two options that each say what the same failed game pays."),
    step=_(
        "%(c)s has a failed step twice: under the failed prices and under per "
        "trick too many (or short). Keep one."
    ),
    flat=_("%(c)s has a fixed failed amount and failed prices: keep one of the two."),
)
