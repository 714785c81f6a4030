"""Rows of the road from the hall to the club's site (docs/publishing.md).

On the online site: the upload keys an organiser hands a hall
(``UploadKey``), the events that arrived by upload (``OnlineCopy``: from
where, when, and what the copy held after the last upload, to notice a
change made online meanwhile) and an upload refused because of such a
change (``UploadConflict``: both sides kept for the organiser).

In the hall: the site and key it sends to (``Destination``, told once) and
each event's place in the queue (``Outbox``: how many changes wait, the
last answer, the refusal a person must look at).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from core.secret_keys import SecretShownOnce
from seasons.models import Competition
from tournaments.models import Club, Tournament


class UploadKey(SecretShownOnce):
    """A club's key for a hall laptop (or for one event: then it is bound
    to the first event it brings). Only its SHA-256 is stored: the
    organiser sees the key once, when it is made."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="upload_keys")
    one_event = models.BooleanField(_("for one event only"), default=False)
    bound_uid = models.UUIDField(null=True, blank=True, editable=False)

    privacy = PersonalData(text=("name",), plain=("digest", "hint"), within=("pk",))

    class Meta:
        verbose_name = _("upload key")
        verbose_name_plural = _("upload keys")
        ordering = ["-created"]


class OnlineCopy(models.Model):
    """An event on this site that a hall keeps up to date."""

    tournament = models.OneToOneField(
        Tournament, models.CASCADE, related_name="online_copy"
    )
    key = models.ForeignKey(
        UploadKey, models.SET_NULL, null=True, blank=True, related_name="copies"
    )
    source = models.CharField(_("sent from"), max_length=120)
    received = models.DateTimeField(_("last upload"))
    uploads = models.PositiveIntegerField(default=0)
    #: SHA-256 of the last file stored: the same file again stores nothing.
    file_digest = models.CharField(max_length=64)
    #: SHA-256 of what this copy held right after that upload
    #: (``publishing.state``): a change made here meanwhile shows as a
    #: different digest, and the next upload is refused, not written over.
    state_digest = models.CharField(max_length=64)
    #: The organiser kept this site's change: uploads are refused until a
    #: hall's copy is taken again (``UploadConflict``).
    closed = models.BooleanField(default=False)

    privacy = PersonalData(
        text=("source",), plain=("file_digest", "state_digest"), within=("tournament",)
    )

    class Meta:
        verbose_name = _("online copy")
        verbose_name_plural = _("online copies")

    def __str__(self) -> str:
        return f"{self.tournament} ← {self.source}"


class UploadConflict(models.Model):
    """An upload refused because this site's copy changed since the last
    one: the hall's file waits here until the organiser chooses."""

    tournament = models.ForeignKey(
        Tournament, models.CASCADE, related_name="upload_conflicts"
    )
    key = models.ForeignKey(
        UploadKey, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    source = models.CharField(max_length=120)
    received = models.DateTimeField(auto_now=True)
    file = models.JSONField()
    file_digest = models.CharField(max_length=64)
    season = models.CharField(max_length=60, blank=True)
    evening = models.PositiveSmallIntegerField(null=True, blank=True)
    resolved = models.CharField(max_length=20, blank=True)  # "hall", "site"
    resolved_at = models.DateTimeField(null=True, blank=True)

    privacy = PersonalData(
        text=("file", "source"),
        plain=("file_digest", "season", "resolved"),
        within=("tournament",),
    )

    class Meta:
        ordering = ["-received"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.source}"


class Destination(models.Model):
    """The hall's side: a site and the key it gave, told once."""

    site = models.URLField(_("the site's address"), max_length=200)
    key = models.CharField(_("upload key"), max_length=100)
    #: What the site said the key is for ("club De Kroon"), when asked.
    scope = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)

    privacy = PersonalData(plain=("site", "key", "scope"))

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.site} ({self.key[:6]}…)"


class SeasonLink(models.Model):
    """A season whose evenings the hall sends, each as it is played."""

    competition = models.OneToOneField(
        Competition, models.CASCADE, related_name="online_link"
    )
    destination = models.ForeignKey(Destination, models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"{self.competition} → {self.destination.site}"


class Outbox(models.Model):
    """An event the hall sends: ``due`` counts the changes not yet sent."""

    tournament = models.OneToOneField(Tournament, models.CASCADE, related_name="outbox")
    destination = models.ForeignKey(
        Destination, models.CASCADE, related_name="outboxes"
    )
    due = models.PositiveIntegerField(default=0)
    due_since = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt = models.DateTimeField(null=True, blank=True)
    last_attempt = models.DateTimeField(null=True, blank=True)
    last_sent = models.DateTimeField(null=True, blank=True)
    #: Why the last attempt did not get through (no connection, a timeout):
    #: it is tried again by itself.
    last_error = models.CharField(max_length=300, blank=True)
    #: A refusal a person must look at (a change made online, a deal the
    #: site refuses, a key no longer valid): nothing is sent until the TD
    #: sends again.
    refused = models.TextField(blank=True)
    #: The online public page of the event, as the site answered.
    online_url = models.URLField(max_length=300, blank=True)

    privacy = PersonalData(
        text=("refused",), plain=("last_error", "online_url"), within=("tournament",)
    )

    class Meta:
        verbose_name = _("outbox")

    def __str__(self) -> str:
        return f"{self.tournament} → {self.destination.site}"
