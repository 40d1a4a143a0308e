"""The account page (links to allauth's pages), deleting one's account, downloading one's data."""

from __future__ import annotations

from typing import cast

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts.deletion import close_account
from accounts.forms import DeleteAccountForm
from accounts.models import User
from accounts.my_data import personal_data_of


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


@require_GET
@login_required
def my_data(request: HttpRequest) -> HttpResponse:
    """Everything the site keeps about the account, as one JSON file to download (a read: GET)."""
    user = cast(User, request.user)  # @login_required: never anonymous here
    response = JsonResponse(
        personal_data_of(user),
        encoder=DjangoJSONEncoder,
        json_dumps_params={"ensure_ascii": False, "indent": 2},
    )
    filename = f"{slugify(settings.SITE_NAME) or 'site'}-{slugify(user.username) or user.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response
