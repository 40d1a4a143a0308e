"""Bot accounts in tournaments: refused unless the organiser allows them; once registered they
count as present at each round's start (a program keeps no page open), sit at their table, and
the bot API names that table to their program."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.errors import ServiceError
from games.models import Seat
from tests.support.botapi import make_bot
from tests.support.tournaments import open_tournament, players, start_now
from tournaments.actions import registration
from tournaments.models import Game, Registration

pytestmark = pytest.mark.django_db


def test_a_bot_account_is_refused_where_the_organiser_does_not_allow_bots():
    t = open_tournament()
    bot, _secret = make_bot("Robotine")
    with pytest.raises(ServiceError) as refused:
        registration.do_register(t.pk, bot, "alone")
    assert refused.value.code == "bot_account"
    assert not Registration.objects.filter(tournament=t).exists()


def test_registered_bot_accounts_are_seated_without_a_page_open_and_told_their_table(client):
    t = open_tournament(allows_bot_accounts=True, rounds=1)
    robotine, secret = make_bot("Robotine")
    robert, _other = make_bot("Robert")
    registration.do_register(t.pk, robotine, "pair", "Robert")
    registration.do_accept(t.pk, robert, robotine.pk)
    ana, bob = players("ana", "bob")
    registration.do_register(t.pk, ana, "pair", "bob")
    registration.do_accept(t.pk, bob, ana.pk)
    # No page has been open for an hour but ana's: bob is away, the programs are not.
    Registration.objects.filter(tournament=t).update(seen_at=timezone.now() - timedelta(hours=1))
    registration.do_seen(t.pk, ana.pk)
    start_now(t)
    game = Game.objects.get(round__tournament=t)
    assert game.table_id is not None and game.outcome == Game.Outcome.PENDING
    seated = set(
        Seat.objects.filter(table_id=game.table_id)
        .exclude(user=None)
        .values_list("user_id", flat=True)
    )
    assert seated == {robotine.pk, robert.pk, ana.pk}
    answer = client.get("/api/bot/ranked/", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert answer.status_code == 200, answer.content
    assert answer.json()["table"] == game.table_id
