"""The migration to one open report per reporter, person and reason folds the open duplicates
of a database into their oldest, counted as repeats with their comments; closed reports stay."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.support.moderation import moderators_group

BEFORE = [("moderation", "0010_moderators_see_ranked_origins")]
AFTER = [("moderation", "0012_one_open_report_constraint")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_open_duplicate_reports_become_one_counted_with_their_comments():
    moderators_group()
    old = _migrate(BEFORE)
    Table = old.get_model("games", "Table")
    Report = old.get_model("moderation", "Report")
    table = Table.objects.create(kind="quick", status="playing")
    for n in range(3):
        Report.objects.create(table=table, reporter_key="filter", reason="other",
                              comment=f"[x] texte {n}", reported_key="g:troll")  # fmt: skip
    Report.objects.create(table=table, reporter_key="filter", reason="other", status="resolved",
                          comment="ancien", reported_key="g:troll")  # fmt: skip
    try:
        new = _migrate(AFTER)
        rows = list(
            new.get_model("moderation", "Report")
            .objects.order_by("pk")
            .values_list("status", "repeats", "comment")
        )
        assert rows == [
            ("open", 3, "[x] texte 0\n[x] texte 1\n[x] texte 2"),
            ("resolved", 1, "ancien"),
        ]
    finally:
        call_command("migrate", verbosity=0)
