"""The daily bots play deterministically from the deal and the history: two players who make
the same moves on the same day's cards meet the same answers, however loaded the machine
(Hard without its clock, its generator seeded from the day's match seed and the moves)."""

from __future__ import annotations

import random

import pytest

from daily.actions import do_play
from games.models import Action
from spades.bots import choose_action
from tests.support.daily import play_try
from tests.support.live import engine_at, guest


def _moves(match_id: int) -> list[tuple[str, dict, str]]:
    return list(
        Action.objects.filter(match_id=match_id)
        .order_by("seq")
        .values_list("seat", "payload", "actor")
    )


@pytest.mark.django_db
def test_two_players_making_the_same_moves_meet_the_same_bots():
    lea, hugo = guest("Léa"), guest("Hugo")
    first, second = do_play(lea), do_play(hugo)
    play_try(first, lea, seed=7)
    play_try(second, hugo, seed=7)
    a, b = _moves(first.match_id), _moves(second.match_id)
    assert len(a) == 4 + 52
    assert a == b


@pytest.mark.django_db
def test_an_exact_hard_bot_answers_one_view_alike_every_time():
    lea = guest("Léa")
    entry = do_play(lea)
    engine = engine_at(entry.match_id)
    seat = engine.to_move
    if seat == "S":  # the player opens: bid for them, a bot is next
        engine.apply("S", {"type": "bid", "bid": 3})
        seat = engine.to_move
    view = engine.view(seat)
    answers = {
        repr(choose_action("hard", view, rng=random.Random("day:4"), exact=True)) for _ in range(3)
    }
    assert len(answers) == 1
