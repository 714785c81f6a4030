"""A club's season (competition) of evenings, its teams and the ratings.

The season sits above events: an evening *is* an event (``Tournament``) that
an ``Evening`` row ties to its competition, so everything an event has (entry,
check-in, seating, deal entry, exports) works on an evening unchanged and the
``tournaments`` layer knows nothing of seasons.
"""

from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from core.validators import no_control_characters
from rules.engine.presets import PRESETS
from rules.models import HouseRuleSet
from tournaments.bounds import MAX_DEALS, MAX_ROUNDS
from tournaments.models import Club, Player, Tournament


class Bounds(NamedTuple):
    """The lowest and highest value a setting takes, both allowed."""

    low: int
    high: int

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


# The bounds of a season's settings, declared once: the settings and ranking
# forms (``td.forms_season``) and the season backup
# (``documents.season_backup``) read them, so a backup of any season the site
# holds imports, and then saves in its own forms. An evening is an event:
# its partijen and deals are an event's rounds and deals.
PARTIJEN = Bounds(1, MAX_ROUNDS)
DEALS_PER_PARTIJ = Bounds(1, MAX_DEALS)
#: Points for one place of an evening (the placement table), and at most
#: this many places.
PLACEMENT_POINTS = Bounds(-1000, 1000)
MOST_PLACES = 1000
BEST_OF = Bounds(1, 1000)
MIN_EVENINGS = Bounds(0, 1000)
PRIZES_TOP = Bounds(0, 1000)


