"""Every code a house-rule set has had is kept, so it is never given to
another set; the sets of today keep theirs."""

import django.db.models.deletion
from django.db import migrations, models


def keep_codes(apps, schema_editor):
    HouseRuleSet = apps.get_model("rules", "HouseRuleSet")
    RuleSetCode = apps.get_model("rules", "RuleSetCode")
    RuleSetCode.objects.bulk_create(
        RuleSetCode(code=slug, rule_set_id=pk)
        for pk, slug in HouseRuleSet.objects.values_list("pk", "slug")
    )


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0003_name_without_control_characters'),
    ]

    operations = [
        migrations.CreateModel(
            name='RuleSetCode',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('code', models.CharField(max_length=50, unique=True, verbose_name='code')),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('rule_set', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='codes', to='rules.houseruleset')),
            ],
            options={
                'verbose_name': 'code of a house-rule set',
                'verbose_name_plural': 'codes of house-rule sets',
            },
        ),
        migrations.RunPython(keep_codes, migrations.RunPython.noop),
    ]
