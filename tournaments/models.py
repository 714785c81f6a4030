"""Players, clubs, tournaments, rounds, tables, seats and deals.

A *table-round* is one table in one round; its *seats* (1–5) hold the
players in seat order. Seat rows keep the table-round totals that standings
read; the deals themselves belong to ``scoring.models``.
"""

import secrets
import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from core.text import ASCII_RUN, clean_name, name_key
from core.validators import no_control_characters
from rules.engine import snapshots
from rules.engine.schedules import Schedule
from tournaments import people

SEATS = (1, 2, 3, 4, 5)


def new_public_id() -> str:
    """12 URL-safe random characters (72 bits): a player's public address
    that counts nothing and cannot be guessed from another's."""
    return secrets.token_urlsafe(9)


class Club(models.Model):
    name = models.CharField(
        _("name"), max_length=120, unique=True, validators=[no_control_characters]
    )
    city = models.CharField(
        _("city"), max_length=120, blank=True, validators=[no_control_characters]
    )
    #: The club's own websites, which may show the standings widget in a
    #: frame (``frame-ancestors`` of ``/embed/…``): one origin per line.
    embed_origins = models.TextField(
        _("websites that may embed the standings"),
        blank=True,
        db_default="",
        help_text=_("One address per line, e.g. https://www.myclub.nl"),
    )

    #: An organisation's name and city, not a person's (``core.personal_data``;
    #: docs/decisions.md).
    privacy = PersonalData(plain=("name", "city", "embed_origins"))

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        """A club's name is stored as a player's (``core.text.clean_name``):
        a file's "De  Troef" is the register's "De Troef"."""
        self.name = clean_name(self.name)
        super().save(*args, **kwargs)


