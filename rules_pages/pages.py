"""The registry of the rules site: one entry per page, the single source of its URLs and metadata.

URLs, the sitemap, the navigation, breadcrumbs, hreflang alternates and the tests all iterate over
`PAGES`, so a page added here is routed, listed and tested everywhere at once (docs/rules-pages.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import Promise, lazy
from django.utils.module_loading import import_string
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

#: Languages of the rules site, the default first (also the target of `/`).
LANGUAGES: tuple[str, ...] = ("fr", "en")


def current_language() -> str:
    """The active language reduced to one the site has (fr for anything unknown)."""
    code = (get_language() or settings.LANGUAGE_CODE).split("-")[0].lower()
    return code if code in LANGUAGES else LANGUAGES[0]


@dataclass(frozen=True)
class Page:
    """One page of the rules site.

    `slugs` and `descriptions` are per language (prose, not gettext); `title` and `nav_title` are
    interface strings (gettext). `context` is the dotted path of a function `(request) -> dict`
    whose result is added to the template context (imported at request time, so a page's module
    loads only when the page is shown). `parent` is the key of the breadcrumb parent (home when
    None). `toc` False drops the "On this page" box.
    """

    key: str
    slugs: dict[str, str]
    title: Promise
    descriptions: dict[str, str]
    nav_title: Promise | None = None
    parent: str | None = None
    context: str | None = None
    changefreq: str = "monthly"
    priority: float = 0.6
    toc: bool = True
    listed: str | None = None

    def slug(self, lang: str | None = None) -> str:
        """The page's slug in `lang` (the active language by default)."""
        return self.slugs[lang or current_language()]

    def route(self) -> StrPromise:
        """A lazy URL route: Django compiles it once per language, so each language has its slug."""

        def _route() -> str:
            slug = self.slug()
            return f"{slug}/" if slug else ""

        # ``lazy`` keeps the function's type (str) for a type checker: the result is a promise.
        return cast("StrPromise", lazy(_route, str)())

    def template(self, lang: str | None = None) -> str:
        """The per-language body template of this page."""
        return f"rules_pages/{lang or current_language()}/{self.key}.html"

    def description(self, lang: str | None = None) -> str:
        return self.descriptions[lang or current_language()]

    @property
    def url_name(self) -> str:
        return f"rules_pages:{self.key}"

    @property
    def short_title(self) -> Promise:
        return self.nav_title or self.title

    def is_listed(self, lang: str | None = None) -> bool:
        """Is the page linked from the rest of the site (and the sitemap) in `lang`?"""
        if not self.listed:
            return True
        function: Callable[[str], bool] = import_string(self.listed)
        return function(lang or current_language())

    def extra_context(self, request: HttpRequest) -> dict[str, Any]:
        """The result of the page's context function, if it has one."""
        if not self.context:
            return {}
        function: Callable[[HttpRequest], dict[str, Any]] = import_string(self.context)
        return function(request)


