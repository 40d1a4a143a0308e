"""The ranked pages: the lobby's ranked card (guests told why, the queue's state), the
leaderboard, the profiles and the owner's name form."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Match, Table
from ranked import ratings
from ranked.models import MatchPlayer, PlayerRating, QueueEntry
from tests.support.ranked import make_player, play_out, seat_four

pytestmark = pytest.mark.django_db


def _logged_in(name: str) -> tuple[Client, object]:
    user, _viewer = make_player(name)
    client = Client()
    client.force_login(user)
    return client, user


def test_a_guest_sees_why_ranked_play_needs_an_account_with_links_back():
    page = Client().get("/fr/jouer/").content.decode()
    assert "Partie classée" in page
    assert "réservées aux joueurs inscrits" in page
    assert "/fr/accounts/signup/?next=%2Ffr%2Fjouer%2F" in page
    assert "/fr/accounts/login/?next=%2Ffr%2Fjouer%2F" in page
    assert "bientôt" not in page


def test_a_guest_who_posts_to_the_queue_is_refused_with_the_reason():
    response = Client().post("/fr/jouer/classee/", follow=True)
    assert "inscris-toi ou connecte-toi" in response.content.decode()
    assert QueueEntry.objects.count() == 0


def test_a_player_queues_sees_the_wait_polls_and_cancels():
    client, _user = _logged_in("nina")
    response = client.post("/fr/jouer/classee/")
    assert response.status_code == 302
    page = client.get("/fr/jouer/").content.decode()
    assert 'id="ranked-queue"' in page and "En file classée depuis" in page
    state = client.get("/fr/jouer/classee/etat/").json()
    assert state["state"] == "waiting" and state["waited"] >= 0
    client.post("/fr/jouer/classee/annuler/")
    assert client.get("/fr/jouer/classee/etat/").json() == {"state": "idle"}
    assert 'id="ranked-play"' in client.get("/fr/jouer/").content.decode()


def test_the_poll_gives_the_table_once_seated(settings):
    client, _user = _logged_in("olga")
    client.post("/fr/jouer/classee/")
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=60))
    from ranked.actions import do_matchmake

    do_matchmake()
    state = client.get("/fr/jouer/classee/etat/").json()
    table = Table.objects.get(kind=Table.Kind.RANKED)
    assert state == {"state": "seated", "table": table.pk, "url": f"/fr/tables/{table.pk}/"}
    assert client.post("/fr/jouer/classee/")["Location"] == f"/fr/tables/{table.pk}/"


def test_a_player_who_abandoned_is_told_how_long_to_wait(settings):
    client, user = _logged_in("paul")
    table = Table.objects.create(kind=Table.Kind.RANKED)
    match = Match.objects.create(table=table, rules={}, seed="1")
    MatchPlayer.objects.create(
        match=match, position="N", team="NS", user=user, ranked=True, abandoned=True,
        result="loss", finished_at=timezone.now(),
    )  # fmt: skip
    page = client.post("/fr/jouer/classee/", follow=True).content.decode()
    assert "Tu as quitté des parties classées avant leur fin" in page
    assert "minutes" in page
    assert QueueEntry.objects.count() == 0


def test_the_private_table_form_points_to_ranked_play_in_the_lobby():
    client, _user = _logged_in("rita")
    page = client.get("/fr/jouer/privee/").content.decode()
    assert "bientôt" not in page and "Partie classée" in page


def _rated(name: str, rating: int, matches: int, wins: int = 0):
    user, _viewer = make_player(name)
    PlayerRating.objects.create(
        user=user, mu=25, sigma=2, rating=rating, matches=matches, wins=wins
    )
    return user


def test_the_leaderboard_ranks_established_players_and_lists_provisional_ones_apart():
    _rated("alpha", 1600, 20, wins=15)
    _rated("beta", 1700, 12, wins=6)
    _rated("gamma", 1800, 3)
    page = Client().get("/fr/classement/").content.decode()
    board = page[page.index('id="leaderboard"') : page.index('id="provisional-title"')]
    assert board.index("beta") < board.index("alpha")
    assert "gamma" not in board
    assert "75&nbsp;%" in board and "50&nbsp;%" in board
    provisional = page[page.index('id="provisional-title"') :]
    assert "gamma" in provisional
    assert Client().get("/en/ranking/").status_code == 200


def test_a_deleted_account_leaves_the_leaderboard():
    from accounts.deletion import anonymise

    _rated("alpha", 1600, 20)
    gone = _rated("omega", 1900, 20)
    anonymise(gone)
    page = Client().get("/fr/classement/").content.decode()
    assert "alpha" in page
    assert "Joueur supprimé" not in page and "omega" not in page


def test_the_leaderboard_is_paginated():
    for i in range(55):
        _rated(f"p{i:02}", 1500 + i, 10)
    first = Client().get("/fr/classement/").content.decode()
    second = Client().get("/fr/classement/?page=2").content.decode()
    assert "p54" in first and "p00" not in first
    assert "p00" in second and "Page 2 sur 2" in second


def test_a_profile_shows_the_rating_its_chart_figures_and_recent_matches(settings):
    table_id, _viewers = seat_four(settings)
    play_out(table_id)
    ratings.rate_match(Table.objects.get(pk=table_id).match_id)
    page = Client().get("/fr/joueurs/ana/").content.decode()
    rating = PlayerRating.objects.get(user__username="ana")
    assert f'id="rating">{rating.rating}<' in page
    assert "provisoire" in page and "provisionnel" not in page
    assert "<polyline" in page and "28,0" not in page
    assert "Sacs par main" in page and "Partie " in page
    assert Client().get("/fr/joueurs/personne/").status_code == 404


def test_the_owner_changes_their_name_and_bad_names_are_refused():
    client, user = _logged_in("sam")
    make_player("taken")
    for bad, message in (
        ("Robot Est", "robot"),
        ("TAKEN", "Un autre joueur a déjà ce nom."),
        ("x", "caractère"),
        ("a/b", "/"),
    ):
        response = client.post("/fr/joueurs/sam/", {"display_name": bad})
        assert response.status_code == 400, bad
        assert message in response.content.decode(), bad
    user.refresh_from_db()
    assert user.display_name == ""
    response = client.post("/fr/joueurs/sam/", {"display_name": "Samuel"})
    assert response["Location"] == "/fr/joueurs/Samuel/"
    user.refresh_from_db()
    assert user.display_name == "Samuel"
    # Someone else cannot change it.
    other, _ = _logged_in("ugo")
    other.post("/fr/joueurs/Samuel/", {"display_name": "Hacked"})
    user.refresh_from_db()
    assert user.display_name == "Samuel"
    assert 'id="name-save"' not in other.get("/fr/joueurs/Samuel/").content.decode()


def test_a_name_that_reads_as_another_players_shown_name_or_username_is_refused():
    client, _user = _logged_in("sam")
    shown, _ = make_player("zoe")
    shown.display_name = "Zoé Martin"
    shown.save(update_fields=["display_name"])
    for look_alike in ("zoe  MARTIN", "Z0É-Martin", "zoe"):
        response = client.post("/fr/joueurs/sam/", {"display_name": look_alike})
        assert response.status_code == 400, look_alike
        assert "Un autre joueur a déjà ce nom." in response.content.decode(), look_alike
    # Once Zoé takes another name, her former shown name is free again.
    shown.display_name = "Zed"
    shown.save(update_fields=["display_name"])
    response = client.post("/fr/joueurs/sam/", {"display_name": "Zoé Martin"})
    assert response.status_code == 302


def test_the_name_keys_follow_every_save_so_the_check_is_one_indexed_query(
    django_assert_num_queries,
):
    from django.contrib.auth import get_user_model

    user, _ = make_player("Léa")
    user.display_name = "Léa  B."
    user.save(update_fields=["display_name"])
    user.refresh_from_db()
    assert (user.public_key, user.username_key) == ("leab", "lea")
    with django_assert_num_queries(1):
        assert get_user_model().name_taken("LEA B")


def test_a_save_of_other_fields_such_as_a_login_leaves_the_name_keys_alone():
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    user, _ = make_player("Léa")
    # A name changed in memory but not saved stays unsaved through a login's save, and the
    # object's keys stay those stored (not computed again for a name the row does not hold).
    user.display_name = "Autre"
    user.last_login = timezone.now()
    user.save(update_fields=["last_login"])
    stored = get_user_model().objects.get(pk=user.pk)
    assert (stored.display_name, stored.public_key) == ("", "lea")
    assert user.public_key == stored.public_key
