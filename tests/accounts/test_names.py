"""A guest may not pass for a bot, nor sit at a table under another player's name, whatever the
case, spaces, accents or look-alike letters."""

from __future__ import annotations

import uuid

import pytest

from accounts.names import name_key
from games.actions import tables
from games.errors import ServiceError
from games.names import reads_as_bot
from games.viewers import Viewer, clean_nickname


@pytest.mark.parametrize(
    "name",
    [
        "Robot Est (Normal)",
        "robot  est",
        "ROBOT-SUD",
        "Ｒｏｂｏｔ Ｏｕｅｓｔ",  # fullwidth letters
        "Rоbot Nord",  # a Cyrillic о
        "R0B0T N0RD",
        "East bot (Hard)",
        "westbot",
    ],
)
def test_names_that_read_as_a_bot_are_refused(name):
    assert reads_as_bot(name)
    with pytest.raises(ServiceError) as error:
        clean_nickname(name)
    assert error.value.code == "bad_nickname"


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Roberta", "Estelle", "Nord-Est", "Léa", "Bob", "Sud Ouest"])
def test_ordinary_names_are_accepted(name):
    assert not reads_as_bot(name)
    assert clean_nickname(name) == name


@pytest.mark.parametrize(
    ("one", "other"),
    [("Léa", "lea"), ("Léa", "LÉA "), ("Hugo B", "hugo-b"), ("Zoé", "Ｚｏé"), ("Anna", "Аnna")],
)
def test_look_alike_names_share_a_key(one, other):
    assert name_key(one) == name_key(other)


def guest(name: str) -> Viewer:
    return Viewer(user_id=None, guest_id=uuid.uuid4().hex, name=name)


@pytest.mark.django_db
def test_nobody_sits_at_a_table_under_a_name_already_there():
    table = tables.do_create_private_table(guest("Léa"), {}, "normal", None)
    with pytest.raises(ServiceError) as error:
        tables.do_join(table.pk, guest("LÉA"), invite_token=table.invite_token)
    assert error.value.code == "name_taken"
    assert tables.do_join(table.pk, guest("Léa B"), invite_token=table.invite_token).position


@pytest.mark.django_db
def test_quick_play_seats_a_namesake_at_another_table():
    first = tables.do_quick_play(guest("Léa"))
    second = tables.do_quick_play(guest("lea"))
    assert second.pk != first.pk
