"""The account page's bot part (``/fr/accounts/bot/``): turning the account into a bot account
(an explicit choice, for good), then creating and revoking its API tokens. A new token's secret
is shown once, in the answer to the POST that created it, and kept nowhere."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from botapi.actions import do_create_token, do_make_bot_account, do_revoke_token
from botapi.forms import MakeBotForm, NewTokenForm
from games.errors import ServiceError


def _page(request: HttpRequest, user: User, **context) -> HttpResponse:
    context.setdefault("make_form", MakeBotForm())
    context.setdefault("token_form", NewTokenForm())
    response = render(
        request,
        "botapi/bot_account.html",
        {"tokens": user.api_tokens.all(), **context},
        status=context.pop("status", 200),
    )
    response["Cache-Control"] = "no-store"  # a page with a secret on it
    return response


@require_http_methods(["GET", "POST"])
@login_required
def bot_account(request: HttpRequest) -> HttpResponse:
    """GET: the page. POST: make this account a bot account (the box must be ticked)."""
    user = cast(User, request.user)
    if request.method == "POST" and not user.is_bot:
        form = MakeBotForm(request.POST)
        if not form.is_valid():
            return _page(request, user, make_form=form, status=400)
        try:
            do_make_bot_account(user.pk)
        except ServiceError as error:
            messages.error(request, str(error.message))
            return redirect("botapi:account")
        messages.success(request, _("This account is a bot account now."))
        return redirect("botapi:account")
    return _page(request, user)


@require_POST
@login_required
def new_token(request: HttpRequest) -> HttpResponse:
    """Create a token and show its secret, this once."""
    user = cast(User, request.user)
    form = NewTokenForm(request.POST)
    if not form.is_valid():
        return _page(request, user, token_form=form, status=400)
    try:
        token, secret = do_create_token(
            user.pk, label=form.cleaned_data["label"], scopes=form.cleaned_data["scopes"]
        )
    except ServiceError as error:
        messages.error(request, str(error.message))
        return redirect("botapi:account")
    return _page(request, user, new_secret=secret, new_token=token)


@require_POST
@login_required
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    user = cast(User, request.user)
    if do_revoke_token(user.pk, pk):
        messages.success(request, _("The token is revoked: it opens nothing any more."))
    else:
        messages.error(request, _("No such token to revoke."))
    return redirect(reverse("botapi:account"))
