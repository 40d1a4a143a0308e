"""The lobby pages: quick play as a guest, the nickname step, the private table form."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.actions.tables import do_create_private_table, do_fill_bots, do_start
from games.models import Seat, Table
from games.viewers import Viewer
from lobby.listing import lobby_frame

pytestmark = pytest.mark.django_db

STANDARD_FORM = {
    "variant": "none",
    "target": "500",
    "nil": "on",
    "blind_nil": "on",
    "blind_nil_min_deficit": "100",
    "nil_tricks_count_for_contract": "on",
    "bag_limit": "10",
    "bag_penalty": "100",
    "loss_floor": "",
    "bot_level": "normal",
    "turn_seconds": "30",
}


def with_nickname(client, name: str = "Léa") -> None:
    response = client.post(reverse("lobby:nickname"), {"nickname": name})
    assert response.status_code == 302


def test_the_lobby_offers_quick_play_and_lists_open_quick_tables(client):
    other = client.__class__()
    with_nickname(other, "Marius")
    other.post(reverse("lobby:quick_play"))
    response = client.get("/fr/jouer/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'action="{reverse("lobby:quick_play")}"' in html
    assert "Marius" in html
    assert "1/4" in html
    assert "js/lobby.js" in html


def test_the_lobby_is_french_by_default(client):
    html = client.get("/fr/jouer/").content.decode()
    assert "Jouer maintenant" in html
    assert "Partie classée" in html and "bientôt" not in html


def test_quick_play_as_a_guest_asks_a_nickname_then_seats_them(client):
    response = client.post(reverse("lobby:quick_play"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("lobby:nickname"))
    assert "next=quick" in response["Location"]
    assert not Table.objects.exists()

    form_page = client.get(response["Location"])
    assert form_page.status_code == 200
    assert 'name="next" value="quick"' in form_page.content.decode()

    response = client.post(reverse("lobby:nickname"), {"nickname": "  Léa  ", "next": "quick"})
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[table.pk])
    assert table.kind == "quick"
    seat = Seat.objects.get(table=table, nickname="Léa")
    assert seat.guest_id == client.session["guest_id"]
    assert client.session["nickname"] == "Léa"


def test_a_guest_with_a_nickname_is_seated_at_once_and_keeps_their_table(client):
    with_nickname(client)
    first = client.post(reverse("lobby:quick_play"))
    second = client.post(reverse("lobby:quick_play"))
    assert first["Location"] == second["Location"]
    assert Table.objects.count() == 1


def test_two_guests_clicking_quick_play_share_a_table(client):
    other = client.__class__()
    with_nickname(client, "Léa")
    with_nickname(other, "Marius")
    a = client.post(reverse("lobby:quick_play"))
    b = other.post(reverse("lobby:quick_play"))
    assert a["Location"] == b["Location"]
    assert Seat.objects.exclude(guest_id="").count() == 2


def test_quick_play_only_answers_post(client):
    assert client.get(reverse("lobby:quick_play")).status_code == 405


@pytest.mark.parametrize("nickname", ["", "x", "a" * 21, "   ", "bad\x00name"])
def test_a_bad_nickname_is_refused_and_nobody_is_seated(client, nickname):
    response = client.post(reverse("lobby:nickname"), {"nickname": nickname, "next": "quick"})
    assert response.status_code == 200
    assert "field-error" in response.content.decode()
    assert "nickname" not in client.session
    assert not Table.objects.exists()


def test_the_nickname_page_never_sends_a_guest_to_another_site(client):
    response = client.post(
        reverse("lobby:nickname"), {"nickname": "Léa", "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby:index")


def test_the_private_table_form_asks_a_nickname_first(client):
    response = client.get(reverse("lobby:create_private"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("lobby:nickname"))


def test_the_private_table_form_shows_the_standard_rules(client):
    with_nickname(client)
    html = client.get(reverse("lobby:create_private")).content.decode()
    assert 'name="target"' in html and 'value="500"' in html
    assert 'name="blind_nil"' in html
    assert 'value="hard"' in html


def test_a_private_table_is_created_with_the_chosen_options(client):
    with_nickname(client)
    form = {
        **STANDARD_FORM,
        "target": "300",
        "blind_nil": "",
        "nil_tricks_count_for_contract": "",
        "loss_floor": "-200",
        "hand_limit": "30",
        "bot_level": "hard",
        "turn_seconds": "0",
    }
    response = client.post(reverse("lobby:create_private"), form)
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[table.pk])
    assert table.kind == "private"
    assert table.rules == {
        "variant": "none",
        "nil": True,
        "blind_nil": False,
        "blind_nil_min_deficit": 100,
        "nil_tricks_count_for_contract": False,
        "bag_limit": 10,
        "bag_penalty": 100,
        "target": 300,
        "loss_floor": -200,
        "hand_limit": 30,
    }
    assert table.bot_level == "hard"
    assert table.turn_seconds is None
    assert table.invite_token
    host = Seat.objects.get(table=table, position="N")
    assert host.nickname == "Léa"


def test_a_private_table_form_sent_twice_opens_one_table(client):
    with_nickname(client)
    first = client.post(reverse("lobby:create_private"), STANDARD_FORM)
    second = client.post(reverse("lobby:create_private"), STANDARD_FORM)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Table.objects.count() == 1


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", "abc"),
        ("target", "10"),
        ("target", "999999"),
        ("target", ""),
        ("bot_level", "godlike"),
        ("bot_level", ""),
        ("nil", "banana"),
        ("blind_nil", "yes please"),
        ("nil_tricks_count_for_contract", "2"),
        ("bag_limit", "-1"),
        ("bag_penalty", "1e9"),
        ("loss_floor", "100"),
        ("turn_seconds", "7"),
        ("turn_seconds", "forever"),
    ],
)
def test_a_forged_private_table_form_creates_nothing_and_shows_errors(client, field, value):
    with_nickname(client)
    response = client.post(reverse("lobby:create_private"), {**STANDARD_FORM, field: value})
    assert response.status_code == 200
    html = response.content.decode()
    assert "form-errors" in html
    assert "field-error" in html
    assert response.context["form"].errors.get(field)
    assert not Table.objects.exists()


def test_blind_nil_without_nil_is_refused(client):
    with_nickname(client)
    response = client.post(reverse("lobby:create_private"), {**STANDARD_FORM, "nil": ""})
    assert response.status_code == 200
    assert response.context["form"].errors.get("blind_nil")
    assert not Table.objects.exists()


def test_a_logged_in_user_plays_under_their_public_name(client, django_user_model):
    user = django_user_model.objects.create_user(
        "lea", password="pw-123-long", display_name="Léa B."
    )
    client.force_login(user)
    response = client.post(reverse("lobby:quick_play"))
    assert response.status_code == 302
    seat = Seat.objects.get(user=user)
    assert seat.display_name() == "Léa B."


PATHS = {
    # URL name and arguments: (French path, English path).
    ("lobby:index", ()): ("/fr/jouer/", "/en/play/"),
    ("lobby:quick_play", ()): ("/fr/jouer/rapide/", "/en/play/quick/"),
    ("lobby:nickname", ()): ("/fr/jouer/pseudo/", "/en/play/nickname/"),
    ("lobby:create_private", ()): ("/fr/jouer/privee/", "/en/play/private/"),
    ("games:table", (7,)): ("/fr/tables/7/", "/en/tables/7/"),
    ("games:invite", (7, "abc")): ("/fr/tables/7/invitation/abc/", "/en/tables/7/invitation/abc/"),
    ("games:start", (7,)): ("/fr/tables/7/commencer/", "/en/tables/7/start/"),
    ("games:kick", (7,)): ("/fr/tables/7/exclure/", "/en/tables/7/remove/"),
    ("games:leave", (7,)): ("/fr/tables/7/quitter/", "/en/tables/7/leave/"),
    ("games:rematch", (7,)): ("/fr/tables/7/rejouer/", "/en/tables/7/play-again/"),
    ("games:hint", (7,)): ("/fr/tables/7/estimation/", "/en/tables/7/estimate/"),
}


@pytest.mark.parametrize(("name", "args"), list(PATHS))
def test_the_play_pages_have_french_paths_under_fr_and_english_paths_under_en(name, args):
    from django.utils import translation

    french, english = PATHS[(name, args)]
    with translation.override("fr"):
        assert reverse(name, args=args) == french
    with translation.override("en"):
        assert reverse(name, args=args) == english


def test_the_lobby_in_english_has_english_paths_and_the_french_slug_is_not_found(client):
    page = client.get("/en/play/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'action="/en/play/quick/"' in html
    assert client.get("/en/jouer/").status_code == 404


def test_the_language_switch_of_the_lobby_and_the_table_goes_to_the_same_page(client):
    html = client.get("/fr/jouer/").content.decode()
    assert 'href="/en/play/" hreflang="en"' in html
    html = client.get("/en/play/").content.decode()
    assert 'href="/fr/jouer/" hreflang="fr"' in html
    with_nickname(client)
    pk = client.post("/fr/jouer/rapide/")["Location"].rstrip("/").split("/")[-1]
    html = client.get(f"/fr/tables/{pk}/").content.decode()
    assert f'href="/en/tables/{pk}/" hreflang="en"' in html


def test_the_lobby_forms_take_the_nickname_limits_and_bot_levels_from_one_place():
    from django.utils import translation

    from games.models import BotLevel
    from games.viewers import NICKNAME_MAX, NICKNAME_MIN
    from lobby.forms import NicknameForm, PrivateTableForm

    field = NicknameForm().fields["nickname"]
    assert (field.min_length, field.max_length) == (NICKNAME_MIN, NICKNAME_MAX)
    with translation.override("fr"):
        assert f"Entre {NICKNAME_MIN} et {NICKNAME_MAX} caractères" in str(field.help_text)
    assert PrivateTableForm().fields["bot_level"].choices == BotLevel.choices


def named_client(name: str) -> Client:
    browser = Client()
    with_nickname(browser, name)
    return browser


def test_a_visitor_joins_an_open_quick_table_from_the_lobby(client):
    table_url = named_client("Léa").post(reverse("lobby:quick_play"))["Location"]
    table = Table.objects.get()
    with_nickname(client, "Hugo")
    join = reverse("lobby:join", args=[table.pk])
    assert join == f"/fr/jouer/rejoindre/{table.pk}/"
    response = client.post(join)
    assert response["Location"] == table_url
    assert Seat.objects.filter(table=table, nickname="Hugo").exists()
    assert client.get(join).status_code == 405  # joining changes something: POST only


def test_a_guest_without_a_nickname_who_joins_picks_one_first(client):
    named_client("Léa").post(reverse("lobby:quick_play"))
    table = Table.objects.get()
    response = client.post(reverse("lobby:join", args=[table.pk]))
    assert response["Location"].startswith(reverse("lobby:nickname"))
    assert Seat.objects.filter(table=table).exclude(nickname="").count() == 1


def test_tables_in_play_are_listed_to_watch_and_private_ones_are_not(client):
    named_client("Léa").post(reverse("lobby:quick_play"))
    quick = Table.objects.get()
    Table.objects.filter(pk=quick.pk).update(bots_at=timezone.now())
    assert do_fill_bots(quick.pk)
    host = Viewer(user_id=None, guest_id=uuid.uuid4().hex, name="Nina")
    private = do_create_private_table(host, {}, "normal", None)
    do_start(private.pk, host)
    frame = lobby_frame()
    assert [t["id"] for t in frame["playing"]] == [quick.pk]
    assert frame["playing"][0]["url"] == reverse("games:table", args=[quick.pk])
    assert "Léa" in frame["playing"][0]["players"]
    assert frame["tables"] == []  # nothing left to join


@pytest.mark.parametrize("variant", ["mirror", "whiz", "suicide", "joker"])
def test_the_variants_page_opens_the_private_form_with_that_variant_chosen(client, variant):
    page = client.get("/fr/variantes/").content.decode()
    link = f"{reverse('lobby:create_private')}?variant={variant}"
    assert f'href="{link}"' in page
    first = client.get(link)  # no nickname yet: one first, then back to the same form
    assert first["Location"].startswith(reverse("lobby:nickname"))
    with_nickname(client)
    form = client.get(link).content.decode()
    assert re.search(rf'value="{variant}"[^>]*checked', form), form[:200]
