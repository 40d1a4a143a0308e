"""Every user-facing text of the tables, in the active language, in one home: the table page's
strings, the rule options in words, the coach's sentences. (The refusals' messages stay with
the refusals, ``games.errors``.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.functional import Promise, lazy
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from games.templatetags.cards import card_name, rank_label
from spades.engine import CARD_CODES
from spades.engine.rules import OPTIONS, Choice, Option, Rules
from spades.engine.variants import VARIANTS

# ----------------------------------------------------------------------------------------------
# The table page: Every string the table page's script shows, translated for the page's language.
# ----------------------------------------------------------------------------------------------
#
# They reach static/js/table.js one way: the dict table_strings() builds, embedded in the page with
# json_script ("table-strings"). Placeholders keep Django's "%(name)s" style (the script's fmt());
# where a number meets a noun, the entry is a dict of plural forms (plural_forms).


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
        # A fixed set of deals (the deal of the day) ends with its last, equal scores or not.
        "match_drawn": _("A draw."),
        "rematch": _("Play again"),
        "final_note": _("The last hand's detail is shown with the scores."),
        "back_to_lobby": _("Back to the lobby"),
        "see_match": _("See the match and its replay"),
        "leave_confirm": _("Leave the match? A bot takes your seat for good."),
        "not_connected": _("Not connected: trying again…"),
        "no_access": _("You cannot follow this table."),
        "open_elsewhere": _(
            "This table is open in too many other tabs: this one is closed. Reload it to play here."
        ),
        "generic_error": _("That did not work. Try again."),
        **spoken_strings(),
        "chat_too_long": plural_forms(
            lambda n: ngettext(
                "A message has at most %(n)s character.",
                "A message has at most %(n)s characters.",
                n,
            )
        ),
    }


def spoken_strings() -> dict[str, Any]:
    """What the table's live log says (static/js/table/speech.js): the moves of the others, the
    tricks, the results, the last seconds of my clock, and the answers to the shortcut keys."""
    return {
        "said_bid": _("%(name)s bids %(bid)s"),
        "said_nil": pgettext("bid in a sentence", "nil"),
        "said_blind_nil": pgettext("bid in a sentence", "blind nil"),
        "said_play": _("%(name)s plays %(card)s"),
        "said_took": _("%(name)s takes the trick"),
        "said_you_took": _("You take the trick"),
        "said_team": _("%(team)s: %(points)s this hand, score %(score)s"),
        "said_seconds": plural_forms(
            lambda n: ngettext("%(n)s second left", "%(n)s seconds left", n)
        ),
        "escape_closes": _("Escape closes this summary."),
        "said_table": _("On the table: %(cards)s."),
        "no_cards": _("No card on the table."),
        "said_bags": _("%(team)s: score %(score)s, bags %(bags)s"),
        "said_no_bid": _("%(name)s has not bid yet"),
        "said_tricks_of": plural_forms(
            lambda n: ngettext("%(name)s: %(n)s trick", "%(name)s: %(n)s tricks", n)
        ),
        "said_void": _("%(name)s has no more %(suits)s"),
        "no_voids": _("Nobody has shown out of a suit yet."),
        "suits": {code: SUITS[code]() for code in "SHDC"},
        # A card inside a sentence ("la dame de pique"), as card_with_article says it: by rank.
        "card_phrases": {
            "A": pgettext("card in a sentence", "the ace of %(suit)s"),
            "K": pgettext("card in a sentence", "the king of %(suit)s"),
            "Q": pgettext("card in a sentence", "the queen of %(suit)s"),
            "J": pgettext("card in a sentence", "the jack of %(suit)s"),
            "n": pgettext("card in a sentence", "the %(rank)s of %(suit)s"),
        },
    }


# ----------------------------------------------------------------------------------------------
# The rule options: The rule options in words, on the Django side: labels and the one-line summary of a table.
# ----------------------------------------------------------------------------------------------
#
# Everything comes from the engine's option descriptions (``spades.engine.rules.OPTIONS``): their
# English labels and summary phrases are marked there with ``gettext_noop`` and translated here, so
# a new option needs no change in this module.


def minus(number: Any) -> str:
    """A number as printed on the site: negative numbers take the typographic minus "−"."""
    return f"−{abs(number)}" if isinstance(number, int) and number < 0 else str(number)


def _choice_line(choice: Choice) -> str:
    return f"{gettext(choice.label)} — {gettext(choice.help)}"


#: A choice's label and its one-line explanation, translated when shown ("Mirror — Everyone…").
choice_line = lazy(_choice_line, str)


def label(option: Option) -> Promise:
    """The option's label, translated when shown."""
    return gettext_lazy(option.label)


