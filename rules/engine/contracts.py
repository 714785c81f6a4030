"""The contract record: one immutable entry per contract of a schedule.

A contract carries its numbers (base, step, bonus13, value V, unit) and its
flags; the arithmetic that reads them lives in ``scoring.settlement``. The
last fields are a house-rule set's *shapes* (``rules.engine.house_rules``):
their defaults are the presets' own arithmetic, so no preset sets them (and a
schedule frozen before a field existed scores as it did: the field's default
is what it had).
"""

from dataclasses import dataclass, field, replace

from django.utils.translation import get_language

from rules.engine.types import AllPassGame, Kind, LossMode, Payment, Suit

#: Kinds settled with a fixed value V per opponent.
FIXED_KINDS = frozenset({Kind.FIXED_SOLO, Kind.MISERE, Kind.PIEK})
#: Kinds settled as base + step per over/undertrick.
STEPPED_KINDS = frozenset({Kind.TEAM, Kind.SOLO})


@dataclass(frozen=True, slots=True)
class Contract:
    code: str
    name_nl: str
    name_en: str
    rank: float
    kind: Kind
    target: int = 0
    base: int = 0
    step: int = 0
    bonus13: int = 0
    value: int = 0
    unit: int = 0
    loss_mode: LossMode = LossMode.BOTH
    group: str | None = None
    trump: Suit | None = None
    jury: bool = False
    solo_limit: bool = False
    enabled: bool = True
    payment: Payment | None = None
    all_pass_game: AllPassGame | None = None
    winning_tricks: frozenset[int] = field(default_factory=frozenset)
    variant: str | None = None
    # -- house-rule shapes; the defaults score exactly as rulesets.md says --
    fail_step: int = 0  # fixed kinds: added per trick past the limit when failed
    fail_flat: int | None = None  # solo: a failed game pays this, no step
    pays_each: bool = False  # team: each opponent pays each of the pair
    loser_twice: bool = False  # schoppen mie: ♠Q and last trick to one: pays twice
    fail_from: int = 1  # fixed kinds: the failed step counts from this trick past
    lost_base: int | None = None  # failed: this base instead of V (or base)
    lost_step: int | None = None  # failed: this step instead of fail_step (or step)

    @property
    def name(self) -> str:
        """The name in the active language (Dutch first)."""
        lang = get_language() or "nl"
        return self.name_en if lang.startswith("en") else self.name_nl

    @property
    def has_partner(self) -> bool:
        return self.kind is Kind.TEAM

    @property
    def is_all_pass(self) -> bool:
        return self.kind is Kind.ALL_PASS

    @property
    def simultaneous(self) -> bool:
        return self.group is not None

    def made(self, tricks: int) -> bool:
        """Whether ``tricks`` taken by the declaring side make the contract."""
        if self.kind is Kind.MISERE:
            return tricks == 0
        if self.kind is Kind.PIEK:
            return tricks == 1
        return tricks >= self.target

    def tricks_past(self, tricks: int) -> int:
        """How far a failed fixed contract missed: tricks short of a 13-trick
        solo's target, tricks taken beyond what misère (0) or piek (1) allows."""
        if self.kind is Kind.MISERE:
            return tricks
        if self.kind is Kind.PIEK:
            return max(0, tricks - 1)
        return max(0, self.target - tricks)

    def with_changes(self, **changes: object) -> "Contract":
        return replace(self, **changes)

    def __str__(self) -> str:
        return self.name


def team(code, nl, en, rank, *, base, step, bonus13, loss=LossMode.BOTH, **kw):
    return Contract(
        code,
        nl,
        en,
        rank,
        Kind.TEAM,
        target=8,
        base=base,
        step=step,
        bonus13=bonus13,
        loss_mode=loss,
        **kw,
    )


def solo(code, nl, en, rank, *, target, base, step, bonus13, **kw):
    return Contract(
        code,
        nl,
        en,
        rank,
        Kind.SOLO,
        target=target,
        base=base,
        step=step,
        bonus13=bonus13,
        **kw,
    )


def fixed(code, nl, en, rank, kind, *, value, target=0, **kw):
    if kind is Kind.PIEK:
        target = 1
    return Contract(code, nl, en, rank, kind, target=target, value=value, **kw)


def all_pass(code, nl, en, *, unit, payment, game, winning=(), **kw):
    return Contract(
        code,
        nl,
        en,
        99,
        Kind.ALL_PASS,
        unit=unit,
        payment=payment,
        all_pass_game=game,
        winning_tricks=frozenset(winning),
        trump=Suit.NONE,
        **kw,
    )
