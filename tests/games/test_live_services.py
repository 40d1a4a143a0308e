"""The live-table use cases against the database (PostgreSQL in CI, SQLite locally)."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection, transaction
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import broadcast, caches, frames, reading
from games.actions import play, presence, tables
from games.errors import ServiceError
from games.models import Action, Match, Table
from games.viewers import Viewer, set_guest_nickname, viewer_from_request
from lobby import listing
from tests.support.live import (
    engine_at,
    guest,
    legal_of,
    private_table,
    seats_of,
    table_counts,
    to_move,
)

# ----------------------------------------------------------------------------- identity


@pytest.mark.django_db
def test_a_guest_nickname_is_tidied_and_must_have_two_to_twenty_characters():
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()
    assert viewer_from_request(request) is None
    viewer = set_guest_nickname(request, "  Léa   la  Pique ")
    assert viewer.name == "Léa la Pique" and viewer.key == f"g:{viewer.guest_id}"
    assert viewer_from_request(request) == viewer
    again = set_guest_nickname(request, "Léa")
    assert again.guest_id == viewer.guest_id  # same guest, new nickname
    for bad in ("L", "x" * 21, "   ", "Léa\x00", None):
        with pytest.raises(ServiceError) as error:
            set_guest_nickname(request, bad)
        assert error.value.code == "bad_nickname"
    assert viewer_from_request(request).name == "Léa"


@pytest.mark.django_db
def test_a_logged_in_user_is_a_viewer_under_their_public_name():
    user = get_user_model().objects.create_user("lea", password="x", display_name="Léa P.")
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = user
    viewer = viewer_from_request(request)
    assert viewer == Viewer(user_id=user.pk, guest_id=None, name="Léa P.")
    assert viewer.key == f"u:{user.pk}"


# ----------------------------------------------------------------------------- tables


@pytest.mark.django_db
def test_quick_play_seats_a_guest_and_sets_when_bots_will_fill_the_table(settings):
    settings.QUICK_TABLE_BOT_DELAY = 15
    lea = guest("Léa")
    table = tables.do_quick_play(lea)
    assert table.kind == "quick" and table.status == "waiting"
    assert table.turn_seconds == settings.TURN_SECONDS
    assert 14 < (table.bots_at - table.created_at).total_seconds() < 16
    assert seats_of(table.pk)["N"].viewer_key == lea.key
    assert tables.do_quick_play(lea).pk == table.pk  # already seated: same table
    hugo = tables.do_quick_play(guest("Hugo"))
    assert hugo.pk == table.pk and seats_of(table.pk)["E"].nickname == "Hugo"
    listed = listing.open_quick_tables()
    assert [(t["id"], t["seats_taken"], t["players"]) for t in listed] == [
        (table.pk, 2, ["Léa", "Hugo"])
    ]


@pytest.mark.django_db
def test_four_guests_at_a_quick_table_start_the_match_at_once_without_bots():
    people = [guest(n) for n in ("A1", "B2", "C3", "D4")]
    table_ids = {tables.do_quick_play(p).pk for p in people}
    assert len(table_ids) == 1
    table = Table.objects.get(pk=table_ids.pop())
    assert table.status == "playing" and table.match is not None
    assert not any(s.is_bot for s in seats_of(table.pk).values())
    assert listing.open_quick_tables() == []
    # A fifth guest gets a new table.
    assert tables.do_quick_play(guest("E5")).pk != table.pk


@pytest.mark.django_db
def test_a_private_table_is_joined_only_with_its_invitation_token():
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_create_private_table(lea, {"target": 200}, "hard", 30)
    assert table.rules["target"] == 200 and table.bot_level == "hard"
    for token in (None, "", "nope", table.invite_token + "x"):
        with pytest.raises(ServiceError) as error:
            tables.do_join(table.pk, hugo, invite_token=token)
        assert error.value.code == "bad_invitation"
    seat = tables.do_join(table.pk, hugo, invite_token=table.invite_token, position="S")
    assert seat.position == "S"
    assert tables.do_join(table.pk, hugo, invite_token=table.invite_token).position == "S"
    with pytest.raises(ServiceError) as error:
        tables.do_join(table.pk, guest("Zoé"), invite_token=table.invite_token, position="S")
    assert error.value.code == "seat_taken"


@pytest.mark.django_db
def test_bad_private_table_options_are_refused():
    lea = guest("Léa")
    for rules, level, seconds, code in (
        ({"target": 5}, "normal", None, "bad_rules"),
        ({"jokers": 2}, "normal", None, "bad_rules"),
        ({}, "expert", None, "bad_bot_level"),
        ({}, "normal", 3, "bad_turn_seconds"),
        ({}, "normal", "30", "bad_turn_seconds"),
    ):
        with pytest.raises(ServiceError) as error:
            tables.do_create_private_table(lea, rules, level, seconds)
        assert error.value.code == code
    assert Table.objects.count() == 0


@pytest.mark.django_db
def test_only_the_host_starts_and_bots_of_the_chosen_level_take_the_empty_seats():
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_create_private_table(lea, {}, "easy", None)
    tables.do_join(table.pk, hugo, invite_token=table.invite_token)
    with pytest.raises(ServiceError) as error:
        tables.do_start(table.pk, hugo)
    assert error.value.code == "not_host"
    tables.do_start(table.pk, lea)
    seats = seats_of(table.pk)
    assert [seats[p].bot_level for p in "NESW"] == ["", "", "easy", "easy"]
    assert seats["S"].display_name() == "Robot Sud (Facile)"
    assert seats["W"].display_name() == "Robot Ouest (Facile)"
    with translation.override("en"):
        assert seats["W"].display_name() == "West bot (Easy)"
    with pytest.raises(ServiceError) as error:
        tables.do_start(table.pk, lea)
    assert error.value.code == "table_started"


@pytest.mark.django_db
def test_the_host_may_remove_a_player_before_the_start_only():
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    tables.do_join(table.pk, hugo, invite_token=table.invite_token)
    with pytest.raises(ServiceError):
        tables.do_kick(table.pk, hugo, "N")
    tables.do_kick(table.pk, lea, "E")
    assert seats_of(table.pk)["E"].is_empty
    tables.do_join(table.pk, hugo, invite_token=table.invite_token)
    tables.do_start(table.pk, lea)
    with pytest.raises(ServiceError) as error:
        tables.do_kick(table.pk, lea, "E")
    assert error.value.code == "table_started"


@pytest.mark.django_db
def test_leaving_before_the_start_frees_the_seat_and_passes_the_host_role():
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    tables.do_join(table.pk, hugo, invite_token=table.invite_token)
    tables.do_leave(table.pk, lea)
    table.refresh_from_db()
    assert seats_of(table.pk)["N"].is_empty and table.host_key == hugo.key


@pytest.mark.django_db
def test_leaving_during_the_match_hands_the_seat_to_a_bot_for_good():
    table, (_lea, hugo) = private_table(humans=2)
    tables.do_leave(table.pk, hugo)
    seat = seats_of(table.pk)["E"]
    assert seat.is_bot and seat.viewer_key == ""
    with pytest.raises(ServiceError) as error:
        play.do_act(table.pk, hugo, {"type": "look"})
    assert error.value.code == "not_seated"


# ----------------------------------------------------------------------------- play


@pytest.mark.django_db
def test_an_illegal_or_out_of_turn_action_is_refused_and_changes_nothing():
    table, people = private_table(humans=4)
    mover = next(p for p in people if seats_of(table.pk)[to_move(table.pk)].viewer_key == p.key)
    idle = next(p for p in people if p is not mover)
    before = table_counts(table.pk)
    cases = [
        (idle, {"type": "bid", "bid": 3}, "not_your_turn"),
        (mover, {"type": "play", "card": "2C"}, "not_playing"),
        (mover, {"type": "bid", "bid": 14}, "bad_action"),
        (mover, {"type": "bid", "bid": 3, "extra": 1}, "bad_action"),
        (mover, {"type": "dance"}, "bad_action"),
        (guest("Intrus"), {"type": "bid", "bid": 3}, "not_seated"),
        (None, {"type": "bid", "bid": 3}, "not_seated"),
        (mover, {"type": "bid", "bid": 3}, "stale_version"),
    ]
    for viewer, action, code in cases:
        version = table.version - 1 if code == "stale_version" else None
        with pytest.raises(ServiceError) as error:
            play.do_act(table.pk, viewer, action, version)
        assert error.value.code == code, (action, error.value)
        assert str(error.value.message)
    assert table_counts(table.pk) == before
    for missing in (table.pk + 1000, 2**70, -1, "12a", None):
        with pytest.raises(ServiceError) as error:
            play.do_act(missing, mover, {"type": "bid", "bid": 3})
        assert error.value.code == "no_table"


@pytest.mark.django_db
def test_a_legal_action_is_logged_with_the_next_sequence_number_and_a_new_version():
    table, people = private_table(humans=4)
    for expected_seq in (1, 2, 3):
        table.refresh_from_db()
        mover = seats_of(table.pk)[to_move(table.pk)]
        viewer = next(p for p in people if p.key == mover.viewer_key)
        action = next(a for a in legal_of(table.pk, viewer) if a["type"] == "bid")
        play.do_act(table.pk, viewer, action, table.version)
        last = Action.objects.filter(match__table=table).latest("seq")
        assert (last.seq, last.seat, last.payload, last.actor) == (
            expected_seq, mover.position, action, "human"
        )  # fmt: skip
        assert Table.objects.get(pk=table.pk).version == table.version + 1
        assert last.match.action_count == expected_seq and last.created_at is not None


def _play_some(table: Table, people: list[Viewer], count: int) -> None:
    for _ in range(count):
        mover = seats_of(table.pk)[to_move(table.pk)]
        viewer = next(p for p in people if p.key == mover.viewer_key)
        play.do_act(table.pk, viewer, legal_of(table.pk, viewer)[0])


@pytest.mark.django_db
def test_rebuilding_a_match_from_the_database_after_clearing_the_cache_gives_the_same_views():
    table, people = private_table(humans=4)
    _play_some(table, people, 30)
    before = {p.key: reading.table_state(table.pk, p) for p in [*people, None] if p} | {
        "spectator": reading.table_state(table.pk, None)
    }
    caches.clear()  # as after a restart of every process
    after = {p.key: reading.table_state(table.pk, p) for p in people} | {
        "spectator": reading.table_state(table.pk, None)
    }
    assert after == before
    match = Match.objects.get(table=table)
    assert before["spectator"]["view"] == engine_at(match.pk).view(None)


@pytest.mark.django_db
def test_an_action_rolled_back_never_survives_in_the_engine_cache():
    table, people = private_table(humans=4)
    _play_some(table, people, 5)
    view_before = reading.table_state(table.pk, None)["view"]
    mover = seats_of(table.pk)[to_move(table.pk)]
    viewer = next(p for p in people if p.key == mover.viewer_key)
    with pytest.raises(RuntimeError), transaction.atomic():
        play.do_act(table.pk, viewer, legal_of(table.pk, viewer)[0])
        raise RuntimeError("the request failed after the action")
    assert reading.table_state(table.pk, None)["view"] == view_before
    assert Match.objects.get(table=table).action_count == 5


@pytest.mark.no_broadcast_check  # rows written behind the unit of work's back
@pytest.mark.django_db(transaction=True)
def test_a_cached_engine_catches_up_with_actions_applied_elsewhere():
    table, people = private_table(humans=4)
    _play_some(table, people, 3)
    reading.table_state(table.pk, None)  # cached at 3 actions
    match = Match.objects.get(table=table)
    engine = engine_at(match.pk)  # another process applies two more actions
    for _ in range(2):
        seat = engine.to_move
        action = engine.legal_actions()[0]
        engine.apply(seat, action)
        match.action_count += 1
        Action.objects.create(match=match, seq=match.action_count, seat=seat, payload=action,
                              actor="human")  # fmt: skip
    match.save()
    hits = caches.stats["replayed"]
    assert reading.table_state(table.pk, None)["view"] == engine.view(None)
    assert caches.stats["replayed"] - hits == 2  # only the missing actions were replayed


def _mover(table: Table, people: list[Viewer]) -> Viewer:
    seat = seats_of(table.pk)[to_move(table.pk)]
    return next(p for p in people if p.key == seat.viewer_key)


@pytest.mark.django_db(transaction=True)
def test_a_move_reads_only_the_locked_table_row_after_a_change_made_by_this_process():
    table, people = private_table(humans=4)
    _play_some(table, people, 3)
    viewer = _mover(table, people)
    action = legal_of(table.pk, viewer)[0]
    with CaptureQueriesContext(connection) as queries:
        play.do_act(table.pk, viewer, action)
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(reads) == 1 and 'FROM "games_table"' in reads[0]
    assert Match.objects.get(table=table).action_count == 4


@pytest.mark.no_broadcast_check  # rows written behind the unit of work's back
@pytest.mark.django_db(transaction=True)
def test_a_move_after_another_process_changed_the_seats_reads_them_again(monkeypatch):
    table, people = private_table(humans=4)
    _play_some(table, people, 2)
    hugo = people[1]
    if _mover(table, people) == hugo:
        _play_some(table, people, 1)
    known = copy.deepcopy(dict(caches._rows))  # this process's rows before Hugo left elsewhere
    tables.do_leave(table.pk, hugo)
    caches._rows.update(known)
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send_many", sent.extend)
    viewer = _mover(table, people)
    play.do_act(table.pk, viewer, legal_of(table.pk, viewer)[0])
    facts = json.loads(sent[-1][1]["facts"]["fr"])  # a bot is seated: one text per language
    seats = {s["position"]: s for s in facts["seats"]}
    assert seats["E"]["kind"] == "bot" and seats["E"]["name"] != "Hugo"
    assert seats_of(table.pk)["E"].viewer_key == ""


@pytest.mark.django_db(transaction=True)
def test_each_broadcast_frame_is_the_state_that_seat_would_read_from_the_database(monkeypatch):
    table, people = private_table(humans=2)  # two bots: their names differ by language
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send_many", sent.extend)
    while not sent:
        seat = seats_of(table.pk)[to_move(table.pk)]
        viewer = next((p for p in people if p.key == seat.viewer_key), None)
        if viewer is None:
            play.do_bot_move(table.pk, Table.objects.get(pk=table.pk).version)
        else:
            play.do_act(table.pk, viewer, legal_of(table.pk, viewer)[0])
    [(group, message)] = sent  # one message to the table's sockets
    assert group == broadcast.state_group(table.pk)
    for viewer, lang in [(people[0], "fr"), (people[1], "en"), (None, "en")]:
        with translation.override(lang):
            expected = reading.table_state(table.pk, viewer)
        me = expected["table"]["me"]
        view = message["views"][me["seat"] or frames.PUBLIC_VIEW]
        text = frames.frame_text(message["version"], message["facts"][lang], me, view)
        assert json.loads(text) == expected


@pytest.mark.django_db(transaction=True)
def test_a_spectator_with_the_table_open_who_sits_down_counts_as_connected():
    lea, hugo, zoe = guest("Léa"), guest("Hugo"), guest("Zoé")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    presence.do_connect(table.pk, hugo, "test.channel!hugo")  # watching the table's page
    tables.do_join(table.pk, hugo, invite_token=table.invite_token, position="E")
    tables.do_join(table.pk, zoe, invite_token=table.invite_token, position="S")
    seats = {s["position"]: s for s in reading.table_state(table.pk, None)["table"]["seats"]}
    assert seats["E"]["connected"] is True
    assert seats["N"]["connected"] is False and seats["S"]["connected"] is False  # no socket yet


@pytest.mark.django_db
def test_rematch_at_a_private_table_deals_a_new_match_for_the_same_seats():
    table, (lea,) = private_table(humans=1)
    with pytest.raises(ServiceError) as error:
        tables.do_rematch(table.pk, lea)
    assert error.value.code == "not_finished"
    Table.objects.filter(pk=table.pk).update(status="finished")
    again = tables.do_rematch(table.pk, lea)
    assert again.pk == table.pk and again.status == "playing"
    numbers = Match.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    assert list(numbers) == [1, 2]
    assert seats_of(table.pk)["N"].viewer_key == lea.key


@pytest.mark.django_db
def test_a_spectator_state_has_no_hand_and_a_player_state_only_their_own():
    table, (lea, _hugo) = private_table(humans=2)
    spectator = reading.table_state(table.pk, None)
    assert spectator["view"]["hand"] is None and spectator["table"]["me"]["seat"] is None
    mine = reading.table_state(table.pk, lea)
    match = Match.objects.get(table=table)
    engine = engine_at(match.pk)
    assert mine["view"] == engine.view("N")
    assert set(mine["view"]["hand"] or []).isdisjoint(engine.hand.hand_codes(1))


@pytest.mark.no_broadcast_check
@pytest.mark.django_db(transaction=True)
def test_the_broadcast_check_catches_a_frame_that_differs_from_a_fresh_read(monkeypatch):
    from tests.support.broadcast_check import BroadcastLog

    table, people = private_table(humans=2)
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send_many", sent.extend)
    seat = seats_of(table.pk)[to_move(table.pk)]
    viewer = next((p for p in people if p.key == seat.viewer_key), None)
    if viewer is None:
        play.do_bot_move(table.pk, Table.objects.get(pk=table.pk).version)
    else:
        play.do_act(table.pk, viewer, legal_of(table.pk, viewer)[0])
    honest = BroadcastLog()
    honest.record(sent)
    assert honest.newest and honest.mismatches() == []
    forged = BroadcastLog()
    [(group, message)] = sent
    public = message["views"][frames.PUBLIC_VIEW].replace('"bidding"', '"play"')
    forged.record([(group, {**message, "views": {**message["views"], frames.PUBLIC_VIEW: public}})])
    assert any("view.phase" in line for line in forged.mismatches())
