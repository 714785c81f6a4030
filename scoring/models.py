"""Deals, their history and the jury's calls: what ``scoring`` stores.

A deal stores its canonical record (players named by seat) and its scores per
seat in five columns whose sum the database checks to be zero. The tables
keep the names they had when these models lived in ``tournaments``.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from tournaments.models import Entry, TableRound


class Deal(models.Model):
    """One deal at a table-round: the record as entered and the scores per seat."""

    table = models.ForeignKey(TableRound, models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    record = models.JSONField(_("deal record"))  # players by seat (records.py)
    facts = models.JSONField(default=dict)  # what the rules decided (pipeline.py)
    s1 = models.IntegerField(default=0)
    s2 = models.IntegerField(default=0)
    s3 = models.IntegerField(default=0)
    s4 = models.IntegerField(default=0)
    s5 = models.IntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True
    )

    #: The record names players by seat, never by name (``scoring.records``).
    privacy = PersonalData(plain=("record", "facts"))

    class Meta:
        db_table = "tournaments_deal"
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_deal"),
            models.CheckConstraint(
                condition=Q(
                    s1=-(F("s2") + F("s3") + F("s4") + F("s5")),
                ),
                name="deal_sums_to_zero",
            ),
        ]

    def __str__(self) -> str:
        return str(_("Deal %(n)s") % {"n": self.number})

    @property
    def seat_scores(self) -> list[int]:
        return [self.s1, self.s2, self.s3, self.s4, self.s5]


class DealRevision(models.Model):
    """History of a corrected deal: who, when, old → new."""

    deal = models.ForeignKey(Deal, models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField()
    old_record = models.JSONField(null=True)
    old_scores = models.JSONField(null=True)
    new_record = models.JSONField()
    new_scores = models.JSONField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True)
    at = models.DateTimeField(auto_now_add=True)

    privacy = PersonalData(
        plain=("old_record", "old_scores", "new_record", "new_scores")
    )

    class Meta:
        db_table = "tournaments_dealrevision"
        ordering = ["deal", "version"]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}"


class JuryCall(models.Model):
    """The jury's decision on a jury contract (or a solo over the limit)."""

    class Decision(models.TextChoices):
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")

    table = models.ForeignKey(TableRound, models.CASCADE, related_name="jury_calls")
    deal_number = models.PositiveSmallIntegerField(_("deal"))
    entry = models.ForeignKey(Entry, models.CASCADE, verbose_name=_("declarer"))
    contract = models.CharField(_("contract"), max_length=40)
    decision = models.CharField(_("decision"), max_length=8, choices=Decision.choices)
    #: Who decided (the jury member or the TD, as the deal form or the jury
    #: page named them); ``user`` is who recorded it.
    decided_by = models.CharField(_("decided by"), max_length=100, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True)
    #: Who recorded the decision, as a restored backup names them: a name
    #: only, never linked to an account of this site (docs/roles.md).
    claimed_user = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    #: Who decided is a name as the form gave it (``core.personal_data``).
    privacy = PersonalData(
        text=("decided_by", "claimed_user"),
        plain=("contract", "decision"),
        within=("table__round__tournament",),
    )

    class Meta:
        db_table = "tournaments_jurycall"
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.contract} {self.decision}"

    @property
    def recorder(self) -> str:
        """Who recorded it: the account, else the name a backup gave."""
        return self.user.get_username() if self.user else self.claimed_user


from scoring.models_tableside import (  # noqa: E402, F401
    SeatBinding,
    Submission,
    TableKey,
)
