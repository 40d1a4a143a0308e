"""The table page, the invitation link, the host's buttons and the bidding hint.

The table page is rendered by the server with the viewer's state embedded (json_script), so the
first paint needs no socket; static/js/table.js then follows the table over /ws/tables/<id>/.
Host actions are plain POST forms (they work without JS); table.js sends them with fetch and gets
JSON back. Every refusal comes from games.services as a ServiceError with a translated message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engine import CARD_CODES
from games.identity import viewer_from_request
from games.models import POSITIONS, Table
from games.rule_text import minus, rules_summary
from games.services import (
    ServiceError,
    do_join,
    do_kick,
    do_leave,
    do_rematch,
    do_start,
    table_state,
    visible_chat,
)
from games.templatetags.cards import card_name, rank_label

CHAT_PHRASES = (
    # Ready-made phrases: a tap instead of typing on a phone.
    lambda: _("Well played!"),
    lambda: _("Thanks, partner"),
    lambda: _("Oops"),
    lambda: _("Good game!"),
)


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _done(request: HttpRequest, pk: int, error: ServiceError | None = None, to: str | None = None):
    """Answer a host action: JSON for table.js, a redirect with a message for a plain form."""
    target = to or reverse("games:table", args=[pk])
    if _wants_json(request):
        if error is not None:
            return JsonResponse(
                {"ok": False, "code": error.code, "error": str(error.message)}, status=400
            )
        return JsonResponse({"ok": True, "redirect": to})
    if error is not None:
        messages.error(request, str(error.message))
    return redirect(target)


def _call(
    request: HttpRequest, pk: int, service: Callable[..., Any], *args: Any, to: str | None = None
) -> HttpResponse:
    """Run one service on the table for the visitor and answer: its refusal, or done."""
    try:
        service(pk, *args)
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk, to=to)


def _not_host(request: HttpRequest, pk: int) -> HttpResponse:
    return _done(request, pk, ServiceError("not_host", _("Only the host can do that.")))


def _nickname_first(request: HttpRequest) -> HttpResponse:
    """A guest without a nickname picks one, then comes back here."""
    query = urlencode({"next": request.get_full_path()})
    return redirect(f"{reverse('lobby:nickname')}?{query}")


def card_strings() -> dict[str, list[str]]:
    """Each card's printed rank and spoken name, as the {% card %} tag shows them."""
    return {code: [rank_label(code[0]), card_name(code)] for code in (*CARD_CODES, "LJ", "BJ")}


