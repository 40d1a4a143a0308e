"""The ranked suspension now belongs to the ``ranked`` app (its migration 0001): forgotten here,
its table kept (a change of state only)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("moderation", "0005_ranked_suspension"),
        ("ranked", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="RankedSuspension")],
            database_operations=[],
        ),
    ]