class ClubRole(models.Model):
    """A user who manages a club's players in the register (an organiser)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")

    club = models.ForeignKey(Club, models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE)
    role = models.CharField(
        _("role"), max_length=10, choices=Role.choices, default=Role.ORGANISER
    )

    privacy = PersonalData(plain=("role",))

    class Meta:
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="unique_club_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} {self.club}"


class PlayerQuerySet(models.QuerySet):
    """The register's rule of names, where every path that adds or renames
    a player asks (``Player.clean``, ``register_rules``)."""

    def namesakes(self, name: str, club) -> list["Player"]:
        """The players of ``name`` (``name_key``: case and spacing do not
        count) in ``club`` (a row or its id; None: among the clubless),
        oldest first. Narrowed in SQL by the name's runs of plain ASCII
        only (SQLite folds no other letter's case: "Émile" would miss
        "émile"), then compared in Python."""
        name = clean_name(name or "")  # the searched name as names are stored
        key = name_key(name)
        if not key:
            return []
        others = self.filter(club_id=getattr(club, "pk", club))
        runs = sorted(ASCII_RUN.findall(name), key=len, reverse=True)
        for run in runs[:3]:
            others = others.filter(name__icontains=run)
        return [
            other
            for other in others.order_by("pk").select_related("club")
            if name_key(other.name) == key
        ]

    def name_clash(
        self,
        name: str,
        club,
        distinction: str = "",
        federation_number: str = "",
        exclude_pk: int | None = None,
    ) -> "Player | None":
        """The other player ``name`` cannot be told apart from: same name,
        same club (None: among the clubless), same distinction, and not
        both with a federation number."""
        mark = name_key(distinction or "")
        for other in self.namesakes(name, club):
            if other.pk == exclude_pk or name_key(other.distinction) != mark:
                continue
            if federation_number and other.federation_number:
                continue
            return other
        return None


def clash_message(other: "Player") -> str:
    where = other.club.name if other.club_id else gettext("no club")
    return gettext(
        "%(name)s (%(where)s) is in the register already. If this is someone "
        "else, fill in “To tell apart” (a birth year or initial) for one of "
        "them; if it is the same person, use that one."
    ) % {"name": other.label, "where": where}


class Player(models.Model):
    """The persistent register, shared by all events."""

    class PublicName(models.TextChoices):
        FULL = "full", _("Full name")
        SHORT = "short", _("First name and initial")
        HIDDEN = "hidden", _("Hidden (a number instead of the name)")

    name = models.CharField(
        _("name"), max_length=120, validators=[no_control_characters]
    )
    club = models.ForeignKey(
        Club, models.SET_NULL, null=True, blank=True, verbose_name=_("club")
    )
    federation_number = models.CharField(
        _("federation number"),
        max_length=30,
        blank=True,
        validators=[no_control_characters],
    )
    #: What tells two members of one club with the same name apart (a birth
    #: year, an initial, "jr."): ``tournaments.register_rules`` refuses a
    #: second same name in a club without it, on every path.
    distinction = models.CharField(
        _("to tell apart"),
        max_length=40,
        blank=True,
        validators=[no_control_characters],
        help_text=_("For two members with the same name: a birth year or initial."),
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(
        _("phone"), max_length=30, blank=True, validators=[no_control_characters]
    )
    #: Where the member lives, as the club's list has it ("Plaats"): for the
    #: organisers only, as every contact detail.
    place = models.CharField(
        _("place"),
        max_length=80,
        blank=True,
        db_default="",
        validators=[no_control_characters],
    )
    member_since = models.DateField(_("member since"), null=True, blank=True)
    #: Whether the public may read the distinction (a birth year, mostly):
    #: only when the member chose so; otherwise public pages tell namesakes
    #: apart by club, then by number (``tournaments.people``).
    distinction_public = models.BooleanField(
        _("show “to tell apart” on public pages"),
        default=False,
        db_default=False,
        help_text=_("Only when the member agrees: it is often a birth year."),
    )
    active = models.BooleanField(
        _("active member"),
        default=True,
        help_text=_("Inactive members stay in the register and the results."),
    )
    #: How the public pages, the API, the embed, the hall screen and public
    #: exports name the player (``tournaments.people``); the TD and the club
    #: always see the full name.
    public_name = models.CharField(
        _("name on public pages"),
        max_length=6,
        choices=PublicName.choices,
        default=PublicName.FULL,
        db_default=PublicName.FULL,
    )
    #: The day the player agreed to mail (given by the player through the
    #: confirmation link, or recorded by the secretary): no mail without it.
    mail_consent_at = models.DateField(
        _("consent to mail given on"), null=True, blank=True
    )
    mail_results = models.BooleanField(
        _("mail personal results"),
        default=False,
        db_default=False,
        help_text=_("After each published round or evening."),
    )
    mail_season = models.BooleanField(
        _("mail the season ranking"),
        default=False,
        db_default=False,
        help_text=_("After each evening."),
    )
    mail_seating = models.BooleanField(
        _("mail the seat for the next round"), default=False, db_default=False
    )
    mail_language = models.CharField(
        _("language of the mails"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        db_default="",
        help_text=_("Empty: the event's language."),
    )
    #: The player's address on the public pages, never the counting id.
    public_id = models.CharField(
        _("public identifier"),
        max_length=16,
        unique=True,
        default=new_public_id,
        editable=False,
    )

    objects = PlayerQuerySet.as_manager()

    #: The register entry is the member's own: their data export lists these
    #: fields, their erasure empties or replaces each (``seasons.privacy``).
    privacy = PersonalData(
        own=(
            "name", "distinction", "federation_number", "email", "phone",
            "place", "member_since", "distinction_public", "active", "public_name",
            "mail_consent_at",
            "mail_results", "mail_season", "mail_seating", "mail_language",
            "public_id",
        )
    )  # fmt: skip

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation_number"],
                condition=~Q(federation_number=""),
                name="unique_federation_number",
            )
        ]

    def __str__(self) -> str:
        return self.label

    def save(self, *args, **kwargs):
        """Every way in stores the name one way (``core.text.clean_name``):
        single spaces, one Unicode form; so does the distinction."""
        self.name = clean_name(self.name)
        self.distinction = clean_name(self.distinction)
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """One member per name and club unless told apart (every ModelForm
        and the admin; ``PlayerQuerySet.name_clash``)."""
        super().clean()
        other = Player.objects.name_clash(
            self.name,
            self.club_id,
            self.distinction,
            self.federation_number,
            exclude_pk=self.pk,
        )
        if other is not None:
            raise ValidationError({"name": clash_message(other)}, code="name_taken")

    @property
    def label(self) -> str:
        """The name with what tells it apart, as staff read it alone:
        "Sanne van Mierlo (1978)" (``tournaments.people.shown``)."""
        return people.shown(people.Person.of(self), public=False)


class MailSubscription(models.Model):
    """An address someone asked, on a public player page, to receive a
    player's mail at (docs/mail.md). Asking writes nothing in the register
    and sends nothing about the player: the address first gets a link that
    confirms only the address. The player's mail goes to it once the
    address is confirmed *and* the club knows it as the member's: it is the
    register's own address, or an organiser of the member's club approved
    it (``tournaments.subscriptions``)."""

    player = models.ForeignKey(
        Player, models.CASCADE, related_name="subscriptions", verbose_name=_("player")
    )
    email = models.EmailField(_("e-mail"))
    mail_results = models.BooleanField(_("mail personal results"), default=False)
    mail_season = models.BooleanField(_("mail the season ranking"), default=False)
    mail_seating = models.BooleanField(
        _("mail the seat for the next round"), default=False
    )
    language = models.CharField(
        _("language of the mails"), max_length=8, blank=True, choices=settings.LANGUAGES
    )
    #: When the address's owner opened the confirmation link.
    confirmed_at = models.DateTimeField(_("address confirmed"), null=True, blank=True)
    #: The issue time of the last confirmation link used: a link opens once.
    last_link = models.PositiveBigIntegerField(default=0)
    #: When an organiser confirmed the address as the member's.
    approved_at = models.DateTimeField(_("approved by the club"), null=True, blank=True)
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    #: The requester's address is the player's data once asked for them:
    #: it goes with the player's erasure and is in their export.
    privacy = PersonalData(own=("email",), plain=("language",), owner="player")

    class Meta:
        verbose_name = _("mail subscription")
        verbose_name_plural = _("mail subscriptions")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "email"], name="one_subscription_an_address"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} → {self.email}"


class Tournament(models.Model):
    class Method(models.TextChoices):
        POINTS = "points", _("Total points")
        PLACEMENT = "placement", _("Table placement points")

    class Language(models.TextChoices):
        NL = "nl", _("Dutch")
        EN = "en", _("English")

    class EntryMode(models.TextChoices):
        TD = "td", _("Only the TD enters deals")
        CONFIRM = "confirm", _("The table enters, the other side confirms")
        BLIND = "blind", _("Both sides enter blind; matching entries count")

    class ScoreEntry(models.TextChoices):
        DEALS = "deals", _("Every deal")
        TOTALS = "totals", _("Each player's total per round, from the paper sheet")

    class ByePolicy(models.TextChoices):
        ZERO = "zero", _("0 points")
        AVERAGE = "average", _("the player's average per round played")
        FIXED = "fixed", _("a fixed number of points")

    slug = models.SlugField(_("code"), unique=True, max_length=60)
    name = models.CharField(
        _("name"), max_length=150, validators=[no_control_characters]
    )
    date = models.DateField(_("date"))
    venue = models.CharField(
        _("venue"), max_length=150, blank=True, validators=[no_control_characters]
    )
    rules = models.CharField(_("rule schedule"), max_length=50, default="nl")
    rules_snapshot = models.JSONField(
        _("frozen rule schedule"), null=True, blank=True, editable=False
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    deals_per_round = models.PositiveSmallIntegerField(_("deals per round"), default=8)
    language = models.CharField(
        _("language"), max_length=2, choices=Language.choices, default="nl"
    )
    method = models.CharField(
        _("standings method"),
        max_length=10,
        choices=Method.choices,
        default=Method.POINTS,
    )
    tiebreaks = models.JSONField(_("tie-break chain"), default=list, blank=True)
    placement_points = models.JSONField(_("placement points"), default=list, blank=True)
    normalise_five = models.BooleanField(_("normalise 5-player tables"), default=False)
    #: Counts that tables of 4 and 5 cannot seat (6, 7, 11) play at tables of
    #: three with the blind man (000, "Rikken for three players") instead of
    #: byes; byes only when the TD asks for them (``tournaments.seating``).
    tables_of_three = models.BooleanField(
        _("tables of three with the blind man"),
        default=False,
        db_default=False,
        help_text=_(
            "When the players do not split into tables of 4 and 5 (6, 7 or 11 "
            "players), seat three at a table with the blind man's hand "
            "instead of giving byes."
        ),
    )
    hide_last_rounds = models.PositiveSmallIntegerField(
        _("hide standings of the last rounds"), default=0
    )
    bye_policy = models.CharField(
        _("points for a bye"),
        max_length=8,
        choices=ByePolicy.choices,
        default=ByePolicy.ZERO,
        help_text=_(
            "What a player who sits out a whole round (a bye) scores "
            "for it. Frozen with the rules once the first deal is stored."
        ),
    )
    bye_points = models.IntegerField(
        _("points per bye"),
        default=0,
        help_text=_("Only for “a fixed number of points”."),
    )
    entry_mode = models.CharField(
        _("who enters the deals"),
        max_length=8,
        choices=EntryMode.choices,
        default=EntryMode.TD,
        help_text=_(
            "With table-side entry the score sheet's QR code opens the "
            "table's own page on the players' phones."
        ),
    )
    score_entry = models.CharField(
        _("what is entered"),
        max_length=6,
        choices=ScoreEntry.choices,
        default=ScoreEntry.DEALS,
        help_text=_(
            "Totals: for each table and round the TD types each player's "
            "total from the paper sheet; statistics that need deals say so."
        ),
    )
    #: When round 1 starts; the calendar feed plans each later round
    #: ``round_minutes`` after the one before. Empty: the rounds are all-day.
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"),
        default=90,
        db_default=90,
        validators=[MinValueValidator(10), MaxValueValidator(600)],
        help_text=_("Play and change of tables: the calendar plans the rounds."),
    )
    created = models.DateTimeField(auto_now_add=True)
    #: Raised by every change a page shows (``tournaments.page_versions``):
    #: the public pages' cache keys carry it, so a change shows at once.
    version = models.PositiveIntegerField(default=1, editable=False)
    #: The event's identity across copies: a backup carries it, so an event
    #: imported again (a copy, a restore) is still the same event and its
    #: results are rated once (``tournaments.identity``). Not unique: a copy
    #: may sit beside its original.
    uid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)

    #: The TD names the event and its venue in their own words; the frozen
    #: rules copy a house-rule set's name and description.
    privacy = PersonalData(
        text=("name", "venue", "rules_snapshot"),
        plain=(
            "slug", "rules", "language", "method", "tiebreaks",
            "placement_points", "bye_policy", "entry_mode", "score_entry",
        ),
        within=("pk",),
    )  # fmt: skip

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    @cached_property
    def schedule(self) -> Schedule:
        """The one accessor for the event's rules: frozen once play started."""
        from rules.resolver import resolve_schedule

        if self.rules_snapshot:
            return snapshots.schedule_of(self.rules_snapshot, self.rules)
        return resolve_schedule(self.rules)

    @property
    def rules_frozen(self) -> bool:
        return bool(self.rules_snapshot)


