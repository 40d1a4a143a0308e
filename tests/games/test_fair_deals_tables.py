"""Every table deals by scheme sha256-fy-v1 (shared/spec/fair-deals.md): each hand's seed is drawn
when the hand is dealt and stored with the move that deals it; replays, this process's caches and
the export rebuild the very same match; a match dealt before the scheme keeps replaying as it was
dealt."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games import caches, reading
from games.actions import tables
from games.actions.play import do_act, do_bot_move
from games.match_record import jsonl_export, match_hands
from games.models import Match, Table
from games.viewers import Viewer
from spades.engine import Match as EngineMatch
from spades.engine import Rules
from spades.engine.cards import CODES
from spades.engine.shuffle import SCHEME, commitment, context, deal
from tests.support.live import engine_at, guest, private_table
from tests.support.match import finished_private_match, legacy_match
from tests.support.ranked import seat_four

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def move(table_id: int, host: Viewer) -> None:
    """The seat to move moves: a bot, or the host (its first legal action)."""
    table = Table.objects.get(pk=table_id)
    if not do_bot_move(table.pk, table.version):
        do_act(table.pk, host, reading.table_state(table.pk, host)["view"]["legal"][0])


def play_until_hands(table_id: int, host: Viewer, hands: int) -> Match:
    """Move until ``hands`` hands are over."""
    for _ in range(2000):
        match = Match.objects.get(pk=Table.objects.get(pk=table_id).match_id)
        if len(engine_at(match.pk).history) >= hands:
            return match
        move(table_id, host)
    raise AssertionError("the hands never ended")


def bot_table() -> tuple[Table, Viewer]:
    """A private table of one guest (N) and three bots, started; blind nil off (cards seen)."""
    table, people = private_table(rules={"target": 5000, "blind_nil": False})
    return table, people[0]


def test_a_private_tables_first_hand_is_dealt_from_a_seed_stored_at_the_deal():
    table, host = bot_table()
    match = Match.objects.get(pk=table.match_id)
    assert match.deal_scheme == SCHEME
    [seed] = match.deal_seeds
    assert len(seed) == 64 and int(seed, 16) >= 0
    view = reading.table_state(table.pk, host)["view"]
    hand_context = f"table={table.pk};match={match.pk};hand=1"
    assert view["shuffle"] == {
        "scheme": SCHEME,
        "context": hand_context,
        "commitment": commitment(hand_context, seed),
    }
    dealt = deal(seed, "NESW".index(view["dealer"]))
    assert set(view["hand"]) == {CODES[c] for c in dealt[0]}  # North's cards, from the seed


def test_quick_and_ranked_tables_deal_by_the_scheme_too(settings):
    viewer = guest("Léa")
    quick = tables.do_quick_play(viewer)
    Table.objects.filter(pk=quick.pk).update(bots_at=timezone.now() - timedelta(seconds=1))
    assert tables.do_fill_bots(quick.pk)
    ranked_id, _ = seat_four(settings)
    for table_id in (quick.pk, ranked_id):
        match = Match.objects.get(pk=Table.objects.get(pk=table_id).match_id)
        assert match.deal_scheme == SCHEME and len(match.deal_seeds) == 1
        view = reading.table_state(table_id, None)["view"]
        assert view["shuffle"]["commitment"] == commitment(
            context(table_id, match.pk, 1), match.deal_seeds[0]
        )


def test_each_hands_seed_is_new_and_stored_with_the_move_that_deals_it():
    table, host = bot_table()
    match = play_until_hands(table.pk, host, 2)
    seeds = match.deal_seeds
    assert len(seeds) == 3 and len(set(seeds)) == 3
    ended = engine_at(match.pk)
    assert [entry["shuffle"]["seed"] for entry in ended.history] == seeds[:2]
    # The move that ended hand 2 wrote hand 3's seed: the log up to it rebuilds the same view.
    assert reading.table_state(table.pk, None)["view"] == json.loads(json.dumps(ended.view(None)))


@pytest.mark.no_broadcast_check  # an engine put back behind the unit of work's back
def test_a_cached_engine_that_missed_a_deal_takes_the_hands_seed_from_the_database():
    table, host = bot_table()
    match = play_until_hands(table.pk, host, 1)
    # Play on to the last card of hand 2, keep an engine of this point, then play that card.
    while True:
        before_deal = engine_at(match.pk)
        if before_deal.hand_number == 2 and len(before_deal.hand.plays) == 51:
            break
        move(table.pk, host)
    stale = copy.deepcopy(before_deal)
    assert stale.deals is not None
    stale.deals.fresh = lambda: "ab" * 32  # what a cached engine would draw by itself
    move(table.pk, host)
    match.refresh_from_db()
    assert len(match.deal_seeds) == 3
    caches.clear()
    caches.store(match.pk, stale)  # this process saw the match before another dealt hand 3
    view = reading.table_state(table.pk, None)["view"]
    assert view["hand_number"] == 3
    assert view["shuffle"]["commitment"] == commitment(
        context(table.pk, match.pk, 3), match.deal_seeds[2]
    )


def test_the_export_carries_each_hands_shuffle_and_the_verify_command_accepts_it():
    _, _, match = finished_private_match()
    records = [json.loads(line) for line in jsonl_export(match).splitlines()]
    assert len(records) == len(match_hands(match)) >= 1
    assert [r["shuffle"]["context"] for r in records] == [
        context(match.table_id, match.pk, n) for n in range(1, len(records) + 1)
    ]
    assert [r["shuffle"]["seed"] for r in records] == match.deal_seeds[: len(records)]
    done = subprocess.run(
        [sys.executable, "-m", "spades.engine", "verify"],
        input=jsonl_export(match), capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines() == ['{"ok": true}'] * len(records)


def test_a_match_dealt_before_the_scheme_replays_from_its_seed_as_it_was_dealt():
    table, _ = bot_table()
    match = legacy_match(Table.objects.get(pk=table.pk))
    old = EngineMatch.replay(
        Rules(target=50, loss_floor=-50), "20261130", engine_at(match.pk).actions
    )
    rebuilt = engine_at(match.pk)
    assert rebuilt.deals is None
    assert rebuilt.history == old.history and rebuilt.result == match.result
    records = [json.loads(line) for line in jsonl_export(match).splitlines()]
    assert records and all("shuffle" not in r for r in records)


@pytest.mark.django_db(transaction=True)
def test_the_migration_marks_the_matches_already_dealt_as_legacy():
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    before = [("games", "0006_silence_browser_address_block")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    table = old.get_model("games", "Table").objects.create(kind="quick", status="finished")
    old.get_model("games", "Match").objects.create(
        table=table, number=1, rules={}, seed="7", players={}
    )
    try:
        call_command("migrate", verbosity=0)
        match = Match.objects.get(table_id=table.pk)
        assert match.deal_scheme == Match.DealScheme.LEGACY and match.deal_seeds == []
        assert match.deals() is None
        assert match.new_engine().view(None) == EngineMatch(Rules(), "7").view(None)
    finally:
        call_command("migrate", verbosity=0)
