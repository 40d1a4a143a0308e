"""Sign-up answers the same whether or not an address already has an account, as the reset page
does: the account is made, the taken address is not attached to it, and its owner is told by
mail (with the reset link) rather than the visitor on the page."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client


def _sign_up(username: str, email: str):
    password = "un-mot-de-passe-solide-42"
    form = {"username": username, "email": email, "password1": password, "password2": password}
    return Client().post("/fr/accounts/signup/", form)


def test_signing_up_with_a_taken_address_looks_like_any_sign_up(django_user_model):
    owner = django_user_model.objects.create_user("lea", "lea@example.org", "pw-123456!")
    EmailAddress.objects.create(user=owner, email="lea@example.org", primary=True, verified=True)

    fresh = _sign_up("hugo", "hugo@example.org")
    taken = _sign_up("intrus", "lea@example.org")

    assert (
        (taken.status_code, taken["Location"])
        == (fresh.status_code, fresh["Location"])
        == (
            302,
            fresh["Location"],
        )
    )
    intruder = django_user_model.objects.get(username="intrus")
    assert intruder.email == "" and not EmailAddress.objects.filter(user=intruder).exists()
    assert EmailAddress.objects.get(email="lea@example.org").user == owner
    told = [m for m in mail.outbox if m.to == ["lea@example.org"]]
    assert len(told) == 1 and "/fr/accounts/password/reset/" in told[0].body