class TournamentRole(models.Model):
    class Role(models.TextChoices):
        TD = "td", _("Tournament director")
        JURY = "jury", _("Jury")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE)
    role = models.CharField(_("role"), max_length=4, choices=Role.choices)

    privacy = PersonalData(plain=("role",))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="unique_role"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} {self.tournament}"


class Entry(models.Model):
    """A player registered for a tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        PRESENT = "present", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        SUBSTITUTE = "substitute", _("Substitute")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, models.PROTECT, related_name="entries")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.REGISTERED
    )
    withdrawn_after = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )
    #: A visitor of this event or club evening, not a member: scored at the
    #: table and in the evening's standings, never in a season ranking, a
    #: prize list or a team, and not ticked at the next check-in
    #: (docs/seasons.md, "Guests").
    guest = models.BooleanField(_("guest"), default=False, db_default=False)
    #: The club as the list or backup named it, for a player entered without
    #: a club of the register (the importer does not organise that club, or
    #: may create none): shown beside the name, in no club's register.
    club_name = models.CharField(
        _("club (as text)"),
        max_length=120,
        blank=True,
        validators=[no_control_characters],
    )

    #: ``club_name`` names a club, as ``Club.name`` does.
    privacy = PersonalData(plain=("status", "club_name", "guest"))

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["player__name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="unique_entry"
            )
        ]

    def __str__(self) -> str:
        """The name as the asker may see it, alone (``tournaments.people``):
        ``{{ entry }}`` on a public page never shows a hidden name. Pages
        that show an event's players together use ``people.event_names``."""
        return people.shown(people.Person.of(self.player))

    @property
    def club_label(self) -> str:
        """The club shown for this entry: the register's, else the text."""
        club = self.player.club
        return club.name if club is not None else self.club_name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Not seated")
        SEATED = "seated", _("Seated")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.DRAFT
    )
    published = models.BooleanField(_("results published"), default=False)
    ends_at = models.DateTimeField(
        _("round clock ends"),
        null=True,
        blank=True,
        help_text=_("Shown as a countdown on the tables' pages."),
    )
    #: A published round changed since: when, and why (the TD's reason at
    #: reopening). The public pages say so (``tournaments.corrections``).
    corrected_at = models.DateTimeField(_("corrected after publication"), null=True)
    correction_reason = models.CharField(
        _("reason for the correction"), max_length=200, blank=True
    )

    #: The TD's reason is free text the public reads (``core.personal_data``).
    privacy = PersonalData(
        text=("correction_reason",), plain=("status",), within=("tournament",)
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="unique_round"
            )
        ]

    def __str__(self) -> str:
        return str(_("Round %(n)s") % {"n": self.number})


