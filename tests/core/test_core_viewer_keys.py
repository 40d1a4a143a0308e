"""One viewer key type: built, stored, parsed and printed the same way everywhere."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.viewers import BadViewerKey, ViewerKey, is_guest_key, user_id_of, user_key

keys = st.one_of(
    st.integers(min_value=1, max_value=2**62).map(ViewerKey.user),
    st.text(alphabet="0123456789abcdef", min_size=1, max_size=32).map(ViewerKey.guest),
)


@given(keys)
def test_a_key_round_trips_through_its_stored_text_and_its_repr(key):
    assert ViewerKey.parse(str(key)) == key
    assert eval(repr(key)) == key
    assert is_guest_key(str(key)) == key.is_guest


def test_the_stored_text_is_what_the_rows_have_always_held():
    assert str(ViewerKey.user(12)) == user_key(12) == "u:12"
    assert str(ViewerKey.guest("ab12")) == "g:ab12"
    assert user_id_of("u:12") == 12
    assert user_id_of("g:ab12") is None


@pytest.mark.parametrize("text", ["", "u:", "g:", "u:0", "u:-3", "u:012", "u:1x", "x:12", "12"])
def test_anything_else_is_refused_with_a_value_error(text):
    with pytest.raises(BadViewerKey):
        ViewerKey.parse(text)
    assert user_id_of(text) is None
    assert issubclass(BadViewerKey, ValueError)


def test_a_key_names_exactly_one_person():
    with pytest.raises(BadViewerKey):
        ViewerKey()
    with pytest.raises(BadViewerKey):
        ViewerKey(user_id=1, guest_id="ab")
