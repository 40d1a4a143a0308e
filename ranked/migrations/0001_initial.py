"""Ranked play's models leave ``games`` and ``moderation`` for this app, their rows untouched.

A change of state only (``SeparateDatabaseAndState`` with no database operation): the tables
keep their names (``db_table``), so nothing is copied and nothing can be lost. The content types
move with the models (their permissions and admin history with them). ``games`` 0005 and
``moderation`` 0006 forget the models on their side.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = {
    "games": ["matchplayer", "queueentry", "playerrating", "ratingchange"],
    "moderation": ["rankedsuspension"],
}


def move_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for app_label, names in MOVED.items():
        for name in names:
            if content_type.objects.filter(app_label="ranked", model=name).exists():
                continue
            content_type.objects.filter(app_label=app_label, model=name).update(app_label="ranked")


def restore_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    for app_label, names in MOVED.items():
        content_type.objects.filter(app_label="ranked", model__in=names).update(app_label=app_label)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0004_ranked"),
        ("moderation", "0005_ranked_suspension"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='QueueEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('points', models.FloatField(verbose_name='matching points')),
                        ('joined_at', models.DateTimeField(db_index=True, verbose_name='joined at')),
                        ('seen_at', models.DateTimeField(verbose_name='last seen at')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='ranked_queue', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_queueentry',
                        'verbose_name': 'ranked queue entry',
                        'verbose_name_plural': 'ranked queue',
                    },
                ),
                migrations.CreateModel(
                    name='MatchPlayer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position', models.CharField(max_length=1, verbose_name='seat')),
                        ('team', models.CharField(choices=[('NS', 'NS'), ('EW', 'EW')], max_length=2, verbose_name='team')),
                        ('guest_key', models.CharField(blank=True, max_length=40, verbose_name='guest')),
                        ('bot_level', models.CharField(blank=True, max_length=10, verbose_name='bot level')),
                        ('name', models.CharField(blank=True, max_length=40, verbose_name='name at the time')),
                        ('ranked', models.BooleanField(default=False, verbose_name='ranked')),
                        ('result', models.CharField(blank=True, choices=[('win', 'win'), ('loss', 'loss')], max_length=4, verbose_name='result')),
                        ('standin_share', models.FloatField(default=0.0, verbose_name='share played by a stand-in')),
                        ('abandoned', models.BooleanField(default=False, verbose_name='abandoned')),
                        ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
                        ('hands', models.PositiveIntegerField(default=0, verbose_name='hands')),
                        ('nil_bids', models.PositiveIntegerField(default=0, verbose_name='nil bids')),
                        ('nil_made', models.PositiveIntegerField(default=0, verbose_name='nils made')),
                        ('bids', models.PositiveIntegerField(default=0, verbose_name='number bids')),
                        ('bid_error', models.PositiveIntegerField(default=0, verbose_name='tricks off the bid, summed')),
                        ('bags', models.PositiveIntegerField(default=0, verbose_name='team bags taken')),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players_at', to='games.match')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='match_seats', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_matchplayer',
                        'verbose_name': 'match player',
                        'verbose_name_plural': 'match players',
                        'indexes': [models.Index(fields=['user', 'ranked', 'finished_at'], name='games_match_user_id_609d33_idx')],
                        'constraints': [models.UniqueConstraint(fields=('match', 'position'), name='one_player_per_match_seat')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerRating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('mu', models.FloatField(verbose_name='mu')),
                        ('sigma', models.FloatField(verbose_name='sigma')),
                        ('rating', models.IntegerField(verbose_name='rating')),
                        ('matches', models.PositiveIntegerField(default=0, verbose_name='ranked matches')),
                        ('wins', models.PositiveIntegerField(default=0, verbose_name='wins')),
                        ('abandons', models.PositiveIntegerField(default=0, verbose_name='abandonments')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated at')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_playerrating',
                        'verbose_name': 'rating',
                        'verbose_name_plural': 'ratings',
                        'indexes': [models.Index(fields=['-rating', 'id'], name='rating_order')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('before', models.IntegerField(verbose_name='rating before')),
                        ('after', models.IntegerField(verbose_name='rating after')),
                        ('mu_before', models.FloatField()),
                        ('sigma_before', models.FloatField()),
                        ('mu_after', models.FloatField()),
                        ('sigma_after', models.FloatField()),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='at')),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.match')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_ratingchange',
                        'verbose_name': 'rating change',
                        'verbose_name_plural': 'rating changes',
                        'ordering': ['match_id'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'match'), name='one_rating_change_per_match')],
                    },
                ),
                migrations.CreateModel(
                    name='RankedSuspension',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('user_name', models.CharField(blank=True, max_length=40, verbose_name="player's name")),
                        ('reason', models.CharField(blank=True, max_length=200, verbose_name='reason')),
                        ('until', models.DateTimeField(blank=True, db_index=True, null=True, verbose_name='until')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='since')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='ranked_suspension', to=settings.AUTH_USER_MODEL, verbose_name='player')),
                    ],
                    options={
                        'db_table': 'moderation_rankedsuspension',
                        'verbose_name': 'ranked suspension',
                        'verbose_name_plural': 'ranked suspensions',
                        'ordering': ['-created_at'],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