def help_text(option: Option) -> Promise | str:
    """The option's one-line help, translated when shown ("" when it has none)."""
    return lazy(gettext, str)(option.help) if option.help else ""


def _shown(option: Option, values: dict[str, Any]) -> bool:
    """An option matters unless the option it requires is off (or itself does not matter)."""
    required = option.requires
    if required is None:
        return True
    return bool(values[required]) and _shown(OPTIONS[required], values)


def _phrase(option: Option, value: Any, values: dict[str, Any]) -> str | None:
    if option.choices:
        if value == option.default:
            return None
        choice = next(c for c in option.choices if c.value == value)
        return gettext(choice.label)
    template = option.summary if value else option.summary_off
    if template is None:
        return None
    numbers = {name: minus(v) for name, v in values.items()}
    return gettext(template) % {**numbers, "value": minus(value)}


def rules_summary(rules: dict) -> str:
    """A table's options in one short line, e.g. "500 points · nil · blind nil · bags 10/−100".

    ``rules``: a rules dict (missing options take the standard value). Options that the variant
    decides (Mirror: no blind nil) are left out.
    """
    values = Rules.from_dict(rules).to_dict()
    fixed = VARIANTS[values["variant"]].fixed  # decided by the variant: not table options
    values.update(fixed)
    parts = []
    for name, option in OPTIONS.items():
        if name not in fixed and _shown(option, values):
            phrase = _phrase(option, values[name], values)
            if phrase:
                parts.append(phrase)
    return " · ".join(parts)


def value_text(option: Option, value: Any) -> str:
    """One option's value in words: "yes", "500", "−200", "none", "Suicide"."""
    if option.choices:
        return gettext(next(c.label for c in option.choices if c.value == value))
    if option.kind is bool:
        return (
            pgettext("rule option value", "yes") if value else pgettext("rule option value", "no")
        )
    if value is None:
        return pgettext("rule option value", "none")
    return minus(value)


def option_lines(rules: Rules) -> list[dict[str, str]]:
    """Every option with its label, its value in ``rules`` and its help, in the form's order."""
    return [
        {
            "name": name,
            "label": gettext(option.label),
            "value": value_text(option, getattr(rules, name)),
            "help": gettext(option.help) if option.help else "",
        }
        for name, option in OPTIONS.items()
    ]


def variant_lines() -> list[dict[str, str]]:
    """The variants a table offers besides the standard mode, each with its one-line rule."""
    return [
        {"name": v.name, "label": gettext(v.label), "help": gettext(v.help)}
        for v in VARIANTS.values()
        if v.name != OPTIONS["variant"].default
    ]


# ----------------------------------------------------------------------------------------------
# The coach: The coach's reasons as sentences for people, in the active language, in one place.
# ----------------------------------------------------------------------------------------------
#
# ``spades.bots.coach`` gives a stable reason code and its parameters (a card code, a seat letter, a
# bid, a chance); this module turns them into one short sentence addressed to the player ("tu" in
# French). Cards are named with their article ("le roi de cœur", "l’as de pique") so that a
# sentence may start with one.


