"""How allauth names the site in its e-mails: SITE_NAME and SITE_URL (settings), the names the
pages use, rather than the sites framework's row (example.com until someone edits it); and the
site's name rule at sign-up (``accounts.name_rule``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.http import HttpRequest
from django.utils.encoding import force_str

from accounts.name_rule import check_name
from core.addresses import address_hash


@dataclass(frozen=True)
class SiteFacts:
    """What allauth's e-mail templates read from `current_site`."""

    name: str
    domain: str


def site_facts(request: HttpRequest | None = None) -> SiteFacts:
    """The site's name, and the address the mail's links use: allauth builds them from the
    request's host, so the mail's last line names that host too (SITE_URL's without a
    request)."""
    domain = request.get_host() if request is not None else ""
    return SiteFacts(
        settings.SITE_NAME, domain or urlsplit(settings.SITE_URL).netloc or settings.SITE_URL
    )


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """Failed logins count per account *and* address (allauth counts them per account):
        five wrong passwords from one place lock that place out of the account, never its
        owner elsewhere; locking the account itself would let anyone lock a player out. The
        address is kept hashed (``core.addresses``); the per-address limit stays as it is."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{address_hash(self.get_client_ip(request))}"

    def format_email_subject(self, subject: str) -> str:
        return f"[{settings.SITE_NAME}] {force_str(subject)}"

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        request = context.get("request") or getattr(self, "request", None)
        facts = site_facts(request if isinstance(request, HttpRequest) else None)
        super().send_mail(template_prefix, email, {**context, "current_site": facts})

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks, then the name rule of nicknames and renames: no reserved word,
        no look-alike of another account's name, nothing invisible, nothing the filter finds."""
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            check_name(username)
        return username
