"""Two accounts of one person are never seated at one ranked table: the queue keeps a keyed hash
of the address and of the browser cookie each account joined from (never the address), for
RANKED_ORIGIN_DAYS; matchmaking keeps accounts sharing either apart, and the moderators' admin
lists the pairs that share a hash or often share tables."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.addresses import BROWSER_COOKIE
from games.models import Seat, Table
from ranked import origins, tasks
from ranked.actions import do_matchmake
from ranked.models import MatchPlayer, QueueEntry, RankedOrigin
from tests.support.moderation import make_moderator
from tests.support.ranked import make_player

pytestmark = pytest.mark.django_db


def _join(name: str, address: str, cookie: str | None = None) -> tuple[Client, object]:
    user, _viewer = make_player(name)
    client = Client(REMOTE_ADDR=address)
    if cookie:
        client.cookies[BROWSER_COOKIE] = cookie
    client.force_login(user)
    client.post("/fr/jouer/classee/")
    return client, user


def _tables_of(*users) -> list[set[int]]:
    keys = {f"u:{u.pk}": u.pk for u in users}
    by_table: dict[int, set[int]] = {}
    for table_id, key in Seat.objects.filter(viewer_key__in=keys).values_list(
        "table_id", "viewer_key"
    ):
        by_table.setdefault(table_id, set()).add(keys[key])
    return list(by_table.values())


def test_joining_the_queue_keeps_hashes_of_address_and_browser_never_the_address(settings):
    settings.RANKED_WAIT_SECONDS = 3600
    client, user = _join("ana", "203.0.113.7")
    cookie = client.cookies[BROWSER_COOKIE].value  # her browser got its long-lived cookie
    assert len(cookie) == 32
    kept = dict(RankedOrigin.objects.filter(user=user).values_list("kind", "digest"))
    assert kept == {
        "address": origins.digest("address", "203.0.113.7"),
        "browser": origins.digest("browser", cookie),
    }
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM ranked_rankedorigin")
        assert "203.0.113.7" not in repr(cursor.fetchall())


def test_two_accounts_from_one_address_are_never_seated_at_one_table(settings):
    settings.RANKED_WAIT_SECONDS = 3600
    _c, ana = _join("ana", "203.0.113.7")
    _c, ana2 = _join("ana2", "203.0.113.7")  # her second account, same address
    _c, bob = _join("bob", "198.51.100.1")
    _c, cyd = _join("cyd", "198.51.100.2")
    # Four in the queue (each join ran matchmaking), but no group of four without both anas.
    assert QueueEntry.objects.count() == 4
    settings.RANKED_WAIT_SECONDS = 0
    do_matchmake()
    groups = _tables_of(ana, ana2, bob, cyd)
    assert len(groups) == 2 and not any({ana.pk, ana2.pk} <= g for g in groups)
    assert QueueEntry.objects.count() == 0


def test_two_accounts_from_one_browser_are_kept_apart_too(settings):
    settings.RANKED_WAIT_SECONDS = 3600
    _c, ana = _join("ana", "203.0.113.7", cookie="a" * 32)
    _c, ana2 = _join("ana2", "192.0.2.9", cookie="a" * 32)
    _c, bob = _join("bob", "198.51.100.1")
    _c, cyd = _join("cyd", "198.51.100.2")
    settings.RANKED_WAIT_SECONDS = 0
    do_matchmake()
    assert not any({ana.pk, ana2.pk} <= g for g in _tables_of(ana, ana2, bob, cyd))


def test_four_accounts_of_four_origins_still_play_together(settings):
    settings.RANKED_WAIT_SECONDS = 3600
    users = [_join(n, f"198.51.100.{i}")[1] for i, n in enumerate(("ana", "bob", "cyd", "dee"))]
    assert _tables_of(*users) == [{u.pk for u in users}]


def test_hashes_are_forgotten_after_the_setting_and_then_keep_no_one_apart(settings):
    settings.RANKED_ORIGIN_DAYS = 30
    settings.RANKED_WAIT_SECONDS = 3600
    _c, ana = _join("ana", "203.0.113.7")
    _c, ana2 = _join("ana2", "203.0.113.7")
    assert origins.apart([ana.pk, ana2.pk]) == {frozenset((ana.pk, ana2.pk))}
    RankedOrigin.objects.update(last_seen=timezone.now() - timedelta(days=31))
    assert origins.apart([ana.pk, ana2.pk]) == set()
    tasks.rate_missed()  # beat, every minute
    assert RankedOrigin.objects.count() == 0


def test_the_moderators_admin_lists_pairs_sharing_a_hash_or_often_a_table(settings, client):
    settings.RANKED_WAIT_SECONDS = 3600
    _join("ana", "203.0.113.7")
    _join("ana2", "203.0.113.7")
    bob, _v = make_player("bob")
    cyd, _v = make_player("cyd")
    table = Table.objects.create(kind=Table.Kind.RANKED)
    from games.models import Match

    for n in range(origins.OFTEN):
        match = Match.objects.create(table=table, number=n + 1, rules={}, seed="1")
        for position, user in (("N", bob), ("S", cyd)):
            MatchPlayer.objects.create(
                match=match, position=position, team="NS", user=user, ranked=True,
                result="win", finished_at=timezone.now(),
            )  # fmt: skip
    client.force_login(make_moderator())
    page = client.get(reverse("admin:ranked_rankedorigin_pairs")).content.decode()
    rows = page[page.index('id="ranked-pairs"') :]
    assert ">ana<" in rows and ">ana2<" in rows and "adresse" in rows
    assert ">bob<" in rows and ">cyd<" in rows and f"<td>{origins.OFTEN}</td>" in rows
    assert "203.0.113.7" not in page
    assert client.get(reverse("admin:ranked_rankedorigin_changelist")).status_code == 200


def test_the_privacy_page_says_what_is_kept_and_for_how_long(settings):
    settings.RANKED_ORIGIN_DAYS = 30
    page = Client().get("/fr/confidentialite/").content.decode()
    assert "30 jours après ta dernière venue" in page and "jamais ton adresse IP en clair" in page
    assert "30 days after you were last seen" in Client().get("/en/privacy/").content.decode()


def test_closing_an_account_forgets_its_origins(settings):
    from accounts.deletion import close_account

    settings.RANKED_WAIT_SECONDS = 3600
    _c, ana = _join("ana", "203.0.113.7")
    assert RankedOrigin.objects.filter(user=ana).count() == 2
    close_account(ana)
    assert RankedOrigin.objects.filter(user=ana).count() == 0
