"""Every string the table page's script shows, translated for the page's language.

They reach static/js/table.js one way: the dict table_strings() builds, embedded in the page with
json_script ("table-strings"). Placeholders keep Django's "%(name)s" style (the script's fmt());
where a number meets a noun, the entry is a dict of plural forms (plural_forms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.templatetags.cards import card_name, rank_label
from spades.engine import CARD_CODES


def card_strings() -> dict[str, list[str]]:
    """Each card's printed rank and spoken name, as the {% card %} tag shows them."""
    return {code: [rank_label(code[0]), card_name(code)] for code in (*CARD_CODES, "LJ", "BJ")}


def plural_forms(message: Callable[[int], str]) -> dict[str, str]:
    """A plural message's forms by CLDR plural category, the script picking one with
    ``Intl.PluralRules`` (static/js/table/util.js ``plural``). French and English have two
    categories: "one" (French: 0 and 1, English: 1) and "other"."""
    return {"one": message(1), "other": message(5)}


def seat_strings() -> dict[str, Any]:
    """How the seats are named: compass points, letters, where they sit seen from the viewer."""
    return {
        "compass": {
            "N": pgettext("seat", "North"),
            "E": pgettext("seat", "East"),
            "S": pgettext("seat", "South"),
            "W": pgettext("seat", "West"),
        },
        "seat_letter": {
            "N": pgettext("seat letter", "N"),
            "E": pgettext("seat letter", "E"),
            "S": pgettext("seat letter", "S"),
            "W": pgettext("seat letter", "W"),
        },
        "relative": {
            "left": pgettext("seat seen from you", "on the left"),
            "right": pgettext("seat seen from you", "on the right"),
            "top": pgettext("seat seen from you", "partner"),
        },
        "role_partner": pgettext("seat role", "Partner"),
        "role_opponent": pgettext("seat role", "Opponent"),
        "bot": pgettext("player", "Bot"),
        "name_at": _("%(name)s (%(seat)s)"),
    }