class Bye(models.Model):
    """A player seated nowhere in a round: sits out all of it (odd fields)."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, models.RESTRICT, related_name="byes")

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        ordering = ["round", "entry__player__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="unique_bye")
        ]

    def __str__(self) -> str:
        return f"{self.entry} {self.round}"


class TableRound(models.Model):
    """One table in one round."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    closed = models.BooleanField(_("closed"), default=False)
    sheet_totals = models.JSONField(_("paper sheet totals"), null=True, blank=True)
    #: The seats' points are the totals typed from the paper sheet, not sums
    #: of deals (``scoring.services.table_totals``): no deal is stored until
    #: the table moves to deals, whose sums must then equal these totals.
    totals_only = models.BooleanField(_("totals only"), default=False)
    #: The table moved from typed totals to deals: it closes only when its
    #: deals add up to the typed totals (``tournaments.paper_sheet``). A
    #: paper-sheet check typed beside deals stays a cross-check only.
    from_totals = models.BooleanField(_("moved from totals to deals"), default=False)
    #: Reopened for a correction while the public saw its round's results
    #: (``tournaments.corrections``): a deal changed here corrects published
    #: results. A table still playing when its round was published, never
    #: closed since, was not: its new deals are no correction.
    reopened_after_publication = models.BooleanField(
        _("reopened after publication"), default=False, db_default=False
    )

    #: The paper sheet's totals are keyed by seat.
    privacy = PersonalData(plain=("sheet_totals",))

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table")
        ]

    def __str__(self) -> str:
        return str(_("Table %(n)s") % {"n": self.number})


