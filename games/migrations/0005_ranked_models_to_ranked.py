"""Ranked play's models now belong to the ``ranked`` app (its migration 0001): forgotten here,
their tables kept (a change of state only)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_ranked"),
        ("ranked", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="MatchPlayer"),
                migrations.DeleteModel(name="QueueEntry"),
                migrations.DeleteModel(name="PlayerRating"),
                migrations.DeleteModel(name="RatingChange"),
            ],
            database_operations=[],
        ),
    ]