def table_strings() -> dict[str, Any]:
    """Every string table.js shows, translated for the page's language ("%(name)s" placeholders)."""
    return {
        "cards": card_strings(),
        "you": _("(you)"),
        "host": _("host"),
        "standin": _("away: a bot plays"),
        "offline": _("disconnected"),
        "empty_seat": _("Free seat"),
        "dealer": _("Dealer"),
        "dealer_short": pgettext("dealer badge", "D"),
        "bid_short": pgettext("short label before a bid", "Bid"),
        "tricks_short": pgettext("short label before a trick count", "Tricks"),
        "nil": _("Nil"),
        "blind_nil": _("Blind nil"),
        "blind_nil_confirm": _("Bid blind nil without looking at your cards? (+200 / −200)"),
        "look": _("See my cards"),
        "blind_help": _("Your cards are face down: you may bid blind nil before looking at them."),
        "bid_title": _("Your bid"),
        "bid_wait": _("Blind nil is still offered to you"),
        "bid_n": _("Bid %(n)s"),
        "hint_line": _("Estimate: about %(total)s tricks, so a bid of %(bid)s."),
        "your_hand": _("Your hand"),
        "hand_hidden": _("Your hand, face down"),
        "your_bid": _("Your turn to bid."),
        "your_play": _("Your turn to play."),
        "waiting_bid": _("%(name)s is bidding…"),
        "waiting_play": _("%(name)s is playing…"),
        "your_turn_short": _("your turn"),
        "thinking": _("thinking…"),
        "seconds_left": _("%(n)s s"),
        "spectating": _("You are watching this table."),
        "status_waiting": _("Waiting for players"),
        "status_hand": _("Hand %(n)s"),
        "status_over": _("Match over"),
        "status_closed": _("Table closed"),
        "table_closed": _("This table was closed for lack of players."),
        "waiting_title": _("Waiting for players"),
        "free_seats": _("Free seats: %(n)s"),
        "bots_soon": _("Bots will take the free seats shortly."),
        "bots_in": _("Bots take the free seats in %(n)s s."),
        "host_will_start": _("The host starts the match."),
        "bidding_title": _("Bidding"),
        "contracts_line": _("Contracts: us %(us)s, them %(them)s"),
        "private_waiting": _("Private table"),
        "quick_waiting": _("Quick table"),
        "invite_link": _("Invitation link"),
        "invite_help": _("Send this link to the people you want to play with."),
        "copy": _("Copy"),
        "copied": _("Copied!"),
        "start_now": _("Start the match"),
        "start_help": _("Bots take the free seats."),
        "quick_help": _("Players who click “Play now” join you here."),
        "kick": _("Remove"),
        "kick_name": _("Remove %(name)s from the table"),
        "mute": _("Mute"),
        "unmute": _("Unmute"),
        "mute_name": _("Hide the messages of %(name)s"),
        "unmute_name": _("Show the messages of %(name)s again"),
        "cards_left": _("%(n)s cards left"),
        "cards_count": pgettext("cards left in a hand, short", "×%(n)s"),
        "team": _("Partnership"),
        "team_us": _("Us"),
        "team_score": _("%(team)s: %(score)s"),
        "team_title": _("%(team)s — %(names)s"),
        "partners": _("%(a)s & %(b)s"),
        "chat_author": _("%(name)s:"),
        "team_them": _("Them"),
        "team_ns": _("North–South"),
        "team_ew": _("East–West"),
        "scores_title": _("Scores"),
        "scores_waiting": _("The scores appear when the match starts."),
        "score": _("Score"),
        "contract": _("Contract"),
        "tricks": _("Tricks"),
        "bags": _("Bags"),
        "bags_cycle": _("%(n)s/%(limit)s"),
        "target_note": _("Match to %(target)s points."),
        "floor_note": _("Lost at %(floor)s points."),
        "hand_result_title": _("Hand %(n)s"),
        "hand_over_title": _("Hand %(n)s is over"),
        "line_contract_made": _("Contract %(contract)s made (%(tricks)s tricks)"),
        "line_contract_set": _("Contract %(contract)s set (%(tricks)s tricks)"),
        "line_zero": _("No contract (%(tricks)s tricks)"),
        "line_overtricks": _("Overtricks: %(n)s (bags)"),
        "line_nil_ok": _("Nil made by %(name)s"),
        "line_nil_fail": _("Nil failed by %(name)s"),
        "line_blind_ok": _("Blind nil made by %(name)s"),
        "line_blind_fail": _("Blind nil failed by %(name)s"),
        "line_nil_bags": _("Nil bidder's tricks: %(n)s (bags)"),
        "line_bag_penalty": _("Bag penalty"),
        "line_total": _("Hand total · score %(score)s"),
        "continue": _("Continue"),
        "close": _("Close"),
        "last_trick": _("Last trick"),
        "no_last_trick": _("No trick has been played yet."),
        "trick_won_by": _("Won by %(name)s."),
        "match_over": _("Match over"),
        "you_won": _("You won!"),
        "you_lost": _("You lost."),
        "winner_is": _("%(team)s win."),
        "rematch": _("Play again"),
        "final_note": _("The last hand's detail is shown with the scores."),
        "back_to_lobby": _("Back to the lobby"),
        "leave_confirm": _("Leave the match? A bot takes your seat for good."),
        "not_connected": _("Not connected: trying again…"),
        "no_access": _("You cannot follow this table."),
        "generic_error": _("That did not work. Try again."),
        "chat_too_long": _("A message has at most %(n)s characters."),
    }


SLOTS = ("bottom", "left", "top", "right")


def seat_slots(seats: list[dict], my_seat: str | None) -> list[tuple[str, dict]]:
    """The four seats placed around the felt, the viewer at the bottom (South for spectators)."""
    order = ["N", "E", "S", "W"]
    bottom = my_seat if my_seat in order else "S"
    by_pos = {s.get("position"): s for s in seats}
    start = order.index(bottom)
    return [
        (slot, by_pos.get(order[(start + i) % 4], {"position": order[(start + i) % 4]}))
        for i, slot in enumerate(SLOTS)
    ]


def _invite_url(request: HttpRequest, pk: int, state: dict) -> str | None:
    token = ((state.get("table") or {}).get("me") or {}).get("invite_token")
    if not token:
        return None
    return request.build_absolute_uri(reverse("games:invite", args=[pk, token]))


