"""The account page (links to allauth's pages) and deleting one's account."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts.deletion import close_account
from accounts.forms import DeleteAccountForm
from accounts.models import User


@require_GET
@login_required
def overview(request: HttpRequest) -> HttpResponse:
    """What one can do with one's account, each on its own page."""
    return render(request, "account/overview.html")


@require_http_methods(["GET", "POST"])
@login_required
def delete(request: HttpRequest) -> HttpResponse:
    """Delete the account once the password confirms it (POST, CSRF): the matches played stay,
    under "Deleted player"."""
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = cast(User, request.user)  # @login_required: never anonymous here
        logout(request)
        close_account(user)
        messages.success(
            request, _("Your account is deleted. Your matches stay, without your name.")
        )
        return redirect("rules_pages:home")
    return render(request, "account/delete.html", {"form": form})
