"""The table page, the invitation link, the host's buttons, the bidding hint and the rematch."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.actions.play import do_act, do_bot_move
from games.actions.presence import do_connect
from games.models import Seat, Table
from games.reading import table_state
from games.texts import table_strings
from games.viewers import viewer_from_request
from lobby.views import lobby_strings
from spades.bots import estimate_tricks

pytestmark = pytest.mark.django_db

PRIVATE_FORM = {
    "target": "500",
    "nil": "on",
    "blind_nil": "on",
    "nil_tricks_count_for_contract": "on",
    "bag_limit": "10",
    "bag_penalty": "100",
    "loss_floor": "",
    "bot_level": "easy",
    "turn_seconds": "0",
}


def guest(name: str) -> Client:
    client = Client()
    assert client.post(reverse("lobby:nickname"), {"nickname": name}).status_code == 302
    return client


def viewer_of(client: Client):
    """The Viewer the site sees for this client (from its session)."""
    request = type("R", (), {"session": client.session, "user": None})()
    return viewer_from_request(request)


def private_table(host: Client, **options) -> Table:
    response = host.post(reverse("lobby:create_private"), {**PRIVATE_FORM, **options})
    assert response.status_code == 302, response.content
    return Table.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def embedded(html: str, element_id: str):
    """The JSON a template embedded with json_script."""
    match = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S
    )
    assert match, f"no {element_id} in the page"
    return json.loads(match.group(1))


def invite_url(table: Table) -> str:
    return reverse("games:invite", args=[table.pk, table.invite_token])


def test_the_table_page_embeds_the_viewers_state_strings_and_socket_address():
    lea = guest("Léa")
    table_url = lea.post(reverse("lobby:quick_play"))["Location"]
    response = lea.get(table_url)
    assert response.status_code == 200
    html = response.content.decode()
    state = embedded(html, "table-state")
    config = embedded(html, "table-config")
    strings = embedded(html, "table-strings")
    assert state["type"] == "state"
    assert state["table"]["me"]["seat"] == "N"
    assert state["table"]["status"] == "waiting"
    assert config["wsPath"] == f"/ws/tables/{state['table']['id']}/"
    assert config["lang"] == "fr"
    assert strings["cards"]["QS"] == ["D", "Dame de pique"]
    assert 'type="module"' in html and "js/table.js" in html
    assert "css/table.css" in html


def test_the_page_holds_a_taken_trick_as_long_as_the_server_pauses_after_it(settings):
    settings.TRICK_PAUSE_SECONDS = 0.25
    lea = guest("Léa")
    html = lea.get(lea.post(reverse("lobby:quick_play"))["Location"]).content.decode()
    assert embedded(html, "table-config")["trickPauseMs"] == 250


def test_the_table_page_of_an_unknown_table_is_not_found():
    assert guest("Léa").get(reverse("games:table", args=[999999])).status_code == 404


def test_the_table_page_never_shows_another_seats_hand():
    lea = guest("Léa")
    table = private_table(lea, blind_nil="", turn_seconds="0")
    marius = guest("Marius")
    assert marius.post(invite_url(table)).status_code == 302
    assert lea.post(reverse("games:start", args=[table.pk])).status_code == 302
    table.refresh_from_db()
    engine = table.match.new_engine()
    for client, seat in ((lea, "N"), (marius, "E")):
        html = client.get(reverse("games:table", args=[table.pk])).content.decode()
        state = embedded(html, "table-state")
        own = set(engine.view(seat)["hand"])
        assert set(state["view"]["hand"]) == own
        others = {c for s in "NESW" if s != seat for c in engine.view(s)["hand"]}
        state_text = json.dumps(state)
        assert not [c for c in others if f'"{c}"' in state_text]
        # The server draws no card: the script draws the hand from the embedded state.
        assert not re.findall(r'data-card="', html)


def test_a_spectator_sees_no_hand_at_all():
    lea = guest("Léa")
    table = private_table(lea)
    lea.post(reverse("games:start", args=[table.pk]))
    spectator = Client()
    spectator.get(invite_url(table))  # invited, without a nickname: a spectator
    html = spectator.get(reverse("games:table", args=[table.pk])).content.decode()
    state = embedded(html, "table-state")
    assert state["view"]["hand"] is None
    assert state["table"]["me"]["seat"] is None
    assert not re.findall(r'data-card="', html)


def test_the_host_sees_the_invitation_link_and_the_guest_does_not():
    lea = guest("Léa")
    table = private_table(lea)
    config = embedded(
        lea.get(reverse("games:table", args=[table.pk])).content.decode(), "table-config"
    )
    assert config["inviteUrl"].endswith(invite_url(table))
    marius = guest("Marius")
    marius.post(invite_url(table))
    other = embedded(
        marius.get(reverse("games:table", args=[table.pk])).content.decode(), "table-config"
    )
    assert other["inviteUrl"] is None


def test_the_invitation_link_asks_a_nickname_then_seats_the_guest():
    lea = guest("Léa")
    table = private_table(lea)
    newcomer = Client()
    response = newcomer.get(invite_url(table))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("lobby:nickname"))
    back = newcomer.post(
        reverse("lobby:nickname"), {"nickname": "Marius", "next": invite_url(table)}
    )
    assert back["Location"] == invite_url(table)
    page = newcomer.get(invite_url(table))
    assert page.status_code == 200
    assert "Léa" in page.content.decode()
    joined = newcomer.post(invite_url(table))
    assert joined["Location"] == reverse("games:table", args=[table.pk])
    assert Seat.objects.get(table=table, position="E").nickname == "Marius"
    # Following the link again goes straight to the table.
    assert newcomer.get(invite_url(table))["Location"] == reverse("games:table", args=[table.pk])


def test_a_wrong_invitation_token_seats_nobody():
    lea = guest("Léa")
    table = private_table(lea)
    marius = guest("Marius")
    response = marius.post(reverse("games:invite", args=[table.pk, "not-the-token"]))
    assert response.status_code == 404
    assert not Seat.objects.filter(table=table, nickname="Marius").exists()


def test_a_non_host_cannot_start_or_kick():
    lea = guest("Léa")
    table = private_table(lea)
    marius = guest("Marius")
    marius.post(invite_url(table))
    response = marius.post(reverse("games:start", args=[table.pk]))
    assert response.status_code == 302
    answer = marius.post(
        reverse("games:kick", args=[table.pk]),
        {"position": "N"},
        headers={"X-Requested-With": "fetch"},
    )
    assert answer.status_code == 400
    assert answer.json()["ok"] is False
    assert answer.json()["error"]
    table.refresh_from_db()
    assert table.status == "waiting"
    assert Seat.objects.get(table=table, position="N").nickname == "Léa"
    assert Seat.objects.get(table=table, position="E").nickname == "Marius"


def test_the_host_can_kick_a_seat_before_the_start():
    lea = guest("Léa")
    table = private_table(lea)
    marius = guest("Marius")
    marius.post(invite_url(table))
    answer = lea.post(
        reverse("games:kick", args=[table.pk]),
        {"position": "E"},
        headers={"X-Requested-With": "fetch"},
    )
    assert answer.json() == {"ok": True, "redirect": None}
    assert Seat.objects.get(table=table, position="E").is_empty


def test_the_host_starts_and_bots_take_the_free_seats():
    lea = guest("Léa")
    table = private_table(lea)
    response = lea.post(reverse("games:start", args=[table.pk]))
    assert response["Location"] == reverse("games:table", args=[table.pk])
    table.refresh_from_db()
    assert table.status == "playing"
    assert sorted(s.bot_level for s in table.seats.all() if s.bot_level) == ["easy"] * 3


def test_the_bidding_hint_is_the_bots_estimate_of_the_viewers_own_hand():
    lea = guest("Léa")
    table = private_table(lea, blind_nil="", nil="")
    lea.post(reverse("games:start", args=[table.pk]))
    view = table_state(table.pk, viewer_of(lea))["view"]
    answer = lea.get(reverse("games:hint", args=[table.pk]))
    assert answer.status_code == 200
    expected = estimate_tricks(view["hand"])
    assert answer.json()["bid"] == expected.bid
    assert answer.json()["hand_number"] == 1
    spectator = guest("Marius").get(reverse("games:hint", args=[table.pk]))
    assert spectator.status_code == 409


def test_the_bidding_hint_is_strict_json_even_when_nil_is_impossible():
    # The ace of spades makes nil impossible (an infinite nil risk): a hand in four holds it.
    for _ in range(60):
        lea = guest("Léa")
        table = private_table(lea, blind_nil="", nil="")
        lea.post(reverse("games:start", args=[table.pk]))
        if "AS" in table_state(table.pk, viewer_of(lea))["view"]["hand"]:
            break
    else:
        raise AssertionError("never dealt the ace of spades")
    answer = lea.get(reverse("games:hint", args=[table.pk]))
    assert answer.status_code == 200

    def no_constant(name: str):
        raise AssertionError(f"{name} is not JSON")

    data = json.loads(answer.content, parse_constant=no_constant)
    assert isinstance(data["bid"], int)
    assert data["nil_risk"] is None


def test_the_bidding_hint_waits_while_the_hand_is_face_down():
    lea = guest("Léa")
    table = private_table(lea, blind_nil_min_deficit="0")  # blind nil offered at 0 - 0
    players = [lea, guest("Marius"), guest("Zoé")]
    for client in players[1:]:
        client.post(invite_url(table))
    lea.post(reverse("games:start", args=[table.pk]))
    # The first bidders of both partnerships sit side by side: one of N, E, S is one of them.
    hidden = [c for c in players if table_state(table.pk, viewer_of(c))["view"]["hand_hidden"]]
    assert hidden
    for client in hidden:
        assert client.get(reverse("games:hint", args=[table.pk])).status_code == 409


def play_to_the_end(table: Table, host) -> None:
    """Bots move through the use case; the host (with the table open) plays their first legal
    action."""
    do_connect(table.pk, host, f"test.channel!{table.pk}.host")
    for _ in range(3000):
        table.refresh_from_db()
        if table.status == "finished":
            return
        view = table_state(table.pk, host)["view"]
        if view["to_move"] == view["seat"]:
            do_act(
                table.pk,
                host,
                view["legal"][-1] if view["legal"][0]["type"] == "look" else view["legal"][0],
            )
        else:
            assert do_bot_move(table.pk, table.version)
    raise AssertionError("the match did not end")


@pytest.mark.slow
def test_after_the_match_play_again_deals_a_new_match_at_the_private_table():
    lea = guest("Léa")
    table = private_table(lea, target="100", bot_level="easy")
    lea.post(reverse("games:start", args=[table.pk]))
    play_to_the_end(table, viewer_of(lea))
    html = lea.get(reverse("games:table", args=[table.pk])).content.decode()
    state = embedded(html, "table-state")
    assert state["view"]["phase"] == "over"
    assert state["view"]["result"]["winner"] in ("NS", "EW")
    first_match = table.match_id
    response = lea.post(reverse("games:rematch", args=[table.pk]))
    assert response["Location"] == reverse("games:table", args=[table.pk])
    table.refresh_from_db()
    assert table.status == "playing"
    assert table.match_id != first_match


def test_the_table_speaks_english_under_en_and_french_by_default():
    with translation.override(None):
        source = (table_strings(), lobby_strings())
    with translation.override("en"):
        english = (table_strings(), lobby_strings())
    with translation.override("fr"):
        french = (table_strings(), lobby_strings())
    assert english == source
    assert french[0]["your_play"] == "À toi de jouer."
    assert french[0]["look"] == "Voir mes cartes"
    assert french[0]["blind_nil"] == "Nul à l'aveugle"
    same = {k for k, v in french[0].items() if k != "cards" and v == source[0][k]}
    # Words spelled alike in both languages, and pure formats; everything else is translated.
    assert same <= {"scores_title", "score", "dealer_short", "seconds_left", "cards_count",
                    "team_title", "bags_cycle", "name_at", "joker_word"}, same  # fmt: skip


def test_a_nickname_made_of_html_is_shown_as_text():
    nasty = "<img src=x>"
    client = guest(nasty)
    table_url = client.post(reverse("lobby:quick_play"))["Location"]
    html = client.get(table_url).content.decode()
    assert nasty not in html
    # The name reaches the page only inside the embedded state (json_script escapes "<" and ">");
    # the script inserts it with textContent.
    assert "\\u003Cimg src=x\\u003E" in html
    state = embedded(html, "table-state")
    assert state["table"]["seats"][0]["name"] == nasty
    lobby = Client().get(reverse("lobby:index")).content.decode()
    assert nasty not in lobby


def test_a_closed_table_says_so_and_offers_play_again_and_the_lobby():
    lea = guest("Léa")
    table = private_table(lea)
    lea.post(reverse("games:start", args=[table.pk]))
    # What the sweep does to a table nobody seated has been connected to for a long time.
    Table.objects.filter(pk=table.pk).update(status="abandoned")
    html = lea.get(reverse("games:table", args=[table.pk])).content.decode()
    assert "Cette table a été fermée faute de joueurs." in html
    assert f'action="{reverse("games:rematch", args=[table.pk])}"' in html
    assert f'href="{reverse("lobby:index")}" id="back-to-lobby"' in html
    assert 'class="hand"' not in html
    assert embedded(html, "table-strings")["table_closed"] == (
        "Cette table a été fermée faute de joueurs."
    )
    # "Rejouer" deals a new match at this private table.
    first_match = table.match_id
    response = lea.post(reverse("games:rematch", args=[table.pk]))
    assert response["Location"] == reverse("games:table", args=[table.pk])
    table.refresh_from_db()
    assert table.status == "playing" and table.match_id != first_match


def test_a_bidding_hint_asked_once_bidding_is_over_is_an_empty_answer_not_an_error():
    lea = guest("Léa")
    table = private_table(lea, blind_nil="", nil="")
    me = viewer_of(lea)
    do_connect(table.pk, me, "test.channel!lea")  # her page is open: the match is not paused
    lea.post(reverse("games:start", args=[table.pk]))
    for _ in range(10):
        table.refresh_from_db()
        view = table_state(table.pk, me)["view"]
        if view["phase"] != "bidding":
            break
        if view["to_move"] == view["seat"]:
            do_act(table.pk, me, view["legal"][0])
        else:
            assert do_bot_move(table.pk, table.version)
    assert view["phase"] == "playing"
    answer = lea.get(reverse("games:hint", args=[table.pk]))
    assert answer.status_code == 200
    assert answer.json() == {"hand_number": 1, "bid": None}


def test_negative_numbers_take_the_typographic_minus_and_the_hand_total_is_labelled():
    from games.texts import minus, rules_summary

    assert (minus(-200), minus(0), minus(61)) == ("−200", "0", "61")
    with translation.override("fr"):
        summary = rules_summary({"loss_floor": -200, "bag_penalty": 100})
        assert "−200" in summary and "−100" in summary and "-" not in summary
        assert table_strings()["line_total"] == "Total de la main · score %(score)s"


def test_a_private_table_page_is_refused_to_a_stranger_and_shown_to_its_guests():
    lea = guest("Léa")
    table = private_table(lea)
    page = reverse("games:table", args=[table.pk])
    assert lea.get(page).status_code == 200  # the host
    assert Client().get(page).status_code == 403  # anyone with the id alone
    marius = guest("Marius")
    assert marius.get(page).status_code == 403
    assert marius.get(invite_url(table)).status_code == 200  # the invitation opens it
    assert marius.get(page).status_code == 200
    nina = guest("Nina")
    assert nina.get(reverse("games:invite", args=[table.pk, "not-the-token"])).status_code == 404
    assert nina.get(page).status_code == 403


def test_a_quick_table_page_is_open_to_anyone():
    lea = guest("Léa")
    page = lea.post(reverse("lobby:quick_play"))["Location"]
    assert Client().get(page).status_code == 200


def test_the_invitation_shows_the_partnerships_and_seats_the_guest_where_they_choose():
    lea = guest("Léa")
    table = private_table(lea)
    marius = guest("Marius")
    html = marius.get(invite_url(table)).content.decode()
    assert "Nord – Sud" in html and "Est – Ouest" in html
    assert 'name="position" value="S"' in html and 'name="position" value="N"' not in html
    response = marius.post(invite_url(table), {"position": "S"})
    assert response.status_code == 302
    assert Seat.objects.get(table=table, position="S").nickname == "Marius"  # Léa's partner


def test_the_host_swaps_two_guests_before_the_start():
    lea, marius, nina = guest("Léa"), guest("Marius"), guest("Nina")
    table = private_table(lea)
    marius.post(invite_url(table), {"position": "E"})
    nina.post(invite_url(table), {"position": "S"})
    seat_url = reverse("games:seat", args=[table.pk])
    refused = nina.post(seat_url, {"position": "E"}, headers={"X-Requested-With": "fetch"})
    assert refused.status_code == 400 and refused.json()["code"] == "seat_taken"
    done = lea.post(seat_url, {"position": "E", "who": "S"}, headers={"X-Requested-With": "fetch"})
    assert done.status_code == 200
    seats = {s.position: s.nickname for s in Seat.objects.filter(table=table)}
    assert (seats["E"], seats["S"]) == ("Nina", "Marius")


def test_the_bidding_estimate_is_refused_at_a_ranked_table(settings):
    from django.contrib.auth import get_user_model

    from tests.support.ranked import seat_four

    table_id, _viewers = seat_four(settings)
    ana = Client()
    ana.force_login(get_user_model().objects.get(username="ana"))
    answer = ana.get(reverse("games:hint", args=[table_id]))
    assert answer.status_code == 403
    assert answer.json()["error"] == "coach_ranked"
    assert "bid" not in answer.json()
