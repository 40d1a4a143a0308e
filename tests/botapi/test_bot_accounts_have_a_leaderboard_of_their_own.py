"""Bot accounts are rated in ranked play like anyone, and ranked on a board of their own beside
the people's, marked "BOT"."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.models import Match, Table
from games.viewers import bot_viewer
from ranked import ratings
from ranked.actions import do_join_queue, do_matchmake
from ranked.models import MatchPlayer, PlayerRating
from tests.support.botapi import make_bot
from tests.support.ranked import connect, make_player, play_out

pytestmark = pytest.mark.django_db


def rate(user: User, rating: int, matches: int = 20) -> None:
    PlayerRating.objects.create(user=user, mu=25, sigma=2, rating=rating, matches=matches, wins=5)


def names(rows: list[dict]) -> list[str]:
    return [row["shown"] for row in rows]


def test_bots_are_ranked_apart_from_people_and_marked(client):
    person = User.objects.create_user("Léa", password="pw-for-tests-only")
    rate(person, 1200)
    rate(make_bot("Robotine")[0], 1500)
    rate(make_bot("Automate")[0], 900, matches=2)
    response = client.get("/en/ranking/")
    assert names(response.context["rows"]) == ["Léa"]
    assert names(response.context["prows"]) == []
    assert names(response.context["brows"]) == ["BOT Robotine", "BOT Automate"]
    page = response.content.decode()
    assert '<h2 id="bots-title">Bot accounts</h2>' in page
    assert page.index("BOT Robotine") > page.index("bots-title") > page.index("Léa")
    assert 'href="/en/players/Robotine/"' in page


def test_a_bots_profile_says_it_is_a_bot(client):
    rate(make_bot("Robotine")[0], 1500)
    page = client.get("/en/players/Robotine/").content.decode()
    assert "<h1>BOT Robotine</h1>" in page


def test_a_bot_account_is_rated_by_a_ranked_match_like_a_person(client, settings):
    settings.RANKED_TARGET_SCORE = 60
    user, secret = make_bot("Robotine")
    person, viewer = make_player("lea")
    do_join_queue(viewer)
    token = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert client.post("/api/bot/ranked/", **token).json()["state"] == "waiting"
    settings.RANKED_WAIT_SECONDS = 0  # the two start together, with bots
    do_matchmake()
    table_id = client.get("/api/bot/ranked/", **token).json()["table"]
    assert Table.objects.get(pk=table_id).seats.filter(viewer_key=viewer.key).exists()
    connect(table_id, [viewer, bot_viewer(user)])
    play_out(table_id)
    match = Match.objects.filter(table_id=table_id).get()
    assert ratings.rate_match(match.pk) == 2
    for account in (user, person):
        assert PlayerRating.objects.get(user=account).matches == 1
    player = MatchPlayer.objects.get(match=match, user=user)
    assert player.name == "BOT Robotine"


def test_the_bots_board_speaks_french(client):
    assert "Comptes bots" in client.get("/fr/classement/").content.decode()
