"""The FAQ: one list of (question, answer) per language, shown as HTML and as FAQPage JSON-LD.

Both renderings come from the same list, so the visible text and the structured data never differ.
Answers are plain text with `{name}` fields filled from the rules numbers (rules_pages/numbers.py),
so no rules number is typed here either.
"""

from __future__ import annotations

import json
import string
from typing import Any

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import override

from rules_pages.numbers import rules_numbers
from rules_pages.pages import current_language
from rules_pages.typography import elide, quantity, signed

FAQ: dict[str, list[tuple[str, str]]] = {
    "fr": [
        (
            "Faut-il réaliser exactement le nombre de plis annoncé ?",
            "Non. Les deux enchères chiffrées de l'équipe forment un minimum à atteindre, pas un "
            "nombre exact. Chaque pli pris en plus rapporte {points_per_trick_one:point,points} et compte "
            "comme un sac. En revanche, une équipe qui reste en dessous de son contrat chute : "
            "elle perd {points_per_trick:point,points} par pli annoncé. Une équipe qui annonce "
            "{made_contract} et prend {made_tricks:pli,plis} marque {made_points:point,points} ; avec "
            "{set_tricks:pli,plis} seulement, elle marque {set_points}.",
        ),
        (
            "Qu'est-ce qu'un nul (nil) ?",
            "Le nul est un engagement personnel : le joueur qui l'annonce promet de ne remporter "
            "aucun pli de la donne. S'il tient parole, son équipe gagne {nil_points:point,points} ; au "
            "premier pli qu'il ramasse, le nul est perdu et l'équipe en perd {nil_points}. Le nul "
            "à l'aveugle double l'enjeu : +{blind_nil_points} ou −{blind_nil_points}. Ce résultat "
            "s'ajoute à celui du contrat du partenaire, calculé à part.",
        ),
        (
            "Que sont les sacs (sandbags) ?",
            "Un sac est un pli pris au-delà d'un contrat réussi. Il rapporte tout de suite "
            "{points_per_trick_one:point,points}, mais il s'ajoute aussi à un compteur qui ne se remet "
            "pas à zéro entre les donnes. Chaque fois que ce compteur atteint {bag_limit}, "
            "l'équipe perd {bag_penalty:point,points} et {bag_limit:sac,sacs} sont retirés du compteur ; "
            "le reste est conservé pour le cycle suivant. Certaines tables fixent d'autres "
            "valeurs, mais l'idée reste la même.",
        ),
        (
            "À partir de quand peut-on entamer à pique ?",
            "Dès que le pique est « brisé », c'est-à-dire dès qu'un pique a été joué dans la "
            "donne : par un joueur qui coupe, faute de pouvoir fournir, ou par un joueur qui "
            "n'a plus que des piques en main et en entame un. Avant cela, on ne peut ouvrir un "
            "pli à pique que si l'on n'a plus que des piques en main.",
        ),
        (
            "Est-on obligé de fournir à la couleur demandée ?",
            "Oui. Si tu as au moins une carte de la couleur entamée, tu dois en jouer une. "
            "C'est seulement quand tu n'en as plus que tu peux couper avec un pique ou "
            "te défausser d'une carte d'une autre couleur.",
        ),
        (
            "Quelles différences entre Mirror, Whiz, Suicide et Joker Spades ?",
            "En Mirror, chacun annonce en principe autant de plis qu'il a de piques, et le nul "
            "n'est permis qu'avec zéro pique en main. En Whiz, on annonce ce nombre de piques ou "
            "un nul. En Suicide, dans chaque équipe, exactement un des deux partenaires annonce "
            "un nul. Le Joker Spades ajoute deux jokers, plus forts que tous les piques, et "
            "retire le Deux de trèfle et le Deux de carreau. Aucune de ces variantes n'est le "
            "mode standard {of_site_name}, qui se joue avec {deck:carte,cartes} sans joker.",
        ),
        (
            "Que se passe-t-il si les quatre joueurs annoncent zéro ?",
            "Un zéro chiffré n'est pas un nul. Quatre zéros chiffrés sont une enchère valable : "
            "les deux équipes ont un contrat de zéro, qui ne rapporte ni points ordinaires ni "
            "sacs, et la donne se joue quand même. Un vrai nul, lui, garde son propre résultat "
            "de +{nil_points} ou −{nil_points}.",
        ),
        (
            "Peut-on jouer sans compte ?",
            "Oui : aucun compte n'est demandé pour s'asseoir aux tables rapides ou privées. À une "
            "table rapide, les places encore vides après {bot_delay:seconde,secondes} sont prises "
            "par des bots.{ranked_fr}",
        ),
        (
            "Qui peut annoncer un nul à l'aveugle ?",
            "Seulement le premier joueur de chaque équipe à enchérir, et seulement avant d'avoir "
            "regardé ses cartes. Tant que le nul à l'aveugle t'est proposé, ta main reste "
            "cachée : tu choisis soit de l'annoncer, soit de regarder tes cartes, ce qui y "
            "renonce pour cette donne. Le nul simple disparaît lui aussi dès que ton partenaire "
            "a enchéri.",
        ),
        (
            "Que deviennent les plis d'un joueur qui a raté son nul ?",
            "Dans le mode standard {of_site_name}, ils comptent pour le contrat de son "
            "partenaire, avec tous les plis de l'équipe. Une option de table applique la règle "
            "souvent citée ailleurs : ces plis ne comptent pas pour le contrat, mais chacun "
            "devient un sac ({points_per_trick_one:point,points} et un sac de plus).",
        ),
        (
            "Comment la partie se termine-t-elle, et en cas d'égalité ?",
            "Le score est vérifié après chaque donne complète. Dès qu'une équipe a {target:point,points} "
            "ou plus, la partie s'arrête et le meilleur score l'emporte. Si les deux "
            "équipes sont à égalité, on joue une donne de plus. Une table peut aussi fixer un "
            "plancher, par exemple {loss_floor_example:point,points}, qui termine la partie par le "
            "bas ; le mode standard n'en a pas. Elle peut enfin limiter le nombre de donnes : "
            "après la dernière, l'équipe en tête gagne (à égalité, on joue une donne de plus, "
            "jusqu'à ce que l'égalité soit rompue).{quick_end_fr}",
        ),
        (
            "Peut-on passer ou changer son enchère ?",
            "Non. Tout le monde annonce un nombre de 0 à {max_bid} (ou un nul s'il lui est "
            "proposé) ; il n'est pas possible de passer. Une enchère faite est définitive et ne "
            "peut plus être modifiée.",
        ),
        (
            "Les bots voient-ils mes cartes ?",
            "Non. Un bot ne reçoit que ce que recevrait un joueur à sa place : sa propre main, "
            "les cartes déjà jouées, l'historique public de la donne et la liste des coups "
            "permis. Le serveur garde l'état complet de la partie et n'envoie à chacun que sa "
            "main.",
        ),
        (
            "Comment savoir que la donne n'est pas truquée ?",
            "Tu peux le vérifier toi-même, pour chaque main. Avant de distribuer, le serveur tire "
            "au hasard une graine secrète de 32 octets (64 chiffres hexadécimaux) que personne ne "
            "choisit, pas même le site. Avant la première enchère, toute la table voit son "
            "engagement : l'empreinte SHA-256 du texte « table=…;match=…;hand=… » suivi d'une "
            "barre « | » et de la graine. Une empreinte ne laisse pas deviner la graine, mais une "
            "fois affichée, aucune autre graine ne la redonne : les cartes ne peuvent plus changer "
            "sans que cela se voie. La graine est révélée à la fin de la main. Elle produit une "
            "suite de nombres (le SHA-256 de la graine suivie d'un compteur 0, 1, 2…) qui mélange "
            "le paquet, rangé de 2 à As en pique, cœur, carreau puis trèfle, en partant de la "
            "dernière carte ; puis les cartes sont données une à une en commençant par le joueur "
            "à gauche du donneur. Exemple : avec une graine faite de 64 zéros, pour la main 1 de "
            "la partie 1 à la table 1, l'engagement vaut "
            "cfd7a26b1efd5aab2036a574894853ba349d88d429c5741fe4acf00c3db184b5 ; si Nord donne, "
            "Est reçoit d'abord le 3 de pique, puis le valet de trèfle et le 2 de pique. Sur la "
            "page d'une partie terminée, le bouton « Vérifier » refait ces calculs dans ton "
            "navigateur ; l'historique téléchargé se vérifie aussi avec la commande « python -m "
            "spades.engine verify ».",
        ),
    ],
    "en": [
        (
            "Do you have to take exactly the number of tricks you bid?",
            "No. The two numeric bids of a partnership are a minimum to reach, not an exact "
            "number. Each extra trick earns {points_per_trick_one:point,points} and counts as a bag. "
            "A partnership that falls short of its contract is set: it loses "
            "{points_per_trick:point,points} per trick bid. A partnership that bids {made_contract} and takes "
            "{made_tricks:trick,tricks} scores {made_points:point,points}; with only {set_tricks:trick,tricks} it "
            "scores {set_points}.",
        ),
        (
            "What is a nil bid?",
            "Nil is a personal commitment: the player who bids it promises to win no trick at "
            "all in the hand. If they keep their word, the partnership gains "
            "{nil_points:point,points}; as soon as they take a trick, the nil fails and the partnership loses "
            "{nil_points}. Blind nil doubles the stakes: +{blind_nil_points} or "
            "−{blind_nil_points}. This result is added to the partner's contract, which is "
            "scored separately.",
        ),
        (
            "What are bags (sandbags)?",
            "A bag is a trick taken beyond a contract that was made. It earns "
            "{points_per_trick_one:point,points} at once, but it also goes into a counter that is not "
            "reset between hands. Each time the counter reaches {bag_limit}, the partnership "
            "loses {bag_penalty:point,points} and {bag_limit:bag,bags} leave the counter; the rest stays "
            "for the next cycle. Some tables use other values, but the idea is the same.",
        ),
        (
            "When can I lead spades?",
            "Once spades are \u201cbroken\u201d, that is once a spade has been played in the hand: "
            "by a player who trumps because they cannot follow, or by a player who holds nothing "
            "but spades and leads one. Before that, you may lead a spade only if you hold nothing "
            "but spades.",
        ),
        (
            "Do I have to follow suit?",
            "Yes. If you hold at least one card of the suit led, you must play one. Only when "
            "you have none left may you trump with a spade or discard a card of another suit.",
        ),
        (
            "How do Mirror, Whiz, Suicide and Joker Spades differ?",
            "In Mirror, each player usually bids as many tricks as they hold spades, and nil is "
            "kept for a hand without spades. In Whiz, you bid that number of spades or nil. In "
            "Suicide, exactly one of the two partners in each partnership bids nil. Joker Spades "
            "adds two jokers that beat every spade and takes out the Two of clubs and the Two "
            "of diamonds. None of these variants is {site_name}'s standard "
            "game, which uses {deck:card,cards} and no joker.",
        ),
        (
            "What happens if all four players bid zero?",
            "A numeric zero is not a nil. Four numeric zeros are a legal auction: both "
            "partnerships have a contract of zero, which scores no ordinary points and no bags, "
            "and the hand is still played. A real nil keeps its own result of +{nil_points} or "
            "−{nil_points}.",
        ),
        (
            "Can I play without an account?",
            "Yes. Guests can sit at quick tables and at private tables. At a quick table, the "
            "seats still empty after {bot_delay:second,seconds} are taken by bots.{ranked_en}",
        ),
        (
            "Who may bid blind nil?",
            "Only the first player of each partnership to bid, and only before looking at their "
            "cards. While blind nil is offered to you, your hand stays hidden: you either bid "
            "it or choose to look at your cards, which gives it up for this hand. Plain nil also "
            "disappears as soon as your partner has bid.",
        ),
        (
            "What happens to the tricks of a player whose nil failed?",
            "In {site_name}'s standard game, they count toward the partner's contract, together "
            "with all of the partnership's tricks. A table option applies the rule often quoted "
            "elsewhere: those tricks do not count toward the contract, but each one becomes a "
            "bag ({points_per_trick_one:point,points} and one more bag).",
        ),
        (
            "How does the match end, and what about a tie?",
            "The score is checked after each complete hand. As soon as a partnership has "
            "{target:point,points} or more, the match stops and the higher score wins. If the two "
            "partnerships are tied, one more hand is played. A table may also set a floor, for "
            "example {loss_floor_example:point,points}, that ends the match from below; the standard "
            "game has none. And it may limit the number of hands: after the last one, the "
            "partnership ahead wins (tied, one more hand is played, until the tie breaks)."
            "{quick_end_en}",
        ),
        (
            "Can I pass or change my bid?",
            "No. Every player must bid a number from 0 to {max_bid} (or nil when it is "
            "offered); passing is not allowed. A bid, once made, is final and cannot be changed.",
        ),
        (
            "Can the bots see my cards?",
            "No. A bot receives only what a player in its seat would receive: its own hand, the "
            "cards already played, the public history of the hand and the list of legal moves. "
            "The server keeps the whole match state and sends each player only their own hand.",
        ),
        (
            "How can I tell the deal is not rigged?",
            "You can check it yourself, hand by hand. Before dealing, the server draws a secret "
            "seed of 32 random bytes (64 hexadecimal digits) that nobody chooses, the site "
            "included. Before the first bid, everyone at the table sees its commitment: the "
            "SHA-256 fingerprint of the text \u201ctable=\u2026;match=\u2026;hand=\u2026\u201d "
            "followed by a bar \u201c|\u201d and the seed. A fingerprint gives the seed away "
            "to nobody, but once it is shown no other seed gives it: the cards can no longer "
            "change without it showing. The seed is revealed when the hand ends. It makes a "
            "stream of numbers (the SHA-256 of the seed followed by a counter 0, 1, 2\u2026) that "
            "shuffles the deck, sorted from Two to Ace in spades, hearts, diamonds then clubs, "
            "starting from the last card; the cards are then dealt one at a time, starting with "
            "the player to the dealer's left. Example: with a seed of 64 zeros, for hand 1 of "
            "match 1 at table 1, the commitment is "
            "cfd7a26b1efd5aab2036a574894853ba349d88d429c5741fe4acf00c3db184b5; if North deals, "
            "East first receives the Three of spades, then the Jack of clubs and the Two of "
            "spades. On the page of a finished match, the \u201cCheck\u201d button does these "
            "sums again in your browser; the downloaded hand history can also be checked with "
            "the command \u201cpython -m spades.engine verify\u201d.",
        ),
    ],
}

