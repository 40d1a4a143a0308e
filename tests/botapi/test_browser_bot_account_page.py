"""The account page's bot part in a real headless Chromium, in French: a player turns the
account into a bot account (ticking the confirmation), creates a token that is shown once,
and revokes it; the API then refuses it."""

from __future__ import annotations

import re

import pytest

from accounts.models import User
from botapi.models import ApiToken
from tests.support.browser import serve_live_site

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(transactional_db):
    with serve_live_site() as url:
        yield url


def test_a_player_makes_a_bot_account_creates_a_token_and_revokes_it(live_site, chromium):
    User.objects.create_user("Automate", "auto@example.org", "un-mot-de-passe-solide-42")
    context = chromium.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(live_site + "/fr/accounts/login/")
    page.locator("#id_login").fill("Automate")
    page.locator("#id_password").fill("un-mot-de-passe-solide-42")
    page.locator("form.account-form button[type=submit]").click()
    page.wait_for_url(live_site + "/fr/")

    page.goto(live_site + "/fr/accounts/")
    page.get_by_role("link", name="En faire un compte bot (pour un de tes programmes)").click()
    button = page.get_by_role("button", name="En faire un compte bot pour de bon")
    button.click()  # the box is not ticked: the browser itself refuses the form
    assert page.url.endswith("/fr/accounts/bot/")
    assert not User.objects.get(username="Automate").is_bot
    page.get_by_label(re.compile("J'ai compris")).check()
    button.click()
    page.get_by_role("heading", name="Tes jetons").wait_for()
    assert User.objects.get(username="Automate").is_bot

    page.get_by_label("Nom (pour toi seulement)").fill("mon bot")
    page.get_by_role("button", name="Créer un jeton").click()
    shown = page.get_by_role("status")
    secret = shown.locator("code").inner_text()
    assert secret.startswith("atp_")
    answer = page.request.get(
        live_site + "/api/bot/account/", headers={"Authorization": f"Bearer {secret}"}
    )
    assert answer.status == 200 and answer.json()["name"] == "BOT Automate"

    page.goto(live_site + "/fr/accounts/bot/")
    assert secret not in page.content()
    hint = ApiToken.objects.get().hint
    page.get_by_role("button", name=f"Révoquer le jeton {hint}…").click()
    page.get_by_role("cell", name="révoqué").wait_for()
    answer = page.request.get(
        live_site + "/api/bot/account/", headers={"Authorization": f"Bearer {secret}"}
    )
    assert answer.status == 401 and answer.json()["code"] == "token_revoked"
    assert problems == []
    context.close()
