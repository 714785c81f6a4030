"""A schedule's contracts as the rules page shows them: kinds, loss modes and
groups in words, so nobody has to know ``fixed-solo`` or group ``m4``."""

from dataclasses import dataclass

from rules.engine.labels import Label, kind_label, loss_mode_label, payment_label
from rules.engine.schedules import Schedule


@dataclass(frozen=True)
class ContractRow:
    contract: object
    kind: Label
    loss_mode: Label | None
    payment: Label | None
    together_with: list[str]


def contract_rows(schedule: Schedule) -> list[ContractRow]:
    enabled = schedule.enabled_contracts()
    return [
        ContractRow(
            contract=c,
            kind=kind_label(c.kind),
            loss_mode=loss_mode_label(c.loss_mode) if c.has_partner else None,
            payment=payment_label(c.payment) if c.payment else None,
            together_with=_together_with(c, enabled),
        )
        for c in enabled
    ]


def _together_with(contract, enabled) -> list[str]:
    """Names of the contracts that may share a deal with ``contract``: itself
    (other declarers) and every other contract of its group."""
    if contract.group is None:
        return []
    return [c.name for c in enabled if c.group == contract.group]
