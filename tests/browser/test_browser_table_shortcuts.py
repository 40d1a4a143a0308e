"""The table's shortcut keys (issue 31), in a real headless Chromium: "?" opens the "Raccourcis"
dialog that lists them, Escape closes it; each key says in the table's log the trick on the
table, the score and the contracts, the bids, the tricks taken, the suits each seat has shown out
of. A key pressed while typing in the chat is a letter of the message, not a shortcut. The list
closes when the player's turn comes, the focus going to the first bid.

The socket is a fake the test drives (tests/support/browser.py FAKE_SOCKET); the table is real,
brought to the guest's turn by the bots, then a state of the first trick is handed to the page."""

from __future__ import annotations

import copy
import re

import pytest
from django.urls import reverse

from games.actions.presence import do_connect
from tests.support.browser import (
    assert_no_serious_axe_violations,
    page_with_fake_socket,
    socket_receive,
)
from tests.support.pages import bots_play_until_turn_of, guest, private_table, start, viewer_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    return live_server.url


def said(page) -> list[str]:
    snapshot = page.get_by_role("log", name="Annonces de la table").aria_snapshot()
    return [m.group(1) for m in re.finditer(r'- paragraph: "?(.*?)"?$', snapshot, re.M)]


def first_trick(state: dict, me: str) -> dict:
    """``state`` moved on to the second trick of the hand: West showed out of hearts."""
    frame = copy.deepcopy(state)
    frame["version"] += 1
    v = frame["view"]
    v.update(
        phase="playing",
        bids={"N": 3, "E": "nil", "S": 2, "W": 4},
        contracts={"NS": 5, "EW": 4},
        tricks=[{"leader": "E", "winner": "N", "cards": [
            {"seat": "E", "card": "2H"}, {"seat": "S", "card": "KH"},
            {"seat": "W", "card": "5C"}, {"seat": "N", "card": "AH"}]}],
        trick={"leader": "N", "cards": [{"seat": "N", "card": "QS"}]},
        tricks_won={"N": 1, "E": 0, "S": 0, "W": 0},
        to_move="E", legal=[],
    )  # fmt: skip
    frame["table"]["to_move"] = "E"
    assert me == "N"
    return frame


def test_the_shortcut_keys_say_the_trick_the_score_the_bids_the_tricks_and_the_voids(
    site, chromium
):
    lea = guest("Léa")
    table = private_table(lea)
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")
    start(lea, table)
    state = bots_play_until_turn_of(table, me)
    with page_with_fake_socket(chromium, site, lea) as (page, errors):
        page.goto(site + reverse("games:table", args=[table.pk]))
        page.evaluate("window.sockets.at(-1).open()")
        socket_receive(page, first_trick(state, state["table"]["me"]["seat"]))
        page.get_by_role("group", name="Ta main").wait_for()

        page.keyboard.press("?")
        dialog = page.get_by_role("dialog", name="Raccourcis")
        dialog.wait_for()
        assert "les couleurs qui manquent à chacun" in dialog.inner_text()
        assert_no_serious_axe_violations(page)
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")

        for key in "pselc":
            count = len(said(page))
            page.keyboard.press(key)
            page.wait_for_function(
                "(n) => document.querySelector('#table-log').childElementCount > n", arg=count
            )
        lines = said(page)[-5:]
        assert lines[0] == "Sur le tapis : Léa joue la dame de pique.", said(page)
        assert lines[1].startswith(
            "Nous : score 0, sacs 0. Eux : score 0, sacs 0. Contrats : nous 5"
        )
        assert "Est annonce nul" in lines[2] and "Léa annonce 3" in lines[2], lines[2]
        assert "Léa : 1 pli" in lines[3] and "Ouest : 0 pli" in lines[3], lines[3]
        assert lines[4] == "Ouest n'a plus de cœur"

        # Typing in the chat: the letters go to the message.
        count = len(said(page))
        page.get_by_label("Ton message").fill("")
        page.get_by_label("Ton message").press_sequentially("pas de raccourci")
        assert len(said(page)) == count

        # My turn comes while the list is open: it closes (it would hide the bid grid, my clock
        # running) and the focus goes to the first bid.
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("?")
        dialog.wait_for()
        socket_receive(page, {**state, "version": state["version"] + 2})
        dialog.wait_for(state="hidden")
        page.wait_for_function(
            "document.activeElement?.getAttribute('aria-label')?.startsWith('Annoncer')"
        )
        assert not errors, errors