class Seat(models.Model):
    """A player's seat at a table-round, with that table-round's totals."""

    table = models.ForeignKey(TableRound, models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    entry = models.ForeignKey(Entry, models.RESTRICT, related_name="seats")
    points = models.IntegerField(default=0)
    deals_played = models.PositiveSmallIntegerField(default=0)
    declared_made = models.PositiveSmallIntegerField(default=0)
    solo_made = models.PositiveSmallIntegerField(default=0)
    sanction_points = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"], name="unique_seat_position"
            ),
            models.UniqueConstraint(
                fields=["table", "entry"], name="unique_seat_entry"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=5), name="seat_1_to_5"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}"


class AuditLog(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True
    )
    action = models.CharField(max_length=40)
    detail = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)
    #: A line that came with an imported backup: its author is only claimed
    #: by the file (never linked to a user of this site).
    imported = models.BooleanField(default=False)
    claimed_user = models.CharField(max_length=150, blank=True)

    #: Deal lines name the players at the table; reasons are the TD's words.
    privacy = PersonalData(
        text=("detail", "claimed_user"), plain=("action",), within=("tournament",)
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%H:%M} {self.action}"


class KeepApart(models.Model):
    """Two entries of an event the TD wants at different tables (family,
    partners): a soft rule of the seating, like club-mates, weighed below a
    repeat meeting. Stored with the lower entry id first."""

    tournament = models.ForeignKey(
        Tournament, models.CASCADE, related_name="keep_apart"
    )
    first = models.ForeignKey(Entry, models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("pair kept apart")
        verbose_name_plural = _("pairs kept apart")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="unique_keep_apart"
            ),
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")),
                name="keep_apart_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"
