"""Tags of the rules site: links between registry pages, card rows, engine-scored examples.

`{% load site_pages %}` then e.g. `{% page_url "faq" %}`, `{% page_link "guide" %}`,
`{% hand "AS KH 7D" %}`, `{% trick "N:QH E:2S S:AH W:5H" winner="E" %}`,
`{% score_hand "N:4 S:2 E:3 W:4" "N:5 S:3 E:2 W:3" team="NS" as result %}`, `{% play_url %}`.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.urls import resolve, reverse, translate_url
from django.urls.exceptions import Resolver404
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import override

from games.templatetags.cards import card
from rules_pages.numbers import compute_score
from rules_pages.pages import LANGUAGES, NAV_KEYS, current_language, get_page, listed_pages

register = template.Library()

#: Language names as their speakers write them (a switch shows each in its own language).
NATIVE_NAMES = {"fr": "Français", "en": "English"}


@register.simple_tag
def page_url(key: str, lang: str = "") -> str:
    """The URL of registry page `key` in the active language (or in `lang`)."""
    page = get_page(key)
    if lang:
        with override(lang):
            return reverse(page.url_name)
    return reverse(page.url_name)


@register.simple_tag
def page_title(key: str) -> str:
    return str(get_page(key).title)


@register.simple_tag
def page_link(key: str, text: str = "") -> SafeString:
    """`<a href="...">title</a>` to registry page `key` in the active language."""
    page = get_page(key)
    return format_html('<a href="{}">{}</a>', reverse(page.url_name), text or page.title)


@register.simple_tag
def nav_pages() -> list:
    """The header navigation entries, in order."""
    return [page for page in map(get_page, NAV_KEYS) if page.is_listed()]


@register.simple_tag
def all_pages() -> list:
    """The pages of the footer: every page that is listed in the active language."""
    return listed_pages()


@register.simple_tag
def page_listed(key: str) -> bool:
    """Is registry page `key` linked from the rest of the site now (`as` a variable)?"""
    return get_page(key).is_listed()


@register.inclusion_tag("partials/alternate_links.html", takes_context=True)
def alternate_links(context: template.Context) -> dict[str, Any]:
    """Canonical and hreflang links of a page outside the registry (the lobby): the same path
    translated into each language, on the canonical origin."""
    request = context["request"]
    origin = settings.SITE_URL.rstrip("/")
    links = [
        {"hreflang": code, "url": origin + translate_url(request.path, code)} for code in LANGUAGES
    ]
    links.append({"hreflang": "x-default", "url": links[0]["url"]})
    return {"canonical_url": origin + request.path, "alternates": links}


@register.simple_tag
def hand(codes: str, label: str = "") -> SafeString:
    """A row of cards from space-separated codes, e.g. `{% hand "AS KS 2H" %}`."""
    cards = format_html_join("", "{}", ((card(code),) for code in codes.split()))
    if label:
        return format_html(
            '<span class="card-row" role="group" aria-label="{}">{}</span>', label, cards
        )
    return format_html('<span class="card-row">{}</span>', cards)


def seat_name(seat: str) -> str:
    return {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}[seat]


@register.simple_tag
def trick(plays: str, winner: str = "", caption: str = "") -> SafeString:
    """One trick in play order, each card under its seat, e.g. `{% trick "N:QH E:2S" winner="E" %}`."""
    items = []
    for play in plays.split():
        seat, _sep, code = play.partition(":")
        won = seat.upper() == winner.upper()
        items.append(
            format_html(
                '<li class="trick-play{}"><span class="trick-seat">{}</span>{}{}</li>',
                " trick-winner" if won else "",
                seat_name(seat.upper()),
                card(code),
                format_html('<span class="trick-wins">{}</span>', _("wins")) if won else "",
            )
        )
    caption_html = format_html("<figcaption>{}</figcaption>", caption) if caption else ""
    return format_html(
        '<figure class="trick"><ol class="trick-plays">{}</ol>{}</figure>',
        format_html_join("", "{}", ((i,) for i in items)),
        caption_html,
    )


@register.simple_tag
def score_hand(
    bids: str, tricks: str, before: str = "", rules: str = "", team: str = ""
) -> dict[str, Any]:
    """The engine's score of one hand (use with `as`): per team, or one team with `team="NS"`.

    `bids`/`tricks`: "N:4 E:nil S:2 W:3"; `before`: "NS:120/8 EW:40/2" (score/bags);
    `rules`: options changed from the standard ones, "nil_tricks_count_for_contract=false".
    """
    return compute_score(bids, tricks, before=before, rules=rules, team=team)


@register.simple_tag
def play_url() -> str:
    """Where "Play now" goes: the lobby, with quick play and the private tables."""
    return reverse("lobby:index")


@register.inclusion_tag("rules_pages/partials/play_button.html")
def play_button(extra_class: str = "") -> dict[str, Any]:
    """The "Play now" button of the rules pages."""
    return {"url": play_url(), "extra_class": extra_class}


@register.simple_tag(takes_context=True)
def language_links(context: template.Context) -> list[dict[str, Any]]:
    """The current page in each language (translated slug), for the language switch."""
    request = context.get("request")
    current = current_language()
    path = request.path if request is not None else "/"
    try:
        resolve(path)
        resolvable = True
    except Resolver404:
        resolvable = False
    links = []
    for code in LANGUAGES:
        url = translate_url(path, code) if resolvable else ""
        if not url or (code != current and url == path):
            with override(code):
                url = reverse(get_page("home").url_name)
        links.append(
            {"code": code, "name": NATIVE_NAMES[code], "url": url, "current": code == current}
        )
    return links
