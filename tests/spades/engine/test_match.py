"""A whole match (docs/engine.md): dealing from the seed, blind nil looks, views, end of match."""

from __future__ import annotations

import json
import random

import pytest

from spades.engine import (
    SEATS,
    IllegalAction,
    Match,
    Rules,
    deal_for,
    first_dealer,
    match_winner,
    score_hand,
)
from tests.support.engine import play_random_match_steps

STANDARD = Rules()
LOOK = {"type": "look"}


def seat_after(seat: str, k: int) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def play_hands(match: Match, rng: random.Random, hands: int) -> None:
    """Random legal actions until ``hands`` more hands are complete (or the match ends)."""
    goal = len(match.history) + hands
    while not match.is_over and len(match.history) < goal:
        match.apply(match.to_move, rng.choice(match.legal_actions()))


def dealt_cards(match: Match) -> list[list[int]]:
    """The cards of each seat at the start of the current hand (no card played yet)."""
    assert match.hand.plays == []
    return [sorted(match.hand.hand_ints(i)) for i in range(4)]


def all_views(match: Match) -> list[dict]:
    return [match.view(s) for s in (*SEATS, None)]


def test_the_first_dealer_comes_from_the_seed_and_the_deal_passes_clockwise():
    match = Match(Rules(target=10000), seed="table-7")
    first = match.dealer
    assert SEATS.index(first) == first_dealer("table-7")
    play_hands(match, random.Random(1), 5)
    assert [h["dealer"] for h in match.history] == [seat_after(first, k) for k in range(5)]
    assert match.dealer == seat_after(first, 5)
    assert {Match(STANDARD, seed).dealer for seed in range(40)} == set(SEATS)


def test_the_deal_of_a_hand_depends_only_on_the_seed_and_the_hand_number():
    one, two = Match(Rules(target=10000), seed=99), Match(Rules(target=10000), seed=99)
    assert dealt_cards(one) == dealt_cards(two)
    play_hands(one, random.Random(1), 1)
    play_hands(two, random.Random(2), 1)
    assert one.history[0]["bids"] != two.history[0]["bids"]  # played differently
    assert dealt_cards(one) == dealt_cards(two)
    assert dealt_cards(one) == [sorted(cards) for cards in deal_for(99, 2)]
    assert dealt_cards(Match(STANDARD, seed=100)) != dealt_cards(Match(STANDARD, seed=99))


def test_a_match_replays_exactly_from_its_rules_seed_and_actions():
    rules = Rules(nil_tricks_count_for_contract=False, target=300)
    match = Match(rules, seed=5)
    play_random_match_steps(match, random.Random(8), 300)
    copy = Match.replay(rules, 5, json.loads(json.dumps(match.actions)))
    assert all_views(copy) == all_views(match)
    assert copy.actions == match.actions


def test_first_bidders_do_not_see_their_cards_until_they_look_or_bid_blind_nil():
    match = Match(STANDARD, seed=3)
    first, second = seat_after(match.dealer, 1), seat_after(match.dealer, 2)
    for seat in (first, second):
        view = match.view(seat)
        assert view["hand"] is None and view["hand_hidden"] is True
    for seat in (seat_after(match.dealer, 3), match.dealer):
        view = match.view(seat)
        assert len(view["hand"]) == 13 and view["hand_hidden"] is False
    assert match.to_move == first
    assert match.legal_actions() == [{"type": "bid", "bid": "blind_nil"}, LOOK]
    assert match.legal_actions(second) == [LOOK]


def test_a_seat_that_has_not_looked_cannot_make_a_numeric_or_nil_bid():
    match = Match(STANDARD, seed=3)
    first = match.to_move
    for bid in (3, 0, "nil"):
        with pytest.raises(IllegalAction) as info:
            match.apply(first, {"type": "bid", "bid": bid})
        assert info.value.code == "bid_not_offered"
    assert match.actions == [] and match.view(first)["hand"] is None


def test_a_seat_may_look_out_of_turn_and_then_loses_blind_nil():
    match = Match(STANDARD, seed=3)
    first, second = seat_after(match.dealer, 1), seat_after(match.dealer, 2)
    match.apply(second, LOOK)
    assert len(match.view(second)["hand"]) == 13
    assert match.view(first)["hand"] is None  # the other first bidder still has not looked
    match.apply(first, LOOK)
    bids = {a["bid"] for a in match.legal_actions(first)}
    assert bids == set(range(14)) | {"nil"}
    match.apply(first, {"type": "bid", "bid": 2})
    with pytest.raises(IllegalAction) as info:
        match.apply(second, {"type": "bid", "bid": "blind_nil"})
    assert info.value.code == "bid_not_offered"
    match.apply(second, {"type": "bid", "bid": "nil"})
    assert match.actions == [
        (second, LOOK),
        (first, LOOK),
        (first, {"type": "bid", "bid": 2}),
        (second, {"type": "bid", "bid": "nil"}),
    ]


def test_a_blind_nil_bid_shows_the_hand_to_its_owner():
    match = Match(STANDARD, seed=4)
    first = match.to_move
    match.apply(first, {"type": "bid", "bid": "blind_nil"})
    view = match.view(first)
    assert view["hand_hidden"] is False and len(view["hand"]) == 13
    assert view["bids"][first] == "blind_nil"
    with pytest.raises(IllegalAction) as info:
        match.apply(first, LOOK)
    assert info.value.code == "look_not_offered"