@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table page: the viewer's state for the first paint, then the socket takes over."""
    get_object_or_404(Table, pk=pk)
    viewer = viewer_from_request(request)
    state = table_state(pk, viewer)
    facts = state.get("table") or {}
    me = facts.get("me") or {}
    config = {
        "tableId": pk,
        "lang": request.LANGUAGE_CODE,
        "wsPath": f"/ws/tables/{pk}/",
        "chatMaxLength": settings.CHAT_MAX_LENGTH,
        "inviteUrl": _invite_url(request, pk, state),
        "chat": visible_chat(pk, viewer.key if viewer else None),
        "urls": {
            "start": reverse("games:start", args=[pk]),
            "kick": reverse("games:kick", args=[pk]),
            "leave": reverse("games:leave", args=[pk]),
            "rematch": reverse("games:rematch", args=[pk]),
            "hint": reverse("games:hint", args=[pk]),
            "lobby": reverse("lobby:index"),
        },
    }
    return render(
        request,
        "games/table.html",
        {
            "table_id": pk,
            "rules_line": rules_summary(facts.get("rules") or {}),
            "scores_text": {
                team: minus(
                    ((state.get("view") or {}).get("scores") or {}).get(team, {}).get("score")
                )
                for team in ("NS", "EW")
            },
            "slots": seat_slots(facts.get("seats") or [], me.get("seat")),
            "state": state,
            "facts": facts,
            "me": me,
            "viewer": viewer,
            "table_config": config,
            "table_strings": table_strings(),
            "chat_phrases": [phrase() for phrase in CHAT_PHRASES],
            "chat_max_length": settings.CHAT_MAX_LENGTH,
        },
    )


@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The invitation link of a private table: shows the table, and a POST takes a seat."""
    table_obj = get_object_or_404(Table, pk=pk)
    if not table_obj.invite_token or token != table_obj.invite_token:
        raise Http404(_("This invitation link is not valid."))
    viewer = viewer_from_request(request)
    if viewer is None:
        return _nickname_first(request)
    state = table_state(pk, viewer)
    facts = state.get("table") or {}
    if (facts.get("me") or {}).get("seat"):
        return redirect("games:table", pk=pk)
    error = None
    if request.method == "POST":
        try:
            do_join(pk, viewer, invite_token=token)
        except ServiceError as exc:
            error = str(exc.message)
        else:
            return redirect("games:table", pk=pk)
    host = next((s["name"] for s in facts.get("seats", []) if s.get("host")), "")
    return render(
        request,
        "games/invite.html",
        {"facts": facts, "viewer": viewer, "host_name": host, "error": error, "token": token},
        status=400 if error else 200,
    )


@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    """The host starts the match now; bots take the free seats."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _not_host(request, pk)
    return _call(request, pk, do_start, viewer)


@require_POST
def kick(request: HttpRequest, pk: int) -> HttpResponse:
    """The host frees a seat before the start."""
    viewer = viewer_from_request(request)
    position = request.POST.get("position", "")
    if viewer is None:
        return _not_host(request, pk)
    if position not in POSITIONS:
        return _done(request, pk, ServiceError("bad_seat", _("There is no such seat.")))
    return _call(request, pk, do_kick, viewer, position)


@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the table and go back to the lobby."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _done(request, pk, to=reverse("lobby:index"))
    return _call(request, pk, do_leave, viewer, to=reverse("lobby:index"))


@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Play again: a new match at this table (or a new table); go where the service says."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _nickname_first(request)
    try:
        new_table = do_rematch(pk, viewer)
    except ServiceError as exc:
        return _done(request, pk, exc)
    return _done(request, pk, to=reverse("games:table", args=[new_table.pk]))


@require_GET
def hint(request: HttpRequest, pk: int) -> JsonResponse:
    """The bots' trick estimate for the viewer's own visible hand (a bidding hint)."""
    from games.bots import estimate_tricks

    get_object_or_404(Table, pk=pk)
    viewer = viewer_from_request(request)
    if viewer is None:
        return JsonResponse({"error": "no_seat"}, status=403)
    view = table_state(pk, viewer).get("view") or {}
    hand = view.get("hand")
    if not view.get("seat") or not hand:
        return JsonResponse({"error": "no_hand"}, status=409)
    if view.get("phase") != "bidding":
        # A late request (bidding ended while it was on its way) is not an error: no hint.
        return JsonResponse({"hand_number": view.get("hand_number"), "bid": None})
    estimate = estimate_tricks(hand).to_dict()
    return JsonResponse({"hand_number": view.get("hand_number"), **estimate})
