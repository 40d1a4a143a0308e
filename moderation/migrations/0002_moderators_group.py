"""The "Modérateurs" group, with exactly the permissions moderation needs: read tables and turn
their chat off, hide chat messages, ban and lift bans, handle reports, read the audit trail."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Modérateurs"
PERMISSIONS = [
    ("games", "view_table"),
    ("games", "change_table"),
    ("games", "view_chatmessage"),
    ("games", "change_chatmessage"),
    ("games", "view_silence"),
    ("games", "add_silence"),
    ("games", "change_silence"),
    ("moderation", "view_report"),
    ("moderation", "change_report"),
    ("moderation", "view_event"),
]


def create_group(apps, schema_editor):
    # Permissions are made after the migrations of a fresh database: make them now.
    for config in apps.get_app_configs():
        kept = getattr(config, "models_module", None)
        config.models_module = True
        create_permissions(config, apps=apps, verbosity=0)
        config.models_module = kept
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name=GROUP)
    perms = [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    ]
    group.permissions.set(perms)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("games", "0003_silence_until_address"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
