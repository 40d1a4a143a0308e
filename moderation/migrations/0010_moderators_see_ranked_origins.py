"""The moderators see the ranked queue's hashed origins and the pairs of accounts that share one
(ranked.origins; issue 28)."""

from django.db import migrations

PERMISSIONS = ["view_rankedorigin"]


def give_moderators(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    config = apps.get_app_config("ranked")
    kept = getattr(config, "models_module", None)
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = kept
    group = apps.get_model("auth", "Group").objects.filter(name="Modérateurs").first()
    if group is not None:
        group.permissions.add(
            *apps.get_model("auth", "Permission").objects.filter(
                content_type__app_label="ranked", codename__in=PERMISSIONS
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0009_event_chat_and_word_kinds"),
        ("ranked", "0002_ranked_origins"),
    ]

    operations = [migrations.RunPython(give_moderators, migrations.RunPython.noop)]
