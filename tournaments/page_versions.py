"""The public pages' version of an event: every change they can show raises
``Tournament.version`` (the pages are cached under it, ``publicpages.cache``).

It follows the result events (``tournaments.result_events``), never the
audit log: a deal stored in a round the public does not see yet changes no
public page, so it leaves the version alone (in a hall where 100 tables
enter deals, the public pages stay cached until the TD publishes the
round); nor does a table or the round closed or reopened while the round
is not public (hidden until the prize-giving, or not published): the
public sees those only in a round whose results it sees. A renamed player
or club changes the pages of every event they are in, and so does a
player's choice of how the public sees their name (``Player.public_name``);
a change the pages do not show (a mail preference) changes none. A cached
page is keyed by the event's row, not only its code, so an event deleted
and created again under the same code never shows the old one's pages.
"""

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from tournaments.models import Club, Player, Round, Tournament
from tournaments.result_events import (
    DealsChanged,
    ResultChange,
    RoundChange,
    RoundChanged,
    result_changed,
)
from tournaments.visibility import is_public

#: How long a process may trust an event's version it read from the cache: a
#: public page is at most this stale if the cache could not be told in time.
VERSION_SECONDS = 2


def version_key(slug: str) -> str:
    return f"event-version:{slug}"


def page_token(tournament: Tournament) -> str:
    """The event's identity and version: what a cached page is kept under."""
    return f"{tournament.pk}.{tournament.version}"


def _forget(slugs: list[str]) -> None:
    """Forget the cached versions now and again once committed (a reader in
    between may have cached the old one)."""
    keys = [version_key(s) for s in slugs]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


def touch(**filters) -> None:
    """Raise the version of the events ``filters`` select."""
    events = Tournament.objects.filter(**filters)
    slugs = list(events.values_list("slug", flat=True))
    events.update(version=F("version") + 1)
    _forget(slugs)


def touch_one(tournament_id: int) -> None:
    """Raise one event's version: one statement (the deal save's path)."""
    table = Tournament._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET version = version + 1 WHERE id = %s RETURNING slug",
            [tournament_id],
        )
        slugs = [row[0] for row in cursor.fetchall()]
    _forget(slugs)


#: Round changes a public page shows only for a round whose results it
#: shows (whether a table or the round is closed). The seating of a round
#: shows as soon as it is seated, so seat changes always count.
SHOWN_FOR_PUBLIC_ROUNDS_ONLY = frozenset(
    {RoundChange.TABLES, RoundChange.CLOSED, RoundChange.REOPENED}
)


def _round_is_public(tournament_id: int, number: int) -> bool:
    """Whether the public sees round ``number`` now (a missing round counts
    as seen: raising a version is never wrong, only slower)."""
    round_ = (
        Round.objects.select_related("tournament")
        .filter(tournament_id=tournament_id, number=number)
        .first()
    )
    return round_ is None or is_public(round_)


def unseen_by_the_public(event: ResultChange) -> bool:
    """A change no public page (nor the API) shows: it keeps the version."""
    if isinstance(event, DealsChanged):
        return not event.public
    if isinstance(event, RoundChanged):
        return event.change in SHOWN_FOR_PUBLIC_ROUNDS_ONLY and not (
            _round_is_public(event.tournament_id, event.round)
        )
    return False


@receiver(result_changed, dispatch_uid="tournaments.page_versions")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    if not unseen_by_the_public(event):
        touch_one(event.tournament_id)


@receiver(post_save, sender=Tournament, dispatch_uid="page_versions.created")
@receiver(post_delete, sender=Tournament, dispatch_uid="page_versions.deleted")
def _event_row_changed(sender, instance: Tournament, **kwargs) -> None:
    """A code that now names another row (or none) has no cached version."""
    if kwargs.get("created", True):
        _forget([instance.slug])


#: Register fields no public page shows: saving a change of these alone (a
#: player's consent to mail, a new phone number) keeps the pages cached.
UNSHOWN_PLAYER_FIELDS = frozenset(
    {
        "email",
        "phone",
        "member_since",
        "mail_consent_at",
        "mail_results",
        "mail_season",
        "mail_seating",
        "mail_language",
    }
)


def _shown_fields(update_fields) -> list[str]:
    """The saved fields (their attnames) a public page may show: every field
    not known to be unshown, so a field added later counts until said."""
    fields = [
        f.attname
        for f in Player._meta.concrete_fields
        if not f.primary_key and f.name not in UNSHOWN_PLAYER_FIELDS
    ]
    if update_fields is None:
        return fields
    saved = {Player._meta.get_field(name).attname for name in update_fields}
    return [f for f in fields if f in saved]


@receiver(pre_save, sender=Player, dispatch_uid="page_versions.player_before")
def _player_before(sender, instance: Player, raw=False, update_fields=None, **kw):
    """Keep the stored row's shown fields: ``post_save`` compares them (the
    saved instance no longer knows its old name or name choice)."""
    if raw or instance.pk is None:
        return
    fields = _shown_fields(update_fields)
    if not fields:  # ``update_fields`` saves nothing a page shows
        instance._shown_before = {}
        return
    # None when there is no stored row: counted as changed
    instance._shown_before = (
        Player.objects.filter(pk=instance.pk).values(*fields).first()
    )


@receiver(post_save, sender=Player, dispatch_uid="page_versions.player")
def _player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    """Raise the versions of the player's events when something their pages
    show changed: the name, its mark, the club, the federation number or the
    choice of how the public sees the name."""
    before = instance.__dict__.pop("_shown_before", None)
    if created:
        return
    if before is not None and all(
        getattr(instance, field) == value for field, value in before.items()
    ):
        return
    touch(entries__player=instance)


@receiver(post_save, sender=Club, dispatch_uid="page_versions.club")
def _club_saved(sender, instance: Club, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player__club=instance)
