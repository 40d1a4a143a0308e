"""The tournament's partner faults: each counted only when the seat could have known better."""

from __future__ import annotations

from spades.bots.quality import FaultTracker
from spades.bots.tournament import run_tournament
from tests.support.bots import cards, make_view


def test_overtaking_a_partner_whose_card_is_sure_is_a_fault_and_following_under_is_not():
    # S plays last: N's king of clubs wins for sure, S holds the ace and small clubs.
    view = make_view(
        "S",
        cards("AC 4C 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="S",
        trick_leader="W",
        trick=["7C", "KC", "8C"],
    )
    bad, good = FaultTracker(), FaultTracker()
    bad.on_play("x", view, "AC")
    good.on_play("x", view, "4C")
    assert bad.counts["x"]["overtook_sure_partner"] == 1
    assert good.counts.get("x", {}).get("overtook_sure_partner", 0) == 0


def test_overtaking_is_no_fault_when_an_opponent_to_play_could_still_beat_the_partner():
    # N leads the king of clubs, the ace is still out and W plays after S.
    view = make_view(
        "S",
        cards("QC 4C 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="W",
        trick_leader="N",
        trick=["KC", "2C"],
    )
    t = FaultTracker()
    t.on_play("x", view, "QC")
    assert t.counts.get("x", {}).get("overtook_sure_partner", 0) == 0


def test_leaving_a_partners_nil_on_top_counts_once_the_partner_wins_the_trick():
    # N bid nil and holds the trick with the king of hearts; S could cover with the ace.
    view = make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S KS"),
        bids={"N": "nil", "E": 4, "S": 5, "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "KH", "3H"],
    )
    t = FaultTracker()
    t.on_play("x", view, "4H")
    assert t.counts["x"]["partner_nil_left_uncovered"] == 1
    covered = FaultTracker()
    covered.on_play("x", view, "AH")
    assert covered.counts.get("x", {}).get("partner_nil_left_uncovered", 0) == 0


def test_a_nil_bidder_winning_a_trick_it_could_duck_is_a_fault():
    view = make_view(
        "S",
        cards("AH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S 2S"),
        bids={"N": 4, "E": 4, "S": "nil", "W": 3},
        dealer="S",
        trick_leader="W",
        trick=["5H", "9H", "3H"],
    )
    t = FaultTracker()
    t.on_play("x", view, "AH")
    assert t.counts["x"]["own_nil_took_avoidable"] == 1


def test_the_tournament_summary_reports_the_faults_of_every_bot_per_100_hands():
    s = run_tournament(("normal", "normal"), ("easy", "easy"), 2, seed=1, progress=False)
    faults = s["partner_faults_per_100_hands"]
    assert set(faults) == {"normal", "easy"}
    for row in faults.values():
        assert row["seat_hands"] > 0
        assert set(row) >= {
            "overtook_sure_partner",
            "own_nil_took_avoidable",
            "partner_nil_left_uncovered",
            "bag_taken_near_limit",
            "blind_nil_below_value",
        }
    assert "set_rate_per_hand" in s["A"]
    assert set(s["blind_nil_by_bot"]) == {"normal", "easy"}


def test_the_summary_counts_each_bots_blind_nils_and_the_ones_that_do_not_pay():
    gambler = "tests.support.bots:blind_nil_always"
    s = run_tournament(
        (gambler, "normal"), ("easy", "easy"), 1, seed=3, progress=False, max_hands=2
    )
    mine = s["blind_nil_by_bot"][gambler]
    assert mine["bids"] >= 2  # the first bidder of each hand, in both games of the pair
    assert 0 <= mine["made"] <= mine["bids"]
    assert s["blind_nil_by_bot"]["normal"]["bids"] == 0
    faults = s["partner_faults_per_100_hands"][gambler]
    assert faults["blind_nil_below_value"] > 0
    assert s["partner_faults_per_100_hands"]["normal"]["blind_nil_below_value"] == 0


def test_hard_never_overtakes_a_partner_whose_card_is_sure():
    import random

    from spades.bots import hard

    view = make_view(
        "S",
        cards("AC 4C 9S 7S 4S 2S KH 9H 5H 3H QD JD 8D"),
        bids={"N": 4, "E": 3, "S": 5, "W": 1},
        dealer="S",
        trick_leader="W",
        trick=["7C", "KC", "8C"],
    )
    for seed in range(3):
        assert hard.choose(view, random.Random(seed), budget=4000)["card"] == "4C"


def test_hard_with_its_own_nil_alive_never_goes_above_the_winning_card_when_it_can_stay_under():
    import random

    from spades.bots import hard

    # S bid nil and plays second to E's queen of hearts, holding the king and the four: the ace
    # is still out, but the opponents keep it to break the nil, so only the four is searched.
    view = make_view(
        "S",
        cards("KH 4H 9D 8D 3D QC 7C 2C 6S 5S 4S 3S 2S"),
        bids={"N": 5, "E": 4, "S": "nil", "W": 3},
        dealer="N",
        trick_leader="E",
        trick=["QH"],
    )
    for seed in range(4):
        assert hard.choose(view, random.Random(seed), budget=4000)["card"] == "4H"
