"""One open report per reporter, person and reason, held by the database (after 0011 folded the
duplicates, in a transaction of its own: see there)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("moderation", "0011_one_open_report_per_person_and_reason"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="report",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "open")),
                fields=("reporter_key", "reported_key", "reason"),
                name="one_open_report_per_person_and_reason",
            ),
        ),
    ]