def test_second_bidders_cannot_look_and_without_blind_nil_nobody_is_hidden():
    match = Match(STANDARD, seed=4)
    with pytest.raises(IllegalAction) as info:
        match.apply(match.dealer, LOOK)
    assert info.value.code == "look_not_offered"
    plain = Match(Rules(blind_nil=False), seed=4)
    assert all(len(plain.view(s)["hand"]) == 13 for s in SEATS)
    assert LOOK not in plain.legal_actions()
    assert {a["bid"] for a in plain.legal_actions()} == set(range(14)) | {"nil"}


def test_the_view_of_a_seat_holds_its_own_sorted_cards_and_a_spectator_sees_no_hand():
    match = Match(Rules(blind_nil=False), seed=12)
    view = match.view("S")
    order = {"C": 0, "D": 1, "H": 2, "S": 3}
    rank = "23456789TJQKA"
    assert view["hand"] == sorted(view["hand"], key=lambda c: (order[c[1]], rank.index(c[0])))
    assert view["hand_counts"] == {s: 13 for s in SEATS}
    assert view["bid_order"] == [seat_after(match.dealer, k) for k in range(1, 5)]
    spectator = match.view(None)
    assert spectator["seat"] is None and spectator["hand"] is None and spectator["legal"] == []
    json.dumps(view)


def test_contracts_appear_once_both_partners_have_bid():
    match = Match(Rules(blind_nil=False), seed=12)
    bids = [4, "nil", 3, 2]
    seats = []
    for bid in bids:
        seats.append(match.to_move)
        match.apply(match.to_move, {"type": "bid", "bid": bid})
        contracts = match.view(None)["contracts"]
        if len(seats) < 3:
            assert contracts == {"NS": None, "EW": None}
    team_of_first = "NS" if seats[0] in "NS" else "EW"
    other = "EW" if team_of_first == "NS" else "NS"
    assert match.view(None)["contracts"] == {team_of_first: 7, other: 2}
    assert match.view(None)["phase"] == "playing"


def test_after_each_hand_the_history_holds_its_score_and_the_totals_follow():
    match = Match(Rules(target=10000), seed=21)
    rng = random.Random(4)
    play_hands(match, rng, 1)
    first = match.history[0]
    expected = score_hand(match.rules, first["bids"], first["tricks_won"])
    assert {k: first[k] for k in ("NS", "EW")} == expected
    assert match.scores == {
        t: {"score": expected[t]["score"], "bags": expected[t]["bags"]} for t in ("NS", "EW")
    }
    view = match.view("N")
    assert view["hand_number"] == 2 and view["tricks"] == []
    assert "history" not in view  # the past hands are the match's, not the view's (constant size)
    assert view["last_trick"]["hand_number"] == 1 and len(view["last_trick"]["cards"]) == 4
    play_hands(match, rng, 1)
    second = match.history[1]
    assert second["NS"]["score"] == first["NS"]["score"] + second["NS"]["hand"]


@pytest.mark.parametrize(
    ("rules", "ns", "ew", "winner"),
    [
        (STANDARD, 490, 300, None),
        (STANDARD, 500, 300, "NS"),
        (STANDARD, 510, 620, "EW"),
        (STANDARD, 520, 520, None),  # equal: one more hand
        (STANDARD, -900, 100, None),  # no loss floor in standard mode
        (Rules(loss_floor=-200), -200, 100, "EW"),
        (Rules(loss_floor=-200), -250, -300, "NS"),
        (Rules(loss_floor=-200), -199, 100, None),
        (Rules(target=250), 260, 100, "NS"),
    ],
)
def test_the_match_ends_at_the_target_or_the_loss_floor_and_the_higher_score_wins(
    rules, ns, ew, winner
):
    assert match_winner(rules, ns, ew) == winner


def test_a_finished_match_refuses_every_action_and_reports_its_result():
    rules = Rules(target=50, loss_floor=-50)
    match = Match(rules, seed=2)
    play_hands(match, random.Random(2), 200)
    assert match.is_over
    ns, ew = match.scores["NS"]["score"], match.scores["EW"]["score"]
    assert match.result == {"winner": "NS" if ns > ew else "EW", "scores": {"NS": ns, "EW": ew}}
    assert match_winner(rules, ns, ew) == match.result["winner"]
    for entry in match.history[:-1]:  # the match ended at the first hand that could end it
        assert match_winner(rules, entry["NS"]["score"], entry["EW"]["score"]) is None
    view = match.view("E")
    assert (view["phase"], view["to_move"], view["legal"]) == ("over", None, [])
    assert view["result"] == match.result and len(view["tricks"]) == 13
    assert match.to_move is None and all(match.legal_actions(s) == [] for s in SEATS)
    with pytest.raises(IllegalAction) as info:
        match.apply("N", {"type": "bid", "bid": 3})
    assert info.value.code == "match_over"


def test_illegal_actions_raise_and_change_nothing():
    match = Match(STANDARD, seed=6)
    rng = random.Random(6)
    while len(match.hand.plays) < 5:
        match.apply(match.to_move, rng.choice(match.legal_actions()))
    before = (all_views(match), list(match.actions))
    to_move = match.to_move
    other = seat_after(to_move, 1)
    held_by_other = match.view(other)["hand"][0]
    attempts = [
        (other, match.legal_actions()[0], "not_your_turn"),
        (to_move, {"type": "play", "card": held_by_other}, "not_held"),
        (to_move, {"type": "bid", "bid": 3}, "not_bidding"),
        (to_move, {"type": "play"}, "bad_action"),
        ("X", match.legal_actions()[0], "bad_action"),
        (to_move, LOOK, "look_not_offered"),
    ]
    for seat, action, code in attempts:
        with pytest.raises(IllegalAction) as info:
            match.apply(seat, action)
        assert info.value.code == code, (seat, action)
    assert (all_views(match), match.actions) == before
