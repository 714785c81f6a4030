"""Keys shown once: an API token for a score pad, an upload key for a hall
laptop. The holder sees the key once, when it is made; the site keeps only
its SHA-256 and its first characters (to tell keys apart on a list), so a
copy of the database gives nobody a working key. Revoking keeps the row
for the record."""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

HINT_CHARS = 6


def new_secret(prefix: str = "") -> str:
    """256 random bits, URL-safe, after ``prefix`` (which makes a key
    recognisable where it is pasted)."""
    return prefix + secrets.token_urlsafe(32)


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class SecretShownOnce(models.Model):
    """A key's row: its name, digest and hint, who made it, when, when it
    was last used and whether it is revoked."""

    name = models.CharField(_("name"), max_length=80)
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=8)  # the key's first characters
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"
