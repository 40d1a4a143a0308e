"""The one error type of the live tables, and every refusal message in one place.

Use cases raise ``refusal(code)``; the consumer and the views show ``error.message`` in the
viewer's language. The engine's own codes (``IllegalAction.code``) have their message here too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


class ServiceError(ValueError):
    """A refused request: nothing was changed. ``code`` is stable, ``message`` is translatable.

    ``message`` is usually a lazy translation, rendered in the language active where it is shown
    (the request's for pages, the socket's for the consumer).
    """

    def __init__(self, code: str, message: str | Promise | _Formatted) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_frame(self) -> dict:
        """The protocol's error frame (docs/protocol.md)."""
        return {"type": "error", "code": self.code, "message": str(self.message)}


REFUSALS: dict[str, Promise] = {
    # tables and seats
    "no_table": _("This table does not exist."),
    "not_seated": _("You are not seated at this table."),
    "not_host": _("Only the host can do this."),
    "bad_seat": _("Unknown seat."),
    "seat_taken": _("This seat is taken."),
    "name_taken": _("A player at this table already has this name: change your nickname."),
    "table_full": _("This table is full."),
    "cannot_remove": _("You cannot remove this seat's player."),
    "bad_invitation": _("This invitation link is not valid."),
    "private_table": _("This private table is open to its players and guests only."),
    "ranked_table": _("Ranked tables are filled by matchmaking."),
    "bot_account": _("A bot account plays through the bot API only, never in a browser."),
    "daily_table": _("The deal of the day is played alone, once."),
    "ranked_login": _("Ranked play is for registered players: sign up or log in to play ranked."),
    "ranked_wait": _(
        "You left ranked matches before their end: you can play ranked again in %(time)s."
    ),
    "ranked_suspended_until": _(
        "A moderator has suspended you from ranked play until %(until)s. Reason: %(reason)s"
    ),
    "ranked_suspended_for_good": _(
        "A moderator has suspended you from ranked play for good. Reason: %(reason)s"
    ),
    "bad_bot_level": _("Unknown bot level."),
    "table_started": _("This match has already started."),
    "table_closed": _("This table was closed: nobody had been playing at it for a while."),
    "not_finished": _("The match is not over."),
    "not_started": _("The match has not started yet."),
    # play (the engine's codes among them)
    "not_a_player": _("Only the players seated at this table can play."),
    "stale_version": _("The game has moved on: here is the current state."),
    "not_your_turn": _("It is not your turn."),
    "not_held": _("You do not hold this card."),
    "must_follow_suit": _("You must follow the suit led."),
    "spades_not_broken": _("Spades cannot be led before they are broken."),
    "bid_not_offered": _("This bid is not available to you now."),
    "look_not_offered": _("You already see your cards."),
    "not_bidding": _("The bidding is over."),
    "not_playing": _("Cards are played once the bidding is over."),
    "match_over": _("The match is over."),
    "bad_action": _("This action is malformed."),
    "illegal": _("This move is not allowed."),
    # the coach
    "coach_ranked": _("There is no advice at ranked tables."),
    "coach_daily": _("There is no advice on the deals of the day: everyone plays them alone."),
    "no_hand": _("Your hand is face down: there is no estimate until you look at it."),
    "coach_once": _("You already have the advice for this move."),
    # chat
    "no_identity": _("Choose a nickname first."),
    "chat_not_text": _("A chat message is text."),
    "empty_message": _("The message is empty."),
    "chat_disabled": _("The chat is off at this table."),
    "not_a_chatter": _("Only the players seated at this table can chat."),
    "silenced": _("A moderator has turned off your chat."),
    "silenced_until": _("A moderator has turned off your chat until %(until)s. Reason: %(reason)s"),
    "silenced_for_good": _("A moderator has turned off your chat for good. Reason: %(reason)s"),
    "address_blocked": _(
        "A moderator has blocked guests' chat from your network until %(until)s (it is shared "
        "with other people). Log in to chat from here."
    ),
    "chat_too_fast": _("You are sending messages too fast."),
    "filtered": _("This message contains a word that is not accepted here."),
    "message_too_long": ngettext_lazy(
        "A message has at most %(max)d character.",
        "A message has at most %(max)d characters.",
        "max",
    ),
    # reports
    "bad_report_reason": _("Choose a reason: insult, cheating, spam or other."),
    "bad_report_target": _("Report one chat message or one seat's player."),
    "no_such_message": _("This message is not at this table."),
    "not_reportable": _("You cannot report yourself or an empty seat."),
    "report_too_long": _("A comment has at most 500 characters."),
    "report_too_fast": _("You have sent many reports: wait a few minutes."),
    # options of a new table
    "bad_rules": _("These rules are not valid: %(error)s"),
    "bad_turn_seconds": ngettext_lazy(
        "The time per turn is between %(low)d and %(high)d second.",
        "The time per turn is between %(low)d and %(high)d seconds.",
        "high",
    ),
    # the socket's own checks (docs/protocol.md)
    "bad_json": _("This message is not valid JSON."),
    "bad_message": _("A message is a JSON object with a type."),
    "unknown_type": _("Unknown message type."),
    "bad_field": _("A field of this message is missing or has a wrong type."),
    "too_large": _("This message is too long."),
    "too_fast": _("Too many messages: slow down."),
    "not_your_seat": _("You can only play for your own seat."),
    "server_error": _("Something went wrong on our side. Try again."),
}

# Refusals whose wire code differs from their key here (one code, several messages).
_WIRE_CODES = {
    "not_a_player": "not_seated",
    "not_a_chatter": "not_seated",
    "cannot_remove": "bad_seat",
    "chat_not_text": "bad_field",
    "chat_too_fast": "too_fast",
    "silenced_until": "silenced",
    "silenced_for_good": "silenced",
    "report_too_fast": "too_fast",
    "report_too_long": "bad_field",
    "ranked_suspended_until": "ranked_suspended",
    "ranked_suspended_for_good": "ranked_suspended",
}


def refusal(code: str, **params: object) -> ServiceError:
    """The refusal ``code`` with its message, formatted with ``params`` when it has any (an
    unknown engine code reads as "not allowed")."""
    message = REFUSALS.get(code) or REFUSALS["illegal"]
    text: Promise | _Formatted = _Formatted(message, params) if params else message
    return ServiceError(_WIRE_CODES.get(code, code), text)


class _Formatted:
    """A lazy message with its parameters, rendered in the language active where it is shown."""

    def __init__(self, message: Promise, params: dict[str, object]) -> None:
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return str(self.message % self.params)  # a plural chosen by its number


def quiet(use_case: Callable[..., bool]) -> Callable[..., bool]:
    """For the use cases behind tasks and the sweep: a refusal (the table is gone) only means
    there is nothing to do."""

    @wraps(use_case)
    def run(*args: Any) -> bool:
        try:
            return use_case(*args)
        except ServiceError:
            return False

    return run
