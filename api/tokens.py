"""An event's write tokens: made and revoked by its TD, checked on every
write. Only a token's SHA-256 is stored, so a copy of the database gives
nobody a working token; the TD sees the token once, when it is made."""

import hmac

from django.db import transaction
from django.utils import timezone

from api.models import ApiToken
from core.secret_keys import HINT_CHARS, digest_of, new_secret
from tournaments.audit import audit
from tournaments.models import Tournament


class TokenError(Exception):
    """The request may not write: ``code`` says why (token_missing,
    token_invalid, token_revoked)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@transaction.atomic
def create_token(tournament: Tournament, name: str, user) -> tuple[ApiToken, str]:
    """A new token for ``tournament``: (its row, the token itself, to be
    shown once and never stored)."""
    secret = new_secret()
    token = ApiToken.objects.create(
        tournament=tournament,
        name=name,
        digest=digest_of(secret),
        hint=secret[:HINT_CHARS],
        created_by=user if user is not None and user.is_authenticated else None,
    )
    audit(tournament, user, "api.token_create", name=name, hint=token.hint)
    return token, secret


@transaction.atomic
def revoke_token(tournament: Tournament, pk: int, user) -> ApiToken | None:
    """Revoke the event's token ``pk`` (None: no such token of this event).
    Revoking again changes nothing; the row stays for the record."""
    token = (
        ApiToken.objects.select_for_update()
        .filter(tournament=tournament, pk=pk)
        .first()
    )
    if token is None or token.revoked_at is not None:
        return token
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    audit(tournament, user, "api.token_revoke", name=token.name, hint=token.hint)
    return token


def bearer(header: str | None) -> str:
    """The token of an ``Authorization: Bearer …`` header ("" if none)."""
    scheme, _sep, value = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return ""
    return value.strip()


def verify(slug: str, header: str | None) -> ApiToken:
    """The live token of the event with code ``slug`` the header carries
    (its ``tournament`` loaded), or ``TokenError``. A token of another event
    is invalid here, as an unknown one is; and an event code no event has
    is refused as a known one is, in the same one query: the token routes
    never tell which event codes exist."""
    secret = bearer(header)
    if not secret:
        raise TokenError("token_missing")
    digest = digest_of(secret)
    token = (
        ApiToken.objects.select_related("created_by", "tournament")
        .filter(tournament__slug=slug, digest=digest)
        .first()
    )
    # the lookup is by digest: compare anyway, in constant time
    if token is None or not hmac.compare_digest(token.digest, digest):
        raise TokenError("token_invalid")
    if token.revoked_at is not None:
        raise TokenError("token_revoked")
    return token


def mark_used(token: ApiToken) -> None:
    """Note when the token last wrote (one UPDATE, outside the deal's
    transaction)."""
    now = timezone.now()
    ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    token.last_used = now
