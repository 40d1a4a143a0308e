"""No deal is shown before its player reaches it: a daily table is followed by its player only,
its later hands' seeds appear in none of its frames, and the replays of a day's matches open
only to those done with that day."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from daily.actions import do_open_day, do_play
from games.reading import table_frames
from tests.support.daily import play_try
from tests.support.match import viewer_of
from tests.support.pages import guest

pytestmark = pytest.mark.django_db


def test_only_the_player_follows_a_daily_table():
    lea = guest("Léa")
    lea.post("/fr/donne-du-jour/jouer/")
    entry = do_play(viewer_of(lea))
    assert lea.get(f"/fr/tables/{entry.table_id}/").status_code == 200
    assert guest("Hugo").get(f"/fr/tables/{entry.table_id}/").status_code == 403
    assert Client().get(f"/fr/tables/{entry.table_id}/").status_code == 403


def test_the_later_hands_seeds_are_in_no_frame_of_the_first_hand(settings):
    settings.DAILY_HANDS = 3
    lea = guest("Léa")
    entry = do_play(viewer_of(lea))
    state, history = table_frames(entry.table_id, viewer_of(lea))
    text = json.dumps([state, history])
    for seed in do_open_day().deal_seeds:
        assert seed not in text
    assert state["view"]["hand_number"] == 1
    assert len(state["view"]["hand"]) == 13


def test_a_finished_daily_match_opens_to_its_player_and_to_those_done_with_the_day():
    lea, hugo = guest("Léa"), guest("Hugo")
    entry = do_play(viewer_of(lea))
    play_try(entry, viewer_of(lea))
    url = f"/fr/parties/{entry.match_id}/"
    assert lea.get(url).status_code == 200
    assert hugo.get(url).status_code == 404
    assert Client().get(url).status_code == 404
    page = hugo.get("/fr/donne-du-jour/").content.decode()
    assert url not in page  # not even the link before Hugo played
    hugo_entry = do_play(viewer_of(hugo))
    play_try(hugo_entry, viewer_of(hugo), seed=2)
    assert hugo.get(url).status_code == 200
