"""The "Organisers" group: who may create events (an admin adds people)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Organisers"


def forwards(apps, schema_editor):
    for config in apps.get_app_configs():  # permissions exist after the first run
        config.models_module = True
        create_permissions(config, apps=apps, verbosity=0)
        config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="tournaments", codename="add_tournament"
        )
    )


def backwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_roles_and_owners"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
