"""The Django admin's login under the site login's limits: its form authenticates through
allauth's adapter, so that a wrong password there counts in the same limiter as on the site's
login page (``ACCOUNT_RATE_LIMITS["login_failed"]``: per address, and per account and address).
The admin's own form has no limit at all: 40 wrong passwords for the superuser in 39 s, then
the right one logged in."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from django.contrib.admin.forms import AdminAuthenticationForm


class RateLimitedAdminLoginForm(AdminAuthenticationForm):
    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            # Raises "too many failed login attempts" once over the limit, even with the right
            # password; a success gives back the attempt it counted (allauth's rollback).
            self.user_cache = get_adapter(self.request).authenticate(
                self.request, username=username, password=password
            )
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data