SUITS = {
    "S": lambda: pgettext("suit, in a sentence", "spades"),
    "H": lambda: pgettext("suit, in a sentence", "hearts"),
    "D": lambda: pgettext("suit, in a sentence", "diamonds"),
    "C": lambda: pgettext("suit, in a sentence", "clubs"),
}
SEATS = {
    "N": lambda: pgettext("seat", "North"),
    "E": lambda: pgettext("seat", "East"),
    "S": lambda: pgettext("seat", "South"),
    "W": lambda: pgettext("seat", "West"),
}

REASON_TEXT = {
    "look_at_cards": gettext_lazy("Look at your cards: a blind nil does not pay at this score."),
    "blind_nil_comeback": gettext_lazy(
        "You are far behind: a blind nil is your best chance to come back."
    ),
    "only_card": gettext_lazy("%(card)s is the only card you may play."),
    "keep_your_nil": gettext_lazy("You bid nil: stay under the trick with %(card)s."),
    "cover_partner_nil": gettext_lazy("Your partner bid nil: cover them with %(card)s."),
    "set_opponent_nil": gettext_lazy("%(seat)s bid nil: play %(card)s to make them take a trick."),
    "partner_holds_trick": gettext_lazy("Your partner holds the trick: play low, %(card)s."),
    "card_is_master": gettext_lazy("%(card)s is the master card: play it."),
    "partner_can_ruff": gettext_lazy(
        "Play %(card)s: your partner has no %(suit)s left and can trump."
    ),
    "win_cheaply": gettext_lazy("%(card)s is the smallest card that wins the trick."),
    "cannot_win_play_low": gettext_lazy(
        "You cannot win this trick: keep your good cards, play %(card)s."
    ),
    "lead_low": gettext_lazy("Lead low with %(card)s: you have nothing to lose in this suit."),
    "set_their_contract": gettext_lazy(
        "Your side has made its contract: take tricks with %(card)s to set the opponents."
    ),
    "avoid_bags": gettext_lazy("Your contract is made: more tricks would be bags, play %(card)s."),
}


def card_with_article(code: str) -> str:
    """A card named inside a sentence: "le roi de cœur", "l’as de pique", "le 10 de trèfle"."""
    suit = SUITS[code[1]]()
    rank = code[0]
    if rank == "A":
        return pgettext("card in a sentence", "the ace of %(suit)s") % {"suit": suit}
    if rank == "K":
        return pgettext("card in a sentence", "the king of %(suit)s") % {"suit": suit}
    if rank == "Q":
        return pgettext("card in a sentence", "the queen of %(suit)s") % {"suit": suit}
    if rank == "J":
        return pgettext("card in a sentence", "the jack of %(suit)s") % {"suit": suit}
    number = "10" if rank == "T" else rank
    return pgettext("card in a sentence", "the %(rank)s of %(suit)s") % {
        "rank": number,
        "suit": suit,
    }


def sentence(code: str, params: dict) -> str:
    """The reason ``code`` with its ``params`` as one sentence in the active language."""
    if code == "bid_nil":
        chance = int(params.get("chance") or 0)
        return ngettext(
            "Bid nil: your hand has about %(chance)d chance in 100 of taking no trick.",
            "Bid nil: your hand has about %(chance)d chances in 100 of taking no trick.",
            chance,
        ) % {"chance": chance}
    if code == "bid_tricks":
        tricks = round(float(params.get("tricks") or 0))
        return ngettext(
            "Bid %(bid)s: your hand should take about %(tricks)d trick.",
            "Bid %(bid)s: your hand should take about %(tricks)d tricks.",
            tricks,
        ) % {"bid": params.get("bid"), "tricks": tricks}
    text = REASON_TEXT.get(code)
    if text is None:
        return ""
    values: dict[str, str] = {}
    card = params.get("card")
    if isinstance(card, str) and len(card) == 2 and card[1] in SUITS:
        values["card"] = card_with_article(card)
        values["suit"] = SUITS[card[1]]()
    seat = params.get("seat")
    if isinstance(seat, str) and seat in SEATS:
        values["seat"] = SEATS[seat]()
    try:
        return capfirst(str(text) % values)
    except (KeyError, TypeError):
        return ""
