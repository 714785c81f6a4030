"""TableRound.reopened_after_publication (issue 36): which tables of a
published round were reopened for a correction. Before it, every deal of a
published round counted as one; the tables open in a round that carries a
correction's reason keep that (they were reopened for it, or their round
was), every other table starts as not reopened. No other row changes."""

from django.db import migrations, models


def reopened_tables(apps, schema_editor):
    TableRound = apps.get_model("tournaments", "TableRound")
    TableRound.objects.filter(closed=False).exclude(round__correction_reason="").update(
        reopened_after_publication=True
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_mail_subscriptions"),
    ]

    operations = [
        migrations.AddField(
            model_name="tableround",
            name="reopened_after_publication",
            field=models.BooleanField(
                db_default=False,
                default=False,
                verbose_name="reopened after publication",
            ),
        ),
        migrations.RunPython(reopened_tables, migrations.RunPython.noop),
    ]
