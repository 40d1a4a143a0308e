"""The TypedDicts of spades/engine/actions.py say exactly what the engine hands out at run time."""

import random

from spades.engine import Match, Rules
from spades.engine.actions import (
    Bid,
    CompletedTrick,
    LastTrick,
    Look,
    MatchResult,
    Play,
    SeatView,
    TrickCard,
    TrickView,
    is_bid,
    is_look,
    is_play,
)

KINDS = {"bid": Bid, "play": Play, "look": Look}


def check_action(action):
    assert set(action) == KINDS[action["type"]].__required_keys__
    assert [is_bid(action), is_play(action), is_look(action)].count(True) == 1


def check_trick(trick, kind):
    assert set(trick) == kind.__required_keys__
    for card in trick["cards"]:
        assert set(card) == TrickCard.__required_keys__


def check_view(view):
    assert set(view) == SeatView.__required_keys__
    check_trick(view["trick"], TrickView)
    for trick in view["tricks"]:
        check_trick(trick, CompletedTrick)
    if view["last_trick"] is not None:
        check_trick(view["last_trick"], LastTrick)
    if view["result"] is not None:
        assert set(view["result"]) == MatchResult.__required_keys__
    for action in view["legal"]:
        check_action(action)


def test_views_and_actions_have_the_keys_of_their_types():
    # Random play rarely makes contracts: the loss floor ends the match within a few hands.
    rules = Rules(target=100, loss_floor=-100)
    match = Match(rules, 7)
    rng = random.Random(7)
    kinds = set()
    while not match.is_over and len(match.history) < 20:
        for seat in ("N", "E", "S", "W", None):
            check_view(match.view(seat))
        legal = match.legal_actions()
        for action in legal:
            check_action(action)
            kinds.add(action["type"])
        match.apply(match.to_move, rng.choice(legal))
    check_view(match.view("N"))
    assert match.view(None)["result"] is not None
    assert kinds == {"bid", "play", "look"}
    for _, action in match.actions:
        check_action(action)
    assert Match.replay(rules, 7, match.actions).view(None) == match.view(None)