class Competition(models.Model):
    """A season of one club: its evenings' format and how it ranks."""

    class Method(models.TextChoices):
        SUM = "sum", _("Sum of points")
        AVERAGE = "average", _("Average points per deal played")
        PLACEMENT = "placement", _("Placement points per evening")

    class Absent(models.TextChoices):
        NOTHING = "nothing", _("Does not count")
        ZERO = "zero", _("Counts as zero")
        AVERAGE = "average", _("Counts as the player's average evening")

    class Order(models.TextChoices):
        HIGH = "high", _("Highest wins")
        LOW = "low", _("Lowest wins")

    club = models.ForeignKey(
        Club, models.PROTECT, related_name="competitions", verbose_name=_("club")
    )
    name = models.CharField(
        _("name"), max_length=150, validators=[no_control_characters]
    )
    slug = models.SlugField(_("code"), unique=True, max_length=60)
    season = models.CharField(
        _("season"),
        max_length=30,
        blank=True,
        validators=[no_control_characters],
        help_text=_("For example 2026-2027."),
    )
    # The evening format a new evening starts from. A house-rule set is
    # referred to by the row (it keeps its code while used); ``rules`` is its
    # code then, or a preset's, as forms and backups give it.
    rules = models.CharField(_("rule schedule"), max_length=50, default="nl")
    rule_set = models.ForeignKey(
        HouseRuleSet,
        models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons",
        verbose_name=_("house-rule set"),
    )
    partijen = models.PositiveSmallIntegerField(
        _("partijen per evening"),
        default=2,
        help_text=_("Each partij is one round with its own seating."),
    )
    deals_per_partij = models.PositiveSmallIntegerField(
        _("deals per partij"), default=20
    )
    byes = models.BooleanField(
        _("byes instead of tables of five"),
        default=False,
        help_text=_(
            "Off: one to three players too many play at tables of five, "
            "where the dealer sits out each deal in turn."
        ),
    )
    tables_of_three = models.BooleanField(
        _("tables of three with the blind man"),
        default=False,
        db_default=False,
        help_text=_(
            "When the members present do not split into tables of 4 and 5 "
            "(6, 7 or 11), three play at a table with the blind man's hand "
            "instead of byes."
        ),
    )
    # The season ranking (seasons.ranking.SeasonRules).
    method = models.CharField(
        _("ranking"), max_length=10, choices=Method.choices, default=Method.SUM
    )
    placement_points = models.JSONField(
        _("placement points"),
        default=list,
        blank=True,
        help_text=_("Points for 1st, 2nd, 3rd … place of an evening."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best evenings that count"),
        null=True,
        blank=True,
        help_text=_("Empty: every evening counts."),
    )
    min_evenings = models.PositiveSmallIntegerField(
        _("minimum evenings for the final ranking"), default=0
    )
    absent = models.CharField(
        _("an evening missed"),
        max_length=8,
        choices=Absent.choices,
        default=Absent.NOTHING,
    )
    order = models.CharField(
        _("order"), max_length=4, choices=Order.choices, default=Order.HIGH
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        help_text=_("In order: evenings, best, wins, points."),
    )
    prizes = models.JSONField(_("prize table"), default=dict, blank=True)
    score_entry = models.CharField(
        _("what is entered"),
        max_length=6,
        choices=Tournament.ScoreEntry.choices,
        default=Tournament.ScoreEntry.DEALS,
        help_text=_("What a new evening starts with; each evening may change it."),
    )
    entry_mode = models.CharField(
        _("who enters the deals"),
        max_length=8,
        choices=Tournament.EntryMode.choices,
        default=Tournament.EntryMode.TD,
        help_text=_("What a new evening starts with (table-side entry or not)."),
    )
    weekday = models.PositiveSmallIntegerField(
        _("club evening"),
        null=True,
        blank=True,
        choices=[
            (0, _("Monday")),
            (1, _("Tuesday")),
            (2, _("Wednesday")),
            (3, _("Thursday")),
            (4, _("Friday")),
            (5, _("Saturday")),
            (6, _("Sunday")),
        ],
        help_text=_("The weekday the club plays: a new evening's date is proposed."),
    )
    #: When an evening starts (the calendar feed); empty: all-day.
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    closed = models.BooleanField(
        _("season closed"),
        default=False,
        help_text=_(
            "A closed season takes no new evenings and no changes until it is "
            "reopened with a reason."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)

    #: The organiser names the season in their own words.
    privacy = PersonalData(
        text=("name", "season"),
        plain=(
            "slug", "rules", "method", "placement_points", "absent", "order",
            "tiebreaks", "prizes", "score_entry", "entry_mode",
        ),
        within=("pk",),
    )  # fmt: skip

    class Meta:
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        ordering = ["-created", "name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """The season holds on to its set: ``rule_set`` wins and ``rules``
        mirrors its code. Without one, ``rules`` (what forms and backups
        give) is a preset's code, or the set of that code becomes
        ``rule_set`` (none: the text stays, and no evening is made)."""
        if self.rule_set_id is not None:
            self.rules = self.rule_set.slug
        elif self.rules not in PRESETS:
            self.rule_set = HouseRuleSet.objects.filter(slug=self.rules).first()
        super().save(*args, **kwargs)

    @property
    def rules_code(self) -> str:
        """The code a new evening plays by: the set's own, else the text."""
        return self.rule_set.slug if self.rule_set_id else self.rules


class Evening(models.Model):
    """One evening (or tournament day) of a competition: an event."""

    competition = models.ForeignKey(
        Competition, models.CASCADE, related_name="evenings"
    )
    tournament = models.OneToOneField(
        Tournament, models.CASCADE, related_name="evening"
    )
    number = models.PositiveSmallIntegerField(_("evening"))
    prize_evening = models.BooleanField(_("prize evening"), default=False)

    class Meta:
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")
        ordering = ["competition", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "number"], name="unique_evening_number"
            )
        ]

    def __str__(self) -> str:
        return str(_("Evening %(n)s") % {"n": self.number})


class Team(models.Model):
    """Players who count together, in one event or over a season."""

    name = models.CharField(
        _("name"), max_length=120, validators=[no_control_characters]
    )
    competition = models.ForeignKey(
        Competition, models.CASCADE, null=True, blank=True, related_name="teams"
    )
    tournament = models.ForeignKey(
        Tournament, models.CASCADE, null=True, blank=True, related_name="teams"
    )
    members = models.ManyToManyField(Player, related_name="teams")
    best_of = models.PositiveSmallIntegerField(
        _("best members that count"),
        null=True,
        blank=True,
        help_text=_("Empty: every member counts."),
    )

    #: A team is often named after its members.
    privacy = PersonalData(text=("name",), within=("tournament", "competition"))

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(competition__isnull=True) ^ Q(tournament__isnull=True),
                name="team_in_one_competition_or_event",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Rating(models.Model):
    """A player's rating after an event (openskill, Plackett-Luce): the
    history is the list of these; the newest is the current rating."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="ratings")
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text=_("mu − 3 sigma: what the list ranks by"))
    events = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["player", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "tournament"], name="unique_rating_per_event"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.ordinal:.1f}"


class RatingsDue(models.Model):
    """Ratings that must catch up with a change (``seasons.rating_queue``):
    written in the transaction of the change, worked off after the response.
    ``tournament_id`` is the event whose results changed; empty means every
    rating again (an older event moved, an event came or went)."""

    tournament_id = models.IntegerField(null=True, blank=True)
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("ratings to update")
        verbose_name_plural = _("ratings to update")

    def __str__(self) -> str:
        return f"{self.tournament_id or 'all'} since {self.since:%H:%M:%S}"


class SeasonLog(models.Model):
    """The season's audit line: evenings deleted, closed, reopened, the
    season deleted. Kept when the season goes (``competition`` empties,
    ``season`` keeps its name and code)."""

    competition = models.ForeignKey(
        Competition, models.SET_NULL, null=True, blank=True, related_name="log"
    )
    season = models.CharField(max_length=220)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True
    )
    action = models.CharField(max_length=40)
    detail = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    #: ``season`` keeps the season's name once the season is gone.
    privacy = PersonalData(
        text=("season", "detail"), plain=("action",), within=("competition",)
    )

    class Meta:
        verbose_name = _("season audit line")
        verbose_name_plural = _("season audit lines")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.season}: {self.action}"
