"""Tables set up from Python for the browser tests of the table page: guests (Django test clients
with a nickname), a private table with its host, a guest seated through the invitation, and a
match brought to the viewer's turn. The page is then opened in Chromium with the guest's session
(browser_support.page_with_fake_socket)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games.actions.play import do_bot_move
from games.models import Table
from games.reading import table_state
from games.viewers import Viewer, viewer_from_request

PRIVATE_FORM = {
    "target": "500",
    "nil": "on",
    "blind_nil": "",  # the cards are face up at once: the bid grid shows
    "nil_tricks_count_for_contract": "on",
    "bag_limit": "10",
    "bag_penalty": "100",
    "loss_floor": "",
    "bot_level": "easy",
    "turn_seconds": "0",
}


def guest(name: str) -> Client:
    """A guest who picked ``name`` as nickname."""
    client = Client()
    assert client.post(reverse("lobby:nickname"), {"nickname": name}).status_code == 302
    return client


def viewer_of(client: Client) -> Viewer:
    """The Viewer the site sees for this client (from its session)."""
    request = type("R", (), {"session": client.session, "user": None})()
    viewer = viewer_from_request(request)
    assert viewer is not None
    return viewer


def private_table(host: Client, **options: str) -> Table:
    """A private table opened by ``host`` (seated at North, not started)."""
    response = host.post(reverse("lobby:create_private"), {**PRIVATE_FORM, **options})
    assert response.status_code == 302, response.content
    return Table.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def join(client: Client, table: Table, position: str) -> None:
    """``client`` takes ``position`` through the table's invitation link."""
    url = reverse("games:invite", args=[table.pk, table.invite_token])
    assert client.post(url, {"position": position}).status_code == 302


def start(host: Client, table: Table) -> None:
    assert host.post(reverse("games:start", args=[table.pk])).status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"


def bots_play_until_turn_of(table: Table, viewer: Viewer) -> dict:
    """Let the bots move until it is ``viewer``'s turn; returns the viewer's state then. The table
    must not be paused (someone seated connected), or the bots wait."""
    for _ in range(10):
        table.refresh_from_db()
        state = table_state(table.pk, viewer)
        view = state["view"]
        if view["to_move"] == view["seat"]:
            return state
        assert do_bot_move(table.pk, table.version)
    raise AssertionError("the turn never came")
