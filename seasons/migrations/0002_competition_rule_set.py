"""A season refers to its house-rule set by the row: filled from
the code it names. A code that is no preset and no set (its set renamed or
removed before) leaves the reference empty and the text as it is; that code,
and every such code an event names, is kept as a former code so no new set
can take it."""

import django.db.models.deletion
from django.db import migrations, models


PRESETS = ("pagat", "nl", "iwwa")  # as they were: a migration keeps its data


def refer_to_sets(apps, schema_editor):
    Competition = apps.get_model("seasons", "Competition")
    HouseRuleSet = apps.get_model("rules", "HouseRuleSet")
    RuleSetCode = apps.get_model("rules", "RuleSetCode")
    Tournament = apps.get_model("tournaments", "Tournament")
    sets = dict(HouseRuleSet.objects.values_list("slug", "pk"))
    for season in Competition.objects.exclude(rules__in=PRESETS):
        if season.rules in sets:
            season.rule_set_id = sets[season.rules]
            season.save(update_fields=["rule_set"])
    named = set(Competition.objects.values_list("rules", flat=True))
    named |= set(Tournament.objects.values_list("rules", flat=True))
    kept = set(RuleSetCode.objects.values_list("code", flat=True))
    RuleSetCode.objects.bulk_create(
        RuleSetCode(code=code)
        for code in sorted(named - set(PRESETS) - set(sets) - kept)
        if code
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0004_rulesetcode"),
        ("seasons", "0001_initial"),
        ("tournaments", "0009_event_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="competition",
            name="rule_set",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seasons",
                to="rules.houseruleset",
                verbose_name="house-rule set",
            ),
        ),
        migrations.RunPython(
            refer_to_sets, migrations.RunPython.noop
        ),  # the text stays,
    ]
