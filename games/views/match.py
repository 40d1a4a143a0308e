"""The page of a finished match (score table, each hand's seed to check, replay) and its hand
history export.

A match is shown only once it is over: every hand's seed is revealed then (and a match dealt
before fair deals, by its seed alone), and nobody at a table in play learns anything from it. Quick and ranked matches are public from then on; a private table's
matches are open to the people seated at it (and its host) only. Anyone else gets a 404, as for a
match that does not exist: match ids are sequential, the id alone must open nothing.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from accounts.models import DELETED_PREFIX, shown_name
from core.hooks import Hook
from games.match_record import jsonl_export, match_hands, replay_data, score_table
from games.models import Match, Seat, Table
from games.texts import card_strings, minus, rules_summary
from games.viewers import Viewer, viewer_from_request
from spades.engine import SEATS, Rules


def _daily_match_hidden(match: Match, viewer: Viewer | None) -> bool:
    return False


# Who may see a daily table's match (``daily.replays`` provides it: its player, those who have
# played that day's deals, everyone once the day is over). Nobody until a provider says so.
daily_match_visible: Hook[[Match, Viewer | None], bool] = Hook(
    "daily_match_visible", _daily_match_hidden
)


def may_see_match(match: Match, viewer: Viewer | None) -> bool:
    """Whether this visitor may see a match's page and export: only once over; a private
    table's match only for the people who sat at the table (or its host); a daily table's as
    the ``daily_match_visible`` hook says."""
    if match.result is None:
        return False
    table = match.table
    if table.kind == Table.Kind.DAILY:
        return daily_match_visible(match, viewer)
    if table.kind != Table.Kind.PRIVATE:
        return True
    if viewer is None:
        return False
    if viewer.key == table.host_key:
        return True
    return Seat.objects.filter(table=table, viewer_key=viewer.key).exists()


def _visible_match(request: HttpRequest, pk: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("table"), pk=pk)
    if not may_see_match(match, viewer_from_request(request)):
        raise Http404("no such finished match")
    return match


def replay_strings() -> dict[str, Any]:
    """Every string static/js/match.js shows ("%(name)s" placeholders, as table.js)."""
    return {
        "cards": card_strings(),
        "joker_word": pgettext("printed on a joker card", "JOKER"),
        "nil": _("Nil"),
        "blind_nil": _("Blind nil"),
        "compass": {
            "N": pgettext("seat", "North"),
            "E": pgettext("seat", "East"),
            "S": pgettext("seat", "South"),
            "W": pgettext("seat", "West"),
        },
        "hand_option": _("Hand %(n)s"),
        "step_of": _("Step %(i)s of %(n)s"),
        "deal": _("Hand %(n)s: %(dealer)s deals."),
        "bidding": _("Hand %(n)s: the bids."),
        "trick": _("Hand %(n)s, trick %(k)s of %(of)s: %(name)s takes it."),
        "result": _("Hand %(n)s is over: North–South %(ns)s, East–West %(ew)s."),
        "bid": _("Bid: %(bid)s"),
        "tricks_won": _("Tricks: %(n)s"),
        "no_bid": _("Bid: —"),
        "dealer": pgettext("the seat that deals", "Dealer"),
        "verify_busy": _("Checking…"),
        "verify_ok": _(
            "They agree: the SHA-256 of the context and the seed is the commitment shown before"
            " the first bid, and this seed deals exactly the cards of this hand."
        ),
        "verify_commitment": _(
            "They disagree: the SHA-256 of the context and the seed is %(computed)s, not the"
            " commitment shown."
        ),
        "verify_card": _(
            "They disagree: the seed deals %(card)s to %(seat)s, but the replay shows it"
            " elsewhere (%(shown)s)."
        ),
        "verify_nowhere": _("nowhere"),
        "verify_unavailable": _(
            "This browser cannot compute SHA-256 on this page (Web Crypto needs an HTTPS"
            " connection): check it with the command given in the FAQ."
        ),
    }


def seat_names(match: Match) -> dict[str, str]:
    """Who sat where, as named when the match was dealt; a player who has since deleted their
    account is shown as "Deleted player"."""
    names = {seat: shown_name(match.players.get(seat, "")) for seat in SEATS}
    deleted = Seat.objects.filter(
        table_id=match.table_id, user__username__startswith=DELETED_PREFIX
    ).values_list("position", "nickname")
    for position, nickname in deleted:
        if names.get(position) == nickname:
            names[position] = _("Deleted player")
    return names


def _bid_text(bid: int | str, strings: dict[str, Any]) -> str:
    return strings[bid] if isinstance(bid, str) else str(bid)


def _printed(rows: list[dict[str, Any]], strings: dict[str, Any]) -> list[dict[str, Any]]:
    """The score table's cells as printed: the two bids ("4 + Nil"), points with their sign and
    the typographic minus ("+71", "−46"), totals with the minus."""
    for row in rows:
        for team in row["teams"].values():
            team["bid_text"] = " + ".join(_bid_text(b, strings) for b in team["bids"].values())
            points = team["points"]
            team["points_text"] = f"+{points}" if points > 0 else minus(points)
            team["total_text"] = minus(team["total"])
    return rows


def _team_names(players: dict[str, str]) -> dict[str, str]:
    return {
        "NS": f"{players.get('N', '')} & {players.get('S', '')}",
        "EW": f"{players.get('E', '')} & {players.get('W', '')}",
    }


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The finished match: who sat where, the score hand by hand, and a replay of every hand."""
    match = _visible_match(request, pk)
    if request.GET.get("format") == "jsonl":
        return export(request, pk)
    hands = match_hands(match)
    players = seat_names(match)
    result = match.result or {}
    strings = replay_strings()
    compass = strings["compass"]
    return render(
        request,
        "games/match.html",
        {
            "match": match,
            "title": _("Match %(id)s") % {"id": match.pk},
            "rules_line": rules_summary(match.rules),
            "seats": [{"position": s, "label": compass[s], "name": players[s]} for s in SEATS],
            "team_names": _team_names(players),
            "winner": result.get("winner"),
            "final": {team: minus(score) for team, score in (result.get("scores") or {}).items()},
            "rows": _printed(score_table(hands), strings),
            "replay": replay_data(hands, players, Rules.from_dict(match.rules).variant),
            "checks": [
                {"number": hand.number, "shuffle": hand.shuffle}
                for hand in hands
                if hand.shuffle is not None
            ],
            "faq_url": reverse("rules_pages:faq") + "#fair-deals",
            "replay_strings": strings,
            "export_url": reverse("games:match_export", args=[match.pk]),
            "table_url": reverse("games:table", args=[match.table_id]),
        },
    )


@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand history as JSON Lines hand records (shared/spec/hand-record.md), a download."""
    match = _visible_match(request, pk)
    response = HttpResponse(
        jsonl_export(match, seat_names(match)), content_type="application/x-ndjson; charset=utf-8"
    )
    filename = f"atout-pique-match-{match.pk}.jsonl"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
