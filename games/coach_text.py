"""The coach's reasons as sentences for people, in the active language, in one place.

``spades.bots.coach`` gives a stable reason code and its parameters (a card code, a seat letter, a
bid, a chance); this module turns them into one short sentence addressed to the player ("tu" in
French). Cards are named with their article ("le roi de cœur", "l’as de pique") so that a
sentence may start with one.
"""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext

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
    "look_at_cards": _("Look at your cards: a blind nil does not pay at this score."),
    "blind_nil_comeback": _("You are far behind: a blind nil is your best chance to come back."),
    "only_card": _("%(card)s is the only card you may play."),
    "keep_your_nil": _("You bid nil: stay under the trick with %(card)s."),
    "cover_partner_nil": _("Your partner bid nil: cover them with %(card)s."),
    "set_opponent_nil": _("%(seat)s bid nil: play %(card)s to make them take a trick."),
    "partner_holds_trick": _("Your partner holds the trick: play low, %(card)s."),
    "card_is_master": _("%(card)s is the master card: play it."),
    "partner_can_ruff": _("Play %(card)s: your partner has no %(suit)s left and can trump."),
    "win_cheaply": _("%(card)s is the smallest card that wins the trick."),
    "cannot_win_play_low": _("You cannot win this trick: keep your good cards, play %(card)s."),
    "lead_low": _("Lead low with %(card)s: you have nothing to lose in this suit."),
    "set_their_contract": _(
        "Your side has made its contract: take tricks with %(card)s to set the opponents."
    ),
    "avoid_bags": _("Your contract is made: more tricks would be bags, play %(card)s."),
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