def table_strings() -> dict[str, Any]:
    """Every string table.js shows, translated for the page's language ("%(name)s" placeholders;
    a dict of forms where a number meets a noun, see plural_forms)."""
    return {
        "cards": card_strings(),
        **seat_strings(),
        "you": _("(you)"),
        "host": _("host"),
        "standin": _("away: a bot plays"),
        "offline": _("disconnected"),
        "away": pgettext("a player", "away"),
        "paused": _("Match paused: none of the players is connected."),
        "paused_short": pgettext("a turn clock", "paused"),
        "status_paused": _("Paused"),
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
        "joker_word": pgettext("printed on a joker card", "JOKER"),
        "hint_line": plural_forms(
            lambda n: ngettext(
                "Estimate: about %(total)s trick, so a bid of %(bid)s.",
                "Estimate: about %(total)s tricks, so a bid of %(bid)s.",
                n,
            )
        ),
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
        "watching_waiting": _(
            "You are watching this table: the players are waiting for the start."
        ),
        "kicked": _("The host removed you from this table."),
        "status_waiting": _("Waiting for players"),
        "status_hand": _("Hand %(n)s"),
        "status_over": _("Match over"),
        "status_closed": _("Table closed"),
        "table_closed": _("This table was closed for lack of players."),
        "waiting_title": _("Waiting for players"),
        "free_seats": plural_forms(lambda n: ngettext("%(n)s free seat", "%(n)s free seats", n)),
        "bots_soon": _("Bots will take the free seats shortly."),
        "bots_in": _("Bots take the free seats in %(n)s s."),
        "host_will_start": _("The host starts the match."),
        "bidding_title": _("Bidding"),
        "contracts_line": _("Contracts: us %(us)s, them %(them)s"),
        "contracts_teams": _("Contracts: North–South %(ns)s, East–West %(ew)s"),
        "private_waiting": _("Private table"),
        "quick_waiting": _("Quick table"),
        "invite_link": _("Invitation link"),
        "invite_help": _("Send this link to the people you want to play with."),
        "copy": _("Copy"),
        "copied": _("Copied!"),
        "start_now": _("Start the match"),
        "start_help": _("Bots take the free seats."),
        "quick_help": _("Players who click “Play now” join you here."),
        "move": _("Move…"),
        "move_name": _("Move %(name)s to another seat"),
        "move_to": _("to %(seat)s (free)"),
        "swap_with": _("swap with %(name)s (%(seat)s)"),
        "partnerships": _("Partnerships"),
        "partnership_line": _("%(team)s: %(names)s"),
        "kick": _("Remove"),
        "kick_name": _("Remove %(name)s from the table"),
        "mute": _("Mute"),
        "unmute": _("Unmute"),
        "mute_name": _("Mute the messages of %(name)s"),
        "unmute_name": _("Unmute the messages of %(name)s"),
        "cards_left": plural_forms(lambda n: ngettext("%(n)s card left", "%(n)s cards left", n)),
        "cards_count": pgettext("cards left in a hand, short", "×%(n)s"),
        "team": _("Partnership"),
        "team_us": _("Us"),
        "team_score": _("%(team)s: %(score)s"),
        "team_title": _("%(team)s — %(names)s"),
        "partners": _("%(a)s & %(b)s"),
        "chat_author": _("%(name)s:"),
        # Reports (static/js/report.js) and a chat turned off by a moderator.
        "report_message_name": _("Report the message from %(name)s"),
        "report_name": _("Report %(name)s"),
        "silenced_until": _(
            "A moderator has turned off your chat until %(until)s. Reason: %(reason)s"
        ),
        "silenced_for_good": _("A moderator has turned off your chat for good. Reason: %(reason)s"),
        "silence_no_reason": _("no reason given"),
        # Ready-made phrases: a tap instead of typing on a phone.
        "chat_phrases": [_("Well played!"), _("Thanks, partner"), _("Oops"), _("Good game!")],
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
        "target_note": plural_forms(
            lambda n: ngettext("Match to %(target)s point.", "Match to %(target)s points.", n)
        ),
        "floor_note": plural_forms(
            lambda n: ngettext("Lost at %(floor)s point.", "Lost at %(floor)s points.", n)
        ),
        "hand_result_title": _("Hand %(n)s"),
        "hand_over_title": _("Hand %(n)s is over"),
        "line_contract_made": plural_forms(
            lambda n: ngettext(
                "Contract %(contract)s made (%(tricks)s trick)",
                "Contract %(contract)s made (%(tricks)s tricks)",
                n,
            )
        ),
        "line_contract_set": plural_forms(
            lambda n: ngettext(
                "Contract %(contract)s set (%(tricks)s trick)",
                "Contract %(contract)s set (%(tricks)s tricks)",
                n,
            )
        ),
        "line_zero": plural_forms(
            lambda n: ngettext(
                "No contract (%(tricks)s trick)", "No contract (%(tricks)s tricks)", n
            )
        ),
        "line_overtricks": plural_forms(
            lambda n: ngettext("Overtricks: %(n)s (bag)", "Overtricks: %(n)s (bags)", n)
        ),
        "line_nil_ok": _("Nil made by %(name)s"),
        "line_nil_fail": _("Nil failed by %(name)s"),
        "line_blind_ok": _("Blind nil made by %(name)s"),
        "line_blind_fail": _("Blind nil failed by %(name)s"),
        "line_nil_bags": plural_forms(
            lambda n: ngettext(
                "Nil bidder's tricks: %(n)s (bag)", "Nil bidder's tricks: %(n)s (bags)", n
            )
        ),
        "line_bag_penalty": _("Bag penalty"),
        "line_total": _("Hand total · score %(score)s"),
        "continue": _("Continue"),
        "close": _("Close"),
        "last_trick": _("Last trick"),
        "no_last_trick": _("No trick has been played yet."),
        "trick_won_by": _("Won by %(name)s."),
        "trick_for": _("Trick for %(name)s"),
        "takes_trick": _("takes the trick"),
        "match_over": _("Match over"),
        "you_won": _("You won!"),
        "you_lost": _("You lost."),
        "winner_is": _("%(team)s win."),
        "rematch": _("Play again"),
        "final_note": _("The last hand's detail is shown with the scores."),
        "back_to_lobby": _("Back to the lobby"),
        "see_match": _("See the match and its replay"),
        "leave_confirm": _("Leave the match? A bot takes your seat for good."),
        "not_connected": _("Not connected: trying again…"),
        "no_access": _("You cannot follow this table."),
        "generic_error": _("That did not work. Try again."),
        "chat_too_long": plural_forms(
            lambda n: ngettext(
                "A message has at most %(n)s character.",
                "A message has at most %(n)s characters.",
                n,
            )
        ),
    }
