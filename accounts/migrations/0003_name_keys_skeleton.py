"""The name keys again: accounts.names.name_key now reads a name by its Latin skeleton
(core.skeleton: small capitals, Greek and invisible characters too), so the kept keys are
computed anew."""

from django.db import migrations

from accounts.names import name_key


def fill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    batch = []
    for user in User.objects.only("pk", "username", "display_name").iterator(chunk_size=2000):
        user.public_key = name_key(user.display_name or user.username)
        user.username_key = name_key(user.username)
        batch.append(user)
        if len(batch) == 2000:
            User.objects.bulk_update(batch, ["public_key", "username_key"])
            batch = []
    User.objects.bulk_update(batch, ["public_key", "username_key"])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_name_keys")]

    operations = [migrations.RunPython(fill_keys, migrations.RunPython.noop)]
