"""Upload keys: made by a club's organiser on the online site, told once
to the hall laptop, checked on every upload. Only a key's SHA-256 is
stored, so a copy of the database gives nobody a working key."""

from django.db import transaction
from django.utils import timezone

from core.secret_keys import HINT_CHARS, digest_of, new_secret
from publishing.models import UploadKey

PREFIX = "rk_"  # a key is recognisable when pasted where it does not belong


@transaction.atomic
def make_key(club, name: str, user, one_event: bool = False) -> tuple[UploadKey, str]:
    """A new key for ``club``: (its row, the key itself, shown once)."""
    secret = new_secret(PREFIX)
    key = UploadKey.objects.create(
        club=club,
        name=name,
        digest=digest_of(secret),
        hint=secret[len(PREFIX) : len(PREFIX) + HINT_CHARS],
        one_event=one_event,
        created_by=user if user is not None and user.is_authenticated else None,
    )
    return key, secret


def key_for(header: str) -> UploadKey | None:
    """The valid key an ``Authorization: Bearer …`` header names, if any."""
    kind, _sep, secret = (header or "").partition(" ")
    if kind.lower() != "bearer" or not secret.strip():
        return None
    return (
        UploadKey.objects.select_related("club")
        .filter(digest=digest_of(secret.strip()), revoked_at__isnull=True)
        .first()
    )


@transaction.atomic
def revoke_key(pk: int, clubs) -> UploadKey | None:
    """Revoke key ``pk`` of one of ``clubs`` (None: no such key there)."""
    key = UploadKey.objects.select_for_update().filter(pk=pk, club__in=clubs).first()
    if key is not None and key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key
