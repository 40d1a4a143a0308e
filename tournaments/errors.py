"""Every refusal of the tournaments' use cases, in one place (the site's ``ServiceError``)."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError

REFUSALS: dict[str, Promise] = {
    "no_tournament": _("This tournament does not exist."),
    "login": _("Log in to register for a tournament."),
    "not_open": _("Registration for this tournament is not open."),
    "closed": _("Registration for this tournament is closed: it has started."),
    "registered": _("You are already registered for this tournament."),
    "not_registered": _("You are not registered for this tournament."),
    "bad_mode": _("Choose to register alone or with a partner."),
    "no_partner": _("No player has that name."),
    "partner_self": _("You cannot be your own partner."),
    "partner_taken": _("That player already has a partner in this tournament."),
    "no_invitation": _("This invitation does not exist any more."),
    "bot_account": _("Bot accounts may not register for this tournament."),
    "withdrawn": _("Your pair has already withdrawn."),
    "finished": _("This tournament is over."),
}


def refusal(code: str, **values: Any) -> ServiceError:
    message = REFUSALS[code]
    return ServiceError(code, str(message) % values if values else message)
