"""The API's own rows: the tokens a TD gives a score-pad app, and the
answers already given to a write, kept under its idempotency key."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from core.secret_keys import SecretShownOnce
from tournaments.models import Tournament


class ApiToken(SecretShownOnce):
    """One event's write token. Only its SHA-256 is stored: the TD sees the
    token once, when it is made; revoking keeps the row for the record."""

    tournament = models.ForeignKey(
        Tournament, models.CASCADE, related_name="api_tokens"
    )

    #: The TD names a token in their own words ("Anna's tablet").
    privacy = PersonalData(
        text=("name",), plain=("digest", "hint"), within=("tournament",)
    )

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created"]


class ApiWrite(models.Model):
    """The answer to a write, kept under the sender's idempotency key: the
    same key again gets the same answer and stores nothing."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    #: An answer to a write may name the players of the deal.
    privacy = PersonalData(text=("body",), plain=("key",), within=("tournament",))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "key"], name="unique_api_write_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.status}"