#: The answers a link points at (the match page's "How it works"): question -> HTML id.
ANCHORS = {
    "Comment savoir que la donne n'est pas truquée ?": "fair-deals",
    "How can I tell the deal is not rigged?": "fair-deals",
}


#: Said only once ranked play exists (settings.RANKED_PLAY): the pages describe what the site does.
RANKED_SENTENCES = {
    "ranked_fr": " Seules les parties classées, où le site forme les tables et tient un classement, "
    "demandent d'être connecté.",
    "ranked_en": " Only ranked games, where the site makes up the tables and keeps ratings, "
    "require you to log in.",
}


# Quick tables' own end (settings.QUICK_TABLE_LOSS_FLOOR and QUICK_TABLE_HAND_LIMIT), said when
# both are set.
QUICK_END_SENTENCES = {
    "quick_end_fr": " Les tables rapides ont les deux : la partie y est perdue à {floor:point,points} et "
    "s'arrête après {hands:donne,donnes}.",
    "quick_end_en": " Quick tables have both: a match there is lost at {floor:point,points} and stops after "
    "{hands:hand,hands}.",
}


def _quick_end(text: str) -> str:
    from django.conf import settings

    floor, hands = settings.QUICK_TABLE_LOSS_FLOOR, settings.QUICK_TABLE_HAND_LIMIT
    if floor is None or hands is None:
        return ""
    return _AnswerFormatter().format(text, floor=floor, hands=hands)


