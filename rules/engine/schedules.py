"""A rule schedule: the contracts, sanctions and limits one event plays by.

Presets and house-rule sets both produce a ``Schedule``; nothing downstream
knows which one it got.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language

from rules.engine.contracts import Contract


@dataclass(frozen=True, slots=True)
class Sanction:
    """A zero-sum penalty: the offender pays, the other three share equally.

    ``amount`` is set for fixed sanctions; variable ones take the points from
    the deal record, a positive multiple of 3 up to ``maximum`` (if any).
    """

    code: str
    name_nl: str
    name_en: str
    amount: int | None = None
    maximum: int | None = None
    ceiling: int | None = None  # the most a house-rule set may make it
    may_name_sitting_out: bool = False  # deal-record.md, "Who pays whom"
    dealer_only: bool = False  # the dealer's fault: nobody else can commit it

    @property
    def variable(self) -> bool:
        return self.amount is None

    @property
    def unit(self) -> int | None:
        """What each other participant receives (a fixed sanction's third)."""
        return None if self.amount is None else self.amount // 3

    @property
    def name(self) -> str:
        lang = get_language() or "nl"
        return self.name_en if lang.startswith("en") else self.name_nl


@dataclass(frozen=True, slots=True)
class Schedule:
    code: str
    name: str
    preset: str
    contracts: Mapping[str, Contract]
    sanctions: Mapping[str, Sanction]
    solo_limit: int = 2
    variants: frozenset[str] = field(default_factory=frozenset)
    #: The house-rule set's structural options as checked (``"shapes"`` of the
    #: overrides, ``rules.engine.house_rules``); empty for a preset. The contracts
    #: already carry their effect: this is what the pages show and files keep.
    shapes: Mapping[str, Any] = field(default_factory=dict)

    def contract(self, code: str) -> Contract | None:
        """The enabled contract with this code, or None."""
        contract = self.contracts.get(code)
        return contract if contract is not None and contract.enabled else None

    def enabled_contracts(self) -> list[Contract]:
        return sorted(
            (c for c in self.contracts.values() if c.enabled),
            key=lambda c: (c.is_all_pass, c.rank),
        )
