"""Celery tasks and the beat sweep: idempotent, and nothing depends on a task arriving on time.

The tasks run here through Celery's own execution path (``task.apply``) on committed data; moving
the clock is done by moving the stored deadline into the past, which is all the sweep looks at.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from games import errors, reading, tasks
from games.actions import play, presence, tables
from games.actions import sweep as sweeping
from games.models import Action, Connection, Seat, Table
from games.viewers import Viewer
from lobby import listing

pytestmark = pytest.mark.django_db(transaction=True)


def guest(name: str) -> Viewer:
    return Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=name)


def run(task, *args):
    """Run a task the way a worker does (Celery's tracer), and return its result."""
    return task.apply(args=args).get()


def seat(table_id: int, position: str) -> Seat:
    return Seat.objects.get(table_id=table_id, position=position)


def mover(table_id: int) -> str:
    return reading.table_state(table_id, None)["view"]["to_move"]


def action_count(table_id: int) -> int:
    return Action.objects.filter(match__table_id=table_id).count()


def table_with(humans: int, turn_seconds: int | None = None, connect: bool = True):
    """A started private table with ``humans`` guests (the rest bots), all of them connected."""
    people = [guest(n) for n in ("Léa", "Hugo", "Zoé", "Nina")[:humans]]
    table = tables.do_create_private_table(people[0], {}, "normal", turn_seconds)
    for person in people[1:]:
        tables.do_join(table.pk, person, invite_token=table.invite_token)
    if connect:
        for i, person in enumerate(people):
            presence.do_connect(table.pk, person, f"test.channel!{table.pk}.{i}")
    tables.do_start(table.pk, people[0])
    return Table.objects.get(pk=table.pk), people


def bring_a_bot_to_move(table: Table, people: list[Viewer]) -> Table:
    keys = {p.key: p for p in people}
    while (key := seat(table.pk, mover(table.pk)).viewer_key) in keys:
        viewer = keys[key]
        play.do_act(table.pk, viewer, reading.table_state(table.pk, viewer)["view"]["legal"][0])
    return Table.objects.get(pk=table.pk)


def test_running_a_bot_move_task_twice_applies_one_action():
    table, people = table_with(humans=1)
    table = bring_a_bot_to_move(table, people)
    before = action_count(table.pk)
    assert run(tasks.bot_move, table.pk, table.version) is True
    assert run(tasks.bot_move, table.pk, table.version) is False
    assert action_count(table.pk) == before + 1
    last = Action.objects.filter(match__table=table).latest("seq")
    assert last.actor == "bot" and seat(table.pk, last.seat).is_bot


def test_a_stale_bot_move_task_does_nothing():
    table, people = table_with(humans=1)
    table = bring_a_bot_to_move(table, people)
    before = action_count(table.pk)
    assert run(tasks.bot_move, table.pk, table.version - 1) is False
    assert run(tasks.bot_move, table.pk + 1000, table.version) is False  # no such table
    assert action_count(table.pk) == before


def test_a_bot_move_task_does_nothing_when_a_person_is_to_move():
    table, _people = table_with(humans=4)
    before = action_count(table.pk)
    assert run(tasks.bot_move, table.pk, table.version) is False
    assert action_count(table.pk) == before


def test_the_sweep_fills_a_quick_table_whose_fill_task_was_lost(settings):
    settings.QUICK_TABLE_BOT_DELAY = 60
    table = tables.do_quick_play(guest("Léa"))
    assert run(tasks.fill_bots, table.pk) is False  # too early: nothing happens
    assert Table.objects.get(pk=table.pk).status == "waiting"
    Table.objects.filter(pk=table.pk).update(bots_at=timezone.now() - timedelta(seconds=1))
    done = run(tasks.sweep)
    assert done["filled"] == 1
    table.refresh_from_db()
    assert table.status == "playing" and table.match is not None
    assert [seat(table.pk, p).bot_level for p in "ESW"] == ["normal"] * 3
    assert run(tasks.fill_bots, table.pk) is False  # a late duplicate does nothing
    assert run(tasks.sweep)["filled"] == 0


def test_a_quick_table_left_by_everyone_is_not_filled_with_bots(settings):
    settings.QUICK_TABLE_BOT_DELAY = 0
    lea = guest("Léa")
    table = tables.do_quick_play(lea)
    tables.do_leave(table.pk, lea)
    assert run(tasks.fill_bots, table.pk) is False
    assert Table.objects.get(pk=table.pk).status == "waiting"


def test_the_beat_sweeps_every_second_since_no_task_is_queued_per_turn():
    from django.conf import settings

    assert settings.CELERY_BEAT_SCHEDULE["games-sweep"]["task"] == "games.sweep"
    assert settings.CELERY_BEAT_SCHEDULE["games-sweep"]["schedule"] <= 1.0


def test_the_sweep_hands_a_timed_out_turn_to_a_standin_bot_until_the_person_is_back():
    table, people = table_with(humans=4, turn_seconds=30)
    position = mover(table.pk)
    person = next(p for p in people if p.key == seat(table.pk, position).viewer_key)
    assert 29 <= (table.turn_deadline - timezone.now()).total_seconds() <= 30
    assert run(tasks.sweep)["expired"] == 0  # not yet
    assert run(tasks.expire_turn, table.pk) is False  # nor by a task come too early
    assert not seat(table.pk, position).standin
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert run(tasks.sweep)["expired"] == 1
    assert seat(table.pk, position).standin
    table.refresh_from_db()
    assert table.turn_deadline is None and table.bot_due_at is not None
    assert reading.table_state(table.pk, person)["table"]["me"]["standin"] is True
    # The stand-in (a Normal bot) plays that turn from the seat's view.
    before = action_count(table.pk)
    assert run(tasks.bot_move, table.pk, table.version) is True
    last = Action.objects.filter(match__table=table).latest("seq")
    assert (last.seat, last.actor, action_count(table.pk)) == (position, "standin", before + 1)
    # The person says they are back ("back", any message, or reconnecting): the seat is theirs.
    assert presence.do_reclaim(table.pk, person) is True
    assert not seat(table.pk, position).standin
    assert presence.do_reclaim(table.pk, person) is False


def test_a_person_whose_turn_a_standin_was_about_to_play_takes_it_back_by_acting():
    table, people = table_with(humans=4, turn_seconds=30)
    position = mover(table.pk)
    person = next(p for p in people if p.key == seat(table.pk, position).viewer_key)
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    run(tasks.expire_turn, table.pk)
    version = Table.objects.get(pk=table.pk).version
    action = reading.table_state(table.pk, person)["view"]["legal"][0]
    play.do_act(table.pk, person, action, version)
    assert not seat(table.pk, position).standin
    assert Action.objects.filter(match__table=table).latest("seq").actor == "human"
    assert run(tasks.bot_move, table.pk, version) is False  # the queued stand-in move is stale


def test_a_disconnected_person_is_replaced_after_the_grace_period_and_back_on_reconnect(settings):
    settings.DISCONNECT_GRACE_SECONDS = 20
    table, people = table_with(humans=4, turn_seconds=None)
    assert table.turn_deadline is None  # no timer while everyone is connected
    position = mover(table.pk)
    index = next(i for i, p in enumerate(people) if p.key == seat(table.pk, position).viewer_key)
    presence.do_disconnect(table.pk, f"test.channel!{table.pk}.{index}")
    table.refresh_from_db()
    assert seat(table.pk, position).disconnected_at is not None
    assert 19 <= (table.turn_deadline - timezone.now()).total_seconds() <= 20
    Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert run(tasks.sweep)["expired"] == 1
    assert seat(table.pk, position).standin
    presence.do_connect(table.pk, people[index], "test.channel!again")
    back = seat(table.pk, position)
    assert not back.standin and back.disconnected_at is None
    table.refresh_from_db()
    assert table.turn_deadline is None


def test_a_match_pauses_while_nobody_seated_is_connected_and_resumes_when_one_is_back():
    table, people = table_with(humans=1)
    table = bring_a_bot_to_move(table, people)
    presence.do_disconnect(table.pk, f"test.channel!{table.pk}.0")
    table.refresh_from_db()
    state = reading.table_state(table.pk, None)
    assert state["table"]["paused"] is True
    assert table.bot_due_at is None and table.turn_deadline is None
    before = action_count(table.pk)
    assert run(tasks.bot_move, table.pk, table.version) is False  # the bots wait too
    Table.objects.filter(pk=table.pk).update(
        turn_deadline=timezone.now() - timedelta(seconds=1),
        bot_due_at=timezone.now() - timedelta(seconds=10),
    )
    assert run(tasks.sweep) == {
        "filled": 0, "expired": 0, "bot_moves": 0, "stale_connections": 0, "abandoned": 0,
        "bans_over": 0,
    }  # fmt: skip
    assert action_count(table.pk) == before
    presence.do_connect(table.pk, people[0], "test.channel!back")
    table.refresh_from_db()
    assert reading.table_state(table.pk, None)["table"]["paused"] is False
    assert table.bot_due_at is not None
    assert run(tasks.bot_move, table.pk, table.version) is True


def test_a_table_where_every_person_left_for_good_plays_on_with_bots():
    table, people = table_with(humans=1)
    tables.do_leave(table.pk, people[0])
    table.refresh_from_db()
    assert reading.table_state(table.pk, None)["table"]["paused"] is False
    assert run(tasks.bot_move, table.pk, table.version) is True


def test_the_sweep_plays_an_overdue_bot_move_whose_task_was_lost():
    table, people = table_with(humans=1)
    table = bring_a_bot_to_move(table, people)
    before = action_count(table.pk)
    Table.objects.filter(pk=table.pk).update(bot_due_at=timezone.now() - timedelta(seconds=10))
    assert run(tasks.sweep)["bot_moves"] == 1
    assert action_count(table.pk) == before + 1


def test_sockets_of_a_dead_process_are_swept_and_the_seat_counts_as_disconnected():
    table, _people = table_with(humans=2)
    long_ago = timezone.now() - timedelta(minutes=10)
    Connection.objects.filter(channel_name=f"test.channel!{table.pk}.1").update(seen_at=long_ago)
    assert run(tasks.sweep)["stale_connections"] == 1
    assert not Connection.objects.filter(channel_name=f"test.channel!{table.pk}.1").exists()
    assert seat(table.pk, "E").disconnected_at == long_ago
    facts = reading.table_state(table.pk, None)["table"]
    assert [s["connected"] for s in facts["seats"]][:2] == [True, False]
    presence.do_touch_many(f"test.channel!{table.pk}.0")  # a live socket's heartbeat keeps it
    assert run(tasks.sweep)["stale_connections"] == 0


def away_since(table_id: int, minutes: float) -> None:
    """Every seated person left ``minutes`` ago and nothing has happened at the table since."""
    then = timezone.now() - timedelta(minutes=minutes)
    Connection.objects.filter(table_id=table_id).delete()
    Seat.objects.filter(table_id=table_id).exclude(viewer_key="").update(disconnected_at=then)
    Table.objects.filter(pk=table_id).update(updated_at=then)


def test_a_paused_match_nobody_came_back_to_is_closed_by_the_sweep_once(settings):
    settings.ABANDONED_TABLE_MINUTES = 30
    table, (lea,) = table_with(humans=1, connect=False)
    away_since(table.pk, 29)
    assert run(tasks.sweep)["abandoned"] == 0  # not long enough yet
    away_since(table.pk, 31)
    assert run(tasks.sweep)["abandoned"] == 1
    closed = Table.objects.get(pk=table.pk)
    assert closed.status == "abandoned" and closed.version == table.version + 1
    assert (closed.turn_deadline, closed.bot_due_at, closed.turn_started_at) == (None, None, None)
    assert closed.match.result is None  # the match was not played out
    assert run(tasks.sweep)["abandoned"] == 0  # idempotent
    assert sweeping.do_close_abandoned(table.pk) is False
    frame = reading.table_state(table.pk, lea)
    assert frame["table"]["status"] == "abandoned" and frame["table"]["to_move"] is None
    with pytest.raises(errors.ServiceError) as error:
        play.do_act(table.pk, lea, {"type": "look"})
    assert error.value.code == "table_closed"
    # Quick play or a rematch sends the person somewhere they can play again.
    again = tables.do_rematch(table.pk, lea)
    assert again.pk == table.pk and again.status == "playing" and again.match.number == 2


def test_a_table_is_not_closed_while_one_seated_person_is_connected(settings):
    settings.ABANDONED_TABLE_MINUTES = 30
    table, people = table_with(humans=2, turn_seconds=None)
    then = timezone.now() - timedelta(hours=2)
    presence.do_disconnect(table.pk, f"test.channel!{table.pk}.1")
    Seat.objects.filter(viewer_key=people[1].key).update(disconnected_at=then)
    Table.objects.filter(pk=table.pk).update(updated_at=then)  # Léa thinks, with no timer
    assert run(tasks.sweep)["abandoned"] == 0
    assert Table.objects.get(pk=table.pk).status == "playing"
    # A spectator does not keep a table open.
    presence.do_connect(table.pk, None, "test.channel!spectator")
    away_since(table.pk, 31)
    presence.do_connect(table.pk, None, "test.channel!spectator")
    assert run(tasks.sweep)["abandoned"] == 1


def test_waiting_quick_tables_everyone_left_are_closed_and_leave_the_lobby(settings):
    settings.ABANDONED_TABLE_MINUTES = 5
    settings.QUICK_TABLE_BOT_DELAY = 3600
    zoe, lea = guest("Zoé"), guest("Léa")
    listed = tables.do_quick_play(zoe)  # seated, but her page never connected
    assert [t["id"] for t in listing.open_quick_tables()] == [listed.pk]
    away_since(listed.pk, 6)
    assert run(tasks.sweep)["abandoned"] == 1
    assert listing.open_quick_tables() == []
    # The next person gets a fresh table, not the closed one; a table everyone left is closed too.
    emptied = tables.do_quick_play(lea)
    assert emptied.pk != listed.pk
    tables.do_leave(emptied.pk, lea)
    assert run(tasks.sweep)["abandoned"] == 0
    away_since(emptied.pk, 6)
    assert run(tasks.sweep)["abandoned"] == 1
    assert set(Table.objects.values_list("status", flat=True)) == {"abandoned"}
    assert tables.do_quick_play(zoe).pk not in {listed.pk, emptied.pk}


def step(table: Table, people: list[Viewer]) -> dict:
    """One move by whoever is to move (a person's first legal action, or the bot's task); returns
    the public view after it."""
    keys = {p.key: p for p in people}
    key = seat(table.pk, mover(table.pk)).viewer_key
    if key in keys:
        viewer = keys[key]
        play.do_act(table.pk, viewer, reading.table_state(table.pk, viewer)["view"]["legal"][0])
    else:
        assert run(tasks.bot_move, table.pk, Table.objects.get(pk=table.pk).version) is True
    return reading.table_state(table.pk, None)["view"]


def test_after_a_trick_the_next_lead_waits_for_the_trick_pause(settings):
    settings.BOT_MOVE_DELAY = 0.8
    settings.TRICK_PAUSE_SECONDS = 1.5
    table, people = table_with(humans=1, turn_seconds=30)
    person = seat(table.pk, "N")
    seen = {
        "bot mid-trick": None,
        "bot leads": None,
        "person mid-trick": None,
        "person leads": None,
    }
    while None in seen.values():
        view = step(table, people)
        if view["phase"] != "playing" or view["to_move"] is None:
            continue
        table.refresh_from_db()
        now = timezone.now()
        to_person = view["to_move"] == person.position
        lead = not view["trick"]["cards"] and len(view["tricks"]) > 0
        if not lead and not view["trick"]["cards"]:
            continue  # the first lead of a hand follows a bid, not a trick
        key = f"{'person' if to_person else 'bot'} {'leads' if lead else 'mid-trick'}"
        if to_person:
            seen[key] = (table.turn_deadline - now).total_seconds()
        else:
            seen[key] = (table.bot_due_at - now).total_seconds()
    assert 0.5 <= seen["bot mid-trick"] <= 0.8
    assert 2.0 <= seen["bot leads"] <= 2.3  # BOT_MOVE_DELAY + TRICK_PAUSE_SECONDS
    assert 29.5 <= seen["person mid-trick"] <= 30
    assert 31 <= seen["person leads"] <= 31.5  # the turn clock starts once the pause is over
