"""House-rule sets stored in the database: a preset plus checked overrides."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.house_rules import apply_overrides, check_overrides
from rules.presets import PRESETS
from rules.schedules import Schedule


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
        _("name"), max_length=120,
        validators=[RegexValidator(r"[\x00-\x1f\x7f-\x9f]", inverse_match=True,
                                   message=_("Remove the control character."))],
    )  # fmt: skip
    preset = models.CharField(_("base preset"), max_length=10, choices=Preset.choices)
    overrides = models.JSONField(_("overrides"), default=dict, blank=True)
    description = models.TextField(_("description"), blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
        verbose_name=_("made by"),
    )  # fmt: skip
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("house-rule set")
        verbose_name_plural = _("house-rule sets")
        ordering = ["name"]
        permissions = [("rename_houseruleset", _("Can rename a house-rule set"))]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    def save(self, *args, **kwargs) -> None:
        """Refuse unchecked overrides whatever path saves the row."""
        self.full_clean()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        if self.preset not in PRESETS:
            return
        errors = check_overrides(self.preset, self.overrides)
        if errors:
            raise ValidationError(
                {"overrides": [f"{e.field}: {e.message}" for e in errors]}
            )

    def schedule(self) -> Schedule:
        return apply_overrides(self.preset, self.overrides, self.slug, self.name)
