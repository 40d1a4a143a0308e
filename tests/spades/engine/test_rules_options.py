"""Table options (rules.md "Rule options"): defaults, validation, round trips."""

from __future__ import annotations

import dataclasses

import pytest

from spades.engine import STANDARD_RULES, Rules


def test_the_standard_rules_are_the_table_of_rules_md():
    assert STANDARD_RULES.to_dict() == {
        "variant": "none",
        "nil": True,
        "blind_nil": True,
        "blind_nil_min_deficit": 0,
        "nil_tricks_count_for_contract": True,
        "bag_limit": 10,
        "bag_penalty": 100,
        "target": 500,
        "loss_floor": None,
        "hand_limit": None,
    }
    assert Rules() == STANDARD_RULES


def test_from_dict_takes_standard_values_for_missing_options():
    rules = Rules.from_dict({"blind_nil": False, "loss_floor": -200})
    assert rules == Rules(blind_nil=False, loss_floor=-200)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({}) == STANDARD_RULES


def test_the_repr_of_rules_round_trips():
    for rules in (STANDARD_RULES, Rules(nil=False, target=300, loss_floor=-200, bag_limit=0)):
        assert eval(repr(rules), {"Rules": Rules}) == rules
    assert repr(Rules(target=250)) == "Rules(target=250)"


def test_rules_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD_RULES.target = 100  # type: ignore[misc]


@pytest.mark.parametrize(
    "data",
    [
        {"jokers": True},
        {"nil": 1},
        {"blind_nil": "true"},
        {"nil_tricks_count_for_contract": None},
        {"target": 49},
        {"target": 10001},
        {"target": "500"},
        {"target": 500.0},
        {"target": True},
        {"bag_limit": -1},
        {"bag_limit": 51},
        {"bag_penalty": -5},
        {"bag_penalty": 1001},
        {"loss_floor": 0},
        {"loss_floor": 100},
        {"loss_floor": -200.0},
        {"loss_floor": False},
    ],
)
def test_from_dict_rejects_unknown_options_bad_types_and_out_of_range_values(data):
    with pytest.raises(ValueError):
        Rules.from_dict(data)


def test_from_dict_rejects_something_that_is_not_an_object():
    with pytest.raises(ValueError):
        Rules.from_dict([("target", 300)])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("target", 50),
        ("target", 10000),
        ("bag_limit", 0),
        ("bag_limit", 50),
        ("bag_penalty", 0),
        ("bag_penalty", 1000),
        ("loss_floor", -1),
        ("loss_floor", None),
    ],
)
def test_boundary_values_are_accepted(key, value):
    assert getattr(Rules.from_dict({key: value}), key) == value
