"""The live-table use cases under concurrency (two moves, two tasks, two forms racing: one
wins), and the table's later life: rematch, partnerships, moderation from the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from games import reading
from games.actions import chat, play, presence, tables
from games.errors import ServiceError
from games.models import Action, Seat, Table
from tests.support.live import guest, legal_of, private_table, seats_of, to_move
from tests.support.races import race

# ----------------------------------------------------------------------------- races


@pytest.mark.django_db(transaction=True)
def test_two_requests_racing_for_one_turn_apply_only_one():
    table, people = private_table(humans=4)
    for _ in range(4):
        table.refresh_from_db()
        mover = seats_of(table.pk)[to_move(table.pk)]
        viewer = next(p for p in people if p.key == mover.viewer_key)
        legal = [a for a in legal_of(table.pk, viewer) if a["type"] == "bid"]
        before = Action.objects.filter(match__table=table).count()
        # Two different bids for the same turn, without versions: only the lock decides.
        results = race(
            [lambda a=a, v=viewer: play.do_act(table.pk, v, a) for a in (legal[0], legal[-1])]
        )
        errors = [r for r in results if isinstance(r, Exception)]
        assert len(errors) == 1 and isinstance(errors[0], ServiceError), results
        assert errors[0].code in {"not_your_turn", "not_bidding"}  # the 4th bid ends the bidding
        assert Action.objects.filter(match__table=table).count() == before + 1


@pytest.mark.django_db(transaction=True)
def test_two_bot_move_tasks_racing_for_one_turn_apply_only_one():
    table, (lea,) = private_table(humans=1)
    while seats_of(table.pk)[to_move(table.pk)].viewer_key == lea.key:
        play.do_act(table.pk, lea, legal_of(table.pk, lea)[0])
    table.refresh_from_db()
    before = Action.objects.filter(match__table=table).count()
    results = race([lambda: play.do_bot_move(table.pk, table.version)] * 2)
    assert sorted(results) == [False, True]
    assert Action.objects.filter(match__table=table).count() == before + 1


@pytest.mark.django_db
def test_rematch_at_a_quick_table_deals_a_new_match_there_with_the_next_dealer():
    lea, hugo = guest("Léa"), guest("Hugo")
    table = tables.do_quick_play(lea)
    tables.do_join(table.pk, hugo)
    presence.do_connect(table.pk, lea, "test.channel!lea")
    Table.objects.filter(pk=table.pk).update(bots_at=timezone.now())
    assert tables.do_fill_bots(table.pk)
    first = reading.table_state(table.pk, lea)["view"]["dealer"]
    Table.objects.filter(pk=table.pk).update(status="finished")
    again = tables.do_rematch(table.pk, lea)
    assert again.pk == table.pk and again.status == "playing" and again.match.number == 2
    seats = seats_of(table.pk)
    assert seats["N"].viewer_key == lea.key
    assert seats["E"].is_bot  # Hugo had no page open at the table: he left, a bot sits there
    dealer = reading.table_state(table.pk, lea)["view"]["dealer"]
    assert dealer == "NESW"[("NESW".index(first) + 1) % 4]  # the last dealer was the first


@pytest.mark.django_db
def test_two_people_choose_their_partnerships_before_the_start():
    lea, hugo, zoe = guest("Léa"), guest("Hugo"), guest("Zoé")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    tables.do_join(table.pk, hugo, invite_token=table.invite_token, position="S")
    tables.do_join(table.pk, zoe, invite_token=table.invite_token, position="E")
    assert seats_of(table.pk)["S"].viewer_key == hugo.key  # Léa's partner, by his choice
    with pytest.raises(ServiceError) as error:
        tables.do_choose_seat(table.pk, zoe, "S")
    assert error.value.code == "seat_taken"  # only the host swaps two people
    with pytest.raises(ServiceError) as error:
        tables.do_choose_seat(table.pk, zoe, "W", who="S")
    assert error.value.code == "not_host"
    tables.do_choose_seat(table.pk, zoe, "W")  # a free seat: anyone may move there
    tables.do_choose_seat(table.pk, lea, "W", who="S")  # the host swaps Hugo and Zoé
    seats = seats_of(table.pk)
    assert (seats["W"].viewer_key, seats["S"].viewer_key) == (hugo.key, zoe.key)
    assert seats["E"].is_empty and seats["N"].viewer_key == lea.key


@pytest.mark.django_db
def test_moderators_hide_and_show_chat_messages_from_the_admin(client):

    from games.models import ChatMessage

    table, (lea,) = private_table(humans=1)
    message = chat.do_chat(table.pk, lea, "un gros mot")
    admin = get_user_model().objects.create_superuser("admin", "a@example.org", "pw")
    client.force_login(admin)
    url = "/fr/admin/games/chatmessage/"
    assert client.get(url, {"q": "gros"}).status_code == 200
    response = client.post(url, {"action": "hide", "_selected_action": [message.pk]})
    assert response.status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert reading.visible_chat(table.pk, lea.key) == []
    client.post(url, {"action": "unhide", "_selected_action": [message.pk]})
    assert [m["text"] for m in reading.visible_chat(table.pk, lea.key)] == ["un gros mot"]
    assert client.get(f"/fr/admin/games/table/{table.pk}/change/").status_code == 200
    for model in ("table", "match", "action", "mute", "silence"):
        assert client.get(f"/fr/admin/games/{model}/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_quick_play_seats_the_guest_once():
    lea = guest("Léa")
    for _ in range(3):
        results = race([lambda: tables.do_quick_play(lea)] * 2)
        assert all(isinstance(r, Table) for r in results), results
        assert results[0].pk == results[1].pk
    assert Seat.objects.filter(viewer_key=lea.key).count() == 1


@pytest.mark.django_db
def test_the_same_private_table_form_sent_twice_opens_one_table():
    lea = guest("Léa")
    first = tables.do_create_private_table(lea, {"target": 300}, "hard", 30)
    again = tables.do_create_private_table(lea, {"target": 300}, "hard", 30)
    assert again.pk == first.pk and Table.objects.count() == 1
    # Other options, or the same ones a while later, are a new table on purpose.
    other = tables.do_create_private_table(lea, {"target": 500}, "hard", 30)
    assert other.pk != first.pk
    Table.objects.update(created_at=first.created_at - tables.DOUBLE_SUBMIT_WINDOW)
    later = tables.do_create_private_table(lea, {"target": 300}, "hard", 30)
    assert later.pk not in {first.pk, other.pk}
    assert tables.do_create_private_table(guest("Hugo"), {"target": 300}, "hard", 30).pk not in {
        first.pk, later.pk
    }  # fmt: skip
    assert Table.objects.count() == 4


@pytest.mark.django_db(transaction=True)
def test_two_private_table_forms_racing_for_one_host_open_one_table():
    lea = guest("Léa")
    results = race([lambda: tables.do_create_private_table(lea, {}, "normal", None)] * 2)
    assert all(isinstance(r, Table) for r in results), results
    assert results[0].pk == results[1].pk
    assert Table.objects.count() == 1
    assert Seat.objects.filter(viewer_key=lea.key).count() == 1


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL setting")
def test_pg_synchronous_commit_off_reaches_the_database_connection_and_on_is_the_default():
    import os
    import subprocess
    import sys

    code = (
        "import django; django.setup(); from django.db import connection; "
        "c = connection.cursor(); c.execute('SHOW synchronous_commit'); print(c.fetchone()[0])"
    )

    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"

    def shown(value: str | None) -> str:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": url}
        env.pop("PG_SYNCHRONOUS_COMMIT", None)
        if value is not None:
            env["PG_SYNCHRONOUS_COMMIT"] = value
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return out.stdout.strip().splitlines()[-1]

    assert shown("off") == "off"
    assert shown(None) == "on"