PAGES: tuple[Page, ...] = (
    Page(
        key="home",
        slugs={"fr": "", "en": ""},
        title=_("Play Spades online"),
        nav_title=_("Home"),
        descriptions={
            "fr": "Joue au Spades en ligne gratuitement et sans inscription : tables amicales, "
            "bots après une courte attente, règles complètes et exemples de score en français.",
            "en": "Play Spades online for free with no sign-up: friendly tables, bots after a "
            "short wait, and the complete rules with worked scoring examples.",
        },
        changefreq="weekly",
        priority=1.0,
        toc=False,
    ),
    Page(
        key="how_to_play",
        slugs={"fr": "comment-jouer", "en": "how-to-play"},
        title=_("How to play Spades"),
        nav_title=_("How to play"),
        descriptions={
            "fr": "Les règles du Spades pas à pas : équipes, donne, enchères, nul, levées, "
            "pique atout, sacs et fin de partie, avec des exemples de cartes.",
            "en": "The rules of Spades step by step: partnerships, the deal, bidding, nil, "
            "tricks, spades as trumps, bags and the end of the match, with card examples.",
        },
        priority=0.9,
    ),
    Page(
        key="guide",
        slugs={"fr": "guide-detaille", "en": "detailed-guide"},
        title=_("Detailed guide to Spades"),
        nav_title=_("Detailed guide"),
        descriptions={
            "fr": "Le guide complet du Spades : donne, rang des cartes, enchères, nul et nul à "
            "l'aveugle, jeu de la carte, sacs, fin du match, variantes et fonctionnement du site.",
            "en": "The complete guide to Spades: the deal, card ranks, bidding, nil and blind "
            "nil, card play, bags, the end of the match, variants and how the site works.",
        },
        priority=0.8,
    ),
    Page(
        key="strategy",
        slugs={"fr": "strategie", "en": "strategy"},
        title=_("Spades strategy"),
        nav_title=_("Strategy"),
        descriptions={
            "fr": "Conseils de stratégie au Spades : évaluer sa main, enchérir juste, jouer "
            "avec son partenaire, défendre un nul et maîtriser les sacs.",
            "en": "Spades strategy tips: valuing your hand, bidding well, playing with your "
            "partner, protecting a nil and keeping bags under control.",
        },
    ),
    Page(
        key="history",
        slugs={"fr": "histoire", "en": "history"},
        title=_("History of Spades"),
        nav_title=_("History"),
        descriptions={
            "fr": "L'histoire du Spades, de la famille du Whist aux États-Unis des années 1930 "
            "jusqu'aux salles de cartes en ligne.",
            "en": "The history of Spades, from the Whist family and the United States of the "
            "1930s to online card rooms.",
        },
        priority=0.5,
    ),
    Page(
        key="faq",
        slugs={"fr": "faq", "en": "faq"},
        title=_("Frequently asked questions"),
        nav_title=_("FAQ"),
        context="rules_pages.faq.page_context",
        descriptions={
            "fr": "Questions fréquentes sur le Spades : faut-il faire exactement son enchère, "
            "nul, sacs, ouvrir à pique, fournir, variantes, quatre zéros, jouer sans compte.",
            "en": "Spades questions answered: must you take exactly your bid, nil, bags, "
            "leading spades, following suit, variants, four zero bids, playing without an account.",
        },
        priority=0.8,
    ),
    Page(
        key="variants",
        slugs={"fr": "variantes", "en": "variants"},
        title=_("Spades variants"),
        nav_title=_("Variants"),
        descriptions={
            "fr": "Les variantes du Spades : Mirror, Whiz, Suicide, Joker Spades et les règles "
            "maison, comparées au mode standard.",
            "en": "Spades variants: Mirror, Whiz, Suicide, Joker Spades and house rules, "
            "compared with the standard game.",
        },
        priority=0.5,
    ),
    Page(
        key="related",
        slugs={"fr": "jeux-associes", "en": "related-games"},
        title=_("Games related to Spades"),
        nav_title=_("Related games"),
        descriptions={
            "fr": "Les cousins du Spades : Whist, Bridge, Dame de pique, Oh Hell et autres jeux "
            "de levées, et ce qui les distingue.",
            "en": "Spades' relatives: Whist, Bridge, Hearts, Oh Hell and other trick-taking "
            "games, and what sets them apart.",
        },
        priority=0.4,
    ),
    Page(
        key="guides",
        slugs={"fr": "guides", "en": "guides"},
        title=_("Spades guides"),
        nav_title=_("Guides"),
        descriptions={
            "fr": "Des guides pour progresser au Spades : les enchères, le nul et les sacs "
            "expliqués en détail avec des mains d'exemple.",
            "en": "Guides to get better at Spades: bidding, nil and bags explained in depth "
            "with example hands.",
        },
    ),
    Page(
        key="guide_bidding",
        slugs={"fr": "guides/encheres", "en": "guides/bidding"},
        title=_("How to bid in Spades"),
        nav_title=_("Bidding"),
        parent="guides",
        descriptions={
            "fr": "Bien enchérir au Spades : compter ses levées probables, As, Rois, longueurs "
            "et piques, et ajuster selon le partenaire et le score.",
            "en": "Bidding well in Spades: counting likely tricks from aces, kings, length and "
            "spades, and adjusting to your partner and the score.",
        },
        priority=0.5,
    ),
    Page(
        key="guide_nil",
        slugs={"fr": "guides/nul", "en": "guides/nil"},
        title=_("Nil and blind nil in Spades"),
        nav_title=_("Nil"),
        parent="guides",
        descriptions={
            "fr": "Le nul et le nul à l'aveugle au Spades : quand les annoncer, comment les "
            "jouer et comment le partenaire les protège.",
            "en": "Nil and blind nil in Spades: when to bid them, how to play them and how the "
            "partner protects them.",
        },
        priority=0.5,
    ),
    Page(
        key="guide_bags",
        slugs={"fr": "guides/sacs", "en": "guides/bags"},
        title=_("Bags (sandbags) in Spades"),
        nav_title=_("Bags"),
        parent="guides",
        descriptions={
            "fr": "Les sacs au Spades : d'où ils viennent, la pénalité par cycle et comment les "
            "gérer sans faire chuter son contrat.",
            "en": "Bags in Spades: where they come from, the penalty per cycle and how to manage "
            "them without going set.",
        },
        priority=0.5,
    ),
    Page(
        key="videos",
        slugs={"fr": "videos", "en": "videos"},
        title=_("Spades videos"),
        nav_title=_("Videos"),
        context="rules_pages.videos.page_context",
        listed="rules_pages.videos.has_videos",
        descriptions={
            "fr": "Des vidéos choisies pour découvrir le Spades et revoir ses règles. YouTube "
            "n'est contacté que si tu lances une vidéo.",
            "en": "Selected videos to discover Spades and go over its rules. YouTube is only "
            "contacted when you start a video.",
        },
        priority=0.4,
    ),
    Page(
        key="privacy",
        slugs={"fr": "confidentialite", "en": "privacy"},
        title=_("Privacy"),
        descriptions={
            "fr": "Ce que le site garde de toi : les cookies, les empreintes chiffrées d'adresse "
            "et de navigateur, pour quoi et combien de temps.",
            "en": "What the site keeps about you: its cookies, the keyed hashes of an address "
            "and a browser, what for and for how long.",
        },
        priority=0.2,
        toc=False,
    ),
)

PAGES_BY_KEY: dict[str, Page] = {page.key: page for page in PAGES}

#: The pages shown in the header navigation, in order (every listed page is linked from the footer).
NAV_KEYS: tuple[str, ...] = ("how_to_play", "guide", "strategy", "faq", "guides")


def get_page(key: str) -> Page:
    """The registry entry `key`; a KeyError names an unknown page early (templates, tags)."""
    return PAGES_BY_KEY[key]


def listed_pages(lang: str | None = None) -> list[Page]:
    """The pages linked from the footer (and the sitemap) in `lang`, in registry order."""
    return [page for page in PAGES if page.is_listed(lang)]


def breadcrumb_pages(page: Page) -> list[Page]:
    """The chain of pages from home to `page` (home alone for the home page)."""
    chain = [page]
    while chain[-1].key != "home":
        parent = chain[-1].parent or "home"
        chain.append(PAGES_BY_KEY[parent])
    return list(reversed(chain))
