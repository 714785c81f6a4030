"""Table-side entry: the table's private link and the deals its players
enter (docs/table-side.md).

A ``TableKey`` is the capability a score sheet's QR code carries: a public
``slot`` to find it and a 192-bit ``secret`` compared in constant time. A
``Submission`` is a deal as one player entered it; it becomes a ``Deal``
only when the other side confirms it, or (blind) when both sides' entries
agree, or when the TD decides. Until then no standings, export or public page
sees it. Its record names players by seat, as a deal's does, so a player
renamed mid-round changes nothing.

A ``SeatBinding`` is a phone holding a seat of a table-round: the phone keeps
a random token in a cookie, the server only its hash. One phone per seat and
one seat per phone; only the TD releases a seat.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from tournaments.models import TableRound


class TableKey(models.Model):
    table = models.OneToOneField(TableRound, models.CASCADE, related_name="key")
    slot = models.CharField(max_length=12, unique=True)
    secret = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)
    called_at = models.DateTimeField(_("TD called"), null=True, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    privacy = PersonalData(plain=("slot", "secret"))

    def __str__(self) -> str:
        return f"{self.table} ({self.slot})"


class Submission(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for the other side")
        ACCEPTED = "accepted", _("counts")
        DISPUTED = "disputed", _("the TD decides")
        SET_ASIDE = "set_aside", _("set aside")

    #: Still on its way to counting: waiting for the other side, or the TD's.
    OPEN = (Status.WAITING, Status.DISPUTED)

    table = models.ForeignKey(TableRound, models.CASCADE, related_name="submissions")
    number = models.PositiveSmallIntegerField(_("deal"))
    seat = models.PositiveSmallIntegerField(_("entered by seat"))
    record = models.JSONField(_("deal record"))  # players by seat, as stored
    key = models.CharField(max_length=64)  # the phone's idempotency key
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.WAITING
    )
    confirmed_by = models.PositiveSmallIntegerField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reason = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    #: The TD's reason is free text; the record names players by seat.
    privacy = PersonalData(
        text=("reason",),
        plain=("record", "key", "status"),
        within=("table__round__tournament",),
    )

    class Meta:
        ordering = ["table", "number", "created", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="unique_submit_key")
        ]

    def __str__(self) -> str:
        return f"{self.table} deal {self.number} ({self.status})"


class SeatBinding(models.Model):
    table = models.ForeignKey(TableRound, models.CASCADE, related_name="bindings")
    seat = models.PositiveSmallIntegerField(_("seat"))
    token_hash = models.CharField(max_length=64, unique=True)  # sha256, hex
    created = models.DateTimeField(auto_now_add=True)

    privacy = PersonalData(plain=("token_hash",))

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_phone_a_seat")
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat}"