class _AnswerFormatter(string.Formatter):
    """`{n:pli,plis}` prints the number with its noun in the right number; every number takes
    the typographic minus when it is negative."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "," in format_spec and isinstance(value, int | float):
            return quantity(value, format_spec)
        if isinstance(value, int | float) and not format_spec:
            return signed(value)
        return super().format_field(value, format_spec)


def faq_values() -> dict[str, Any]:
    """The `{name}` fields of the answers, from the rules numbers and the settings."""
    from django.conf import settings

    numbers = rules_numbers()
    return {
        "site_name": settings.SITE_NAME,
        "of_site_name": elide("de", settings.SITE_NAME),
        **{key: text if settings.RANKED_PLAY else "" for key, text in RANKED_SENTENCES.items()},
        **{key: _quick_end(text) for key, text in QUICK_END_SENTENCES.items()},
        "target": numbers["target"],
        "bag_limit": numbers["bag_limit"],
        "bag_penalty": numbers["bag_penalty"],
        "nil_points": numbers["nil_points"],
        "blind_nil_points": numbers["blind_nil_points"],
        "points_per_trick": numbers["points_per_trick"],
        "points_per_trick_one": numbers["overtrick_points"],
        "made_contract": numbers["made_example"]["contract"],
        "made_tricks": numbers["made_example"]["tricks"],
        "made_points": numbers["made_example"]["hand"],
        "set_tricks": numbers["set_example"]["tricks"],
        "set_points": numbers["set_example"]["hand"],
        "bot_delay": numbers["bot_delay"],
        "deck": numbers["deck"],
        "max_bid": numbers["max_bid"],
        "loss_floor_example": numbers["loss_floor_example"],
    }


def faq_items(lang: str | None = None) -> list[dict[str, str]]:
    """The questions and answers of `lang` with their numbers filled in."""
    lang = lang or current_language()
    values = faq_values()
    with override(lang):  # the plural rule of the answers' language
        return [
            {
                "question": q,
                "answer": _AnswerFormatter().format(a, **values),
                "anchor": ANCHORS.get(q, ""),
            }
            for q, a in FAQ[lang]
        ]


def faq_json_ld(items: list[dict[str, str]]) -> SafeString:
    """FAQPage structured data, safe to put inside <script type="application/ld+json">."""
    data = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": item["question"],
                "acceptedAnswer": {"@type": "Answer", "text": item["answer"]},
            }
            for item in items
        ],
    }
    text = json.dumps(data, ensure_ascii=False, indent=1)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escaped)
    # With <, > and & escaped, the JSON cannot close the script element it sits in.
    return mark_safe(text)


def page_context(request: HttpRequest) -> dict[str, Any]:
    """Context of the FAQ page (registered in rules_pages/pages.py)."""
    items = faq_items()
    return {"faq_items": items, "faq_json_ld": faq_json_ld(items)}
