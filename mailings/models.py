"""Mail to players, queued: written in the TD's transaction, sent after the
response (``mailings.queue``), retried, and visible to the organiser."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from tournaments.models import Player, Tournament


class Mail(models.Model):
    class Kind(models.TextChoices):
        RESULTS = "results", _("Personal results")
        SEASON = "season", _("Season ranking")
        SEATING = "seating", _("Seat for the next round")
        CONFIRM = "confirm", _("Confirm the address")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    player = models.ForeignKey(
        Player, models.CASCADE, null=True, blank=True, related_name="mails"
    )
    tournament = models.ForeignKey(
        Tournament, models.CASCADE, null=True, blank=True, related_name="mails"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    #: What the mail is about within the event ("round:3", "evening",
    #: "seating:4"); with ``digest`` (of the figures sent) it says whether a
    #: new mail repeats one sent (not sent again) or corrects it.
    scope = models.CharField(max_length=40, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    corrected = models.BooleanField(_("correction"), default=False)
    to = models.EmailField(_("to"))
    subject = models.CharField(_("subject"), max_length=200)
    text = models.TextField()
    html = models.TextField(blank=True)
    language = models.CharField(max_length=8)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    next_try = models.DateTimeField(default=timezone.now)
    created = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)

    #: A player's own mails go with their erasure and are in their export;
    #: other players' mails name them (as the public saw them) in the text.
    #: A server's error may quote the address.
    privacy = PersonalData(
        text=("subject", "text", "html", "last_error"),
        own=("to",),
        plain=("kind", "scope", "digest", "language", "status"),
        within=("tournament",),
        owner="player",
    )

    class Meta:
        verbose_name = _("mail")
        verbose_name_plural = _("mails")
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["status", "next_try"], name="mail_due"),
            models.Index(
                fields=["player", "tournament", "kind", "scope"], name="mail_scope"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.to}"


class MailDue(models.Model):
    """Mail a result event calls for, noted in the event's transaction (so a
    change that commits is never forgotten) and worked off after the
    response (``mailings.queue``): the mails are written then, from what the
    public pages show at that moment."""

    class What(models.TextChoices):
        RESULTS = "results"  # a round published: its results, the season's
        CORRECTION = "correct"  # a public round's deals changed
        SEATING = "seating"  # a round's seats

    tournament_id = models.IntegerField()
    round = models.PositiveSmallIntegerField(default=0)  # 0: every public round
    what = models.CharField(max_length=8, choices=What.choices)
    since = models.DateTimeField(auto_now_add=True)

    privacy = PersonalData(plain=("what",))

    def __str__(self) -> str:
        return f"{self.what} {self.tournament_id}:{self.round}"
