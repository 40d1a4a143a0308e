"""`{% card "QS" %}`: one playing card drawn in HTML/CSS, the same style at the table and in the rules."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The Joker variant's jokers: spades above the ace (rules.md "Variants"). Drawn for now as a spade
# marked with a star; the page will give them their own face.
JOKER_RANK = "★"


def joker_names() -> dict[str, str]:
    return {"BJ": _("Big Joker"), "LJ": _("Little Joker")}


def rank_label(rank: str) -> str:
    """The rank as printed on the card face, in the reader's language (R, D, V in French)."""
    if rank in ("B", "L"):  # "BJ", "LJ"
        return JOKER_RANK
    labels = {
        "A": pgettext("card rank short", "A"),
        "K": pgettext("card rank short", "K"),
        "Q": pgettext("card rank short", "Q"),
        "J": pgettext("card rank short", "J"),
        "T": "10",
    }
    return labels.get(rank, rank)


def card_name(code: str) -> str:
    """A card's full name for screen readers, e.g. "Dame de pique"."""
    if code in ("BJ", "LJ"):
        return joker_names()[code]
    ranks = {
        "A": _("Ace"), "K": _("King"), "Q": _("Queen"), "J": _("Jack"), "T": "10",
    }  # fmt: skip
    suits = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
    rank = ranks.get(code[0], code[0])
    return _("%(rank)s of %(suit)s") % {"rank": rank, "suit": suits[code[1]]}


@register.simple_tag
def card(code: str, extra_class: str = "") -> str:
    """Render a face-up card; `code` uses the rules' vocabulary (rank then suit, e.g. "TH")."""
    code = str(code).upper()
    joker = code in ("BJ", "LJ")
    if len(code) != 2 or (code[1] not in SUIT_SYMBOLS and not joker):
        raise template.TemplateSyntaxError(f"not a card code: {code!r}")
    suit = "S" if joker else code[1]
    return format_html(
        '<span class="card suit-{} {}" role="img" aria-label="{}" data-card="{}"{}>'
        '<span class="card-rank">{}</span><span class="card-suit" aria-hidden="true">{}</span>'
        "</span>",
        suit.lower(),
        extra_class,
        card_name(code),
        code,
        format_html(' data-rank="{}"', rank_label(code[0])) if not joker else "",
        rank_label(code[0]),
        SUIT_SYMBOLS[suit],
    )
