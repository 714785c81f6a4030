"""House-rule sets stored in the database: a preset plus checked overrides.

Events and seasons name a set by its code, so a code is given once: a set
someone uses keeps its code (``rules.usage``), and every code a set ever had
stays in ``RuleSetCode``, never to be given to another set.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext_lazy as _

from core.personal_data import PersonalData
from rules.engine.house_rules import apply_overrides, check_overrides
from rules.engine.presets import PRESETS
from rules.engine.schedules import Schedule

#: Said of a code (a rule set's, an event's, a season's) that is not one,
#: instead of Django's words about a "slug".
CODE_INVALID = _(
    "Use only letters, digits, hyphens (-) and underscores (_) in a code, "
    "e.g. club-2026."
)


class HouseRuleSet(models.Model):
    class Preset(models.TextChoices):
        PAGAT = "pagat", _("Pagat (international units)")
        NL = "nl", _("Dutch club table (points)")
        IWWA = "iwwa", _("IWWA tournament regulation")

    slug = models.SlugField(
        _("code"),
        unique=True,
        max_length=50,
        validators=[
            RegexValidator(
                r"^(?!(pagat|nl|iwwa)$)",
                _("This code is taken by a preset."),
            )
        ],
    )
    name = models.CharField(
        _("name"),
        max_length=120,
        validators=[
            RegexValidator(
                r"[\x00-\x1f\x7f-\x9f]",
                inverse_match=True,
                message=_("Remove the control character."),
            )
        ],
    )
    preset = models.CharField(_("base preset"), max_length=10, choices=Preset.choices)
    overrides = models.JSONField(_("overrides"), default=dict, blank=True)
    description = models.TextField(_("description"), blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("made by"),
    )
    updated = models.DateTimeField(auto_now=True)

    #: Its name and description are words people write (``core.personal_data``).
    privacy = PersonalData(
        text=("name", "description"), plain=("slug", "preset", "overrides")
    )

    class Meta:
        verbose_name = _("house-rule set")
        verbose_name_plural = _("house-rule sets")
        ordering = ["name"]
        permissions = [("rename_houseruleset", _("Can rename a house-rule set"))]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    def save(self, *args, **kwargs) -> None:
        """Refuse unchecked overrides, a code in use changing and a code of
        another set, whatever path saves the row; the code is kept for good."""
        self.full_clean()
        with transaction.atomic():
            super().save(*args, **kwargs)
            kept, _new = RuleSetCode.objects.get_or_create(
                code=self.slug, defaults={"rule_set": self}
            )
            if kept.rule_set_id != self.pk:  # another set took it meanwhile
                raise IntegrityError(f"code {self.slug!r} belonged to another set")

    def clean(self) -> None:
        errors = {}
        if self.preset in PRESETS and (
            found := check_overrides(self.preset, self.overrides)
        ):
            errors["overrides"] = [f"{e.field}: {e.message}" for e in found]
        if message := self._code_problem():
            errors["slug"] = [message]
        if errors:
            raise ValidationError(errors)

    def _code_problem(self) -> str | None:
        """Why the set may not have its code: its old one is in use, or the
        new one belonged to another set (``validate_unique`` names a code
        another set has now)."""
        from rules.usage import in_use_message, users_of

        if not self.slug:
            return None
        old = HouseRuleSet.objects.filter(pk=self.pk).first() if self.pk else None
        if old is not None and old.slug != self.slug:
            users = users_of(old)
            if users:
                return in_use_message(old.slug, users)
        if HouseRuleSet.objects.filter(slug=self.slug).exclude(pk=self.pk).exists():
            return None
        if retired(self.slug, self):
            return str(RETIRED % {"code": self.slug})
        return None

    def schedule(self) -> Schedule:
        return apply_overrides(self.preset, self.overrides, self.slug, self.name)


RETIRED = _(
    "The code “%(code)s” belonged to another house-rule set: a code is never "
    "given twice, so whatever named it never plays by other rules. Choose "
    "another code."
)


class RuleSetCode(models.Model):
    """A code a house-rule set has had (its set empty once deleted): never
    given to another set, so an event or season that named it is never
    played by a stranger's rules."""

    code = models.CharField(_("code"), max_length=50, unique=True)
    rule_set = models.ForeignKey(
        HouseRuleSet, models.SET_NULL, null=True, blank=True, related_name="codes"
    )
    created = models.DateTimeField(auto_now_add=True)

    privacy = PersonalData(plain=("code",))

    class Meta:
        verbose_name = _("code of a house-rule set")
        verbose_name_plural = _("codes of house-rule sets")

    def __str__(self) -> str:
        return self.code


def retired(code: str, rule_set: HouseRuleSet | None = None) -> bool:
    """Whether ``code`` was another set's (a set may take back its own)."""
    former = RuleSetCode.objects.filter(code=code)
    if rule_set is not None and rule_set.pk:
        former = former.exclude(rule_set_id=rule_set.pk)
    return former.exists()


def code_taken(code: str) -> bool:
    """A preset's code, a set's code, or one a set had: not for a new set."""
    return (
        code in PRESETS
        or HouseRuleSet.objects.filter(slug=code).exists()
        or RuleSetCode.objects.filter(code=code).exists()
    )
