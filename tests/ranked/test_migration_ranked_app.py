"""Ranked play's models moved from ``games`` and ``moderation`` to ``ranked`` without losing a row.

A database at the schema before the move (games 0004, moderation 0005) is filled with ranked
matches, ratings, rating changes, the queue, reports and a suspension through the historical
models; migrating to the new apps keeps every row, read back through the new models."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.support.moderation import moderators_group

BEFORE = [
    ("accounts", "0002_name_keys"),
    ("games", "0004_ranked"),
    ("moderation", "0005_ranked_suspension"),
    ("ranked", None),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1]]).apps


def _fill(apps) -> dict[str, list]:
    """Rows of every moved model, and of the models they point at, as the old schema had them."""
    User = apps.get_model("accounts", "User")
    Table = apps.get_model("games", "Table")
    Match = apps.get_model("games", "Match")
    MatchPlayer = apps.get_model("games", "MatchPlayer")
    PlayerRating = apps.get_model("games", "PlayerRating")
    RatingChange = apps.get_model("games", "RatingChange")
    QueueEntry = apps.get_model("games", "QueueEntry")
    Report = apps.get_model("moderation", "Report")
    Suspension = apps.get_model("moderation", "RankedSuspension")
    now = timezone.now()
    users = [User.objects.create(username=f"joueur{i}") for i in range(4)]
    for n in range(3):
        table = Table.objects.create(kind="ranked", status="finished")
        match = Match.objects.create(
            table=table, number=1, rules={}, seed=f"seed{n}", players={}, finished_at=now
        )
        for i, (position, user) in enumerate(zip("NESW", users, strict=True)):
            MatchPlayer.objects.create(
                match=match, position=position, team="NS" if position in "NS" else "EW",
                user=user, name=user.username, ranked=True, result="win" if i % 2 else "loss",
                abandoned=(n, i) == (2, 3), finished_at=now, hands=7 + n, bids=5, bags=n,
            )  # fmt: skip
            RatingChange.objects.create(
                user=user, match=match, before=1000 + n, after=1010 + n, mu_before=25.0,
                sigma_before=8.3, mu_after=25.5, sigma_after=8.1,
            )  # fmt: skip
        Report.objects.create(
            table=table, reporter_key=f"u:{users[0].pk}", reason=("insult", "spam", "other")[n],
            comment=f"n{n}",
            reported_key=f"u:{users[1].pk}", reported_name="joueur1",
        )  # fmt: skip
    for i, user in enumerate(users):
        PlayerRating.objects.create(
            user=user, mu=25.0 + i, sigma=8.0, rating=1000 + 10 * i, matches=3, wins=i
        )
    QueueEntry.objects.create(user=users[2], points=20.5, joined_at=now, seen_at=now)
    Suspension.objects.create(
        user=users[3], user_name="joueur3", reason="Abandons", until=now + timedelta(days=7)
    )
    return {
        name: sorted(model.objects.values_list(*fields))
        for name, model, fields in [
            ("matchplayer", MatchPlayer, ("id", "match_id", "position", "user_id", "result",
                                          "abandoned", "hands", "bags")),
            ("playerrating", PlayerRating, ("id", "user_id", "mu", "rating", "wins")),
            ("ratingchange", RatingChange, ("id", "user_id", "match_id", "before", "after")),
            ("queueentry", QueueEntry, ("id", "user_id", "points")),
            ("rankedsuspension", Suspension, ("id", "user_id", "reason", "until")),
            ("report", Report, ("id", "table_id", "reported_key", "comment")),
        ]
    }  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_moving_ranked_play_to_its_own_app_keeps_every_row():
    from moderation.models import Report
    from ranked.models import MatchPlayer, PlayerRating, QueueEntry, RankedSuspension, RatingChange

    moderators_group()  # as the data migrations made it (a transactional test's flush removes it)
    old = _migrate(BEFORE)
    before = _fill(old)
    assert {name: len(rows) for name, rows in before.items()} == {
        "matchplayer": 12, "playerrating": 4, "ratingchange": 12, "queueentry": 1,
        "rankedsuspension": 1, "report": 3,
    }  # fmt: skip
    try:
        call_command("migrate", verbosity=0)
        after = {
            "matchplayer": sorted(MatchPlayer.objects.values_list(
                "id", "match_id", "position", "user_id", "result", "abandoned", "hands", "bags")),
            "playerrating": sorted(PlayerRating.objects.values_list(
                "id", "user_id", "mu", "rating", "wins")),
            "ratingchange": sorted(RatingChange.objects.values_list(
                "id", "user_id", "match_id", "before", "after")),
            "queueentry": sorted(QueueEntry.objects.values_list("id", "user_id", "points")),
            "rankedsuspension": sorted(RankedSuspension.objects.values_list(
                "id", "user_id", "reason", "until")),
            "report": sorted(Report.objects.values_list(
                "id", "table_id", "reported_key", "comment")),
        }  # fmt: skip
        assert after == before
        # The moderators' right to suspend moved with the model's content type.
        ContentType.objects.clear_cache()
        suspension_type = ContentType.objects.get_for_model(RankedSuspension)
        assert suspension_type.app_label == "ranked"
        assert Permission.objects.filter(
            content_type=suspension_type, codename="add_rankedsuspension", group__name="Modérateurs"
        ).exists()
        assert not ContentType.objects.filter(app_label="moderation", model="rankedsuspension")
    finally:
        call_command("migrate", verbosity=0)
