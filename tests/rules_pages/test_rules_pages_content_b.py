"""Part B of the rules site: strategy, history, variants, related games, guides and videos pages.

Each page answers in both languages, the French pages state the facts of the seeds and rules.md,
rules numbers follow the engine's rules, and the bag example is the engine's own score.
"""

from __future__ import annotations

import html
import re

import pytest
from django import template
from django.urls import reverse
from django.utils.translation import override

from rules_pages.typography import signed
from spades import engine
from spades.engine import STANDARD_RULES, Rules, score_hand

PART_B_KEYS = (
    "strategy",
    "history",
    "variants",
    "related",
    "guides",
    "guide_bidding",
    "guide_nil",
    "guide_bags",
    "videos",
)

# The worked example of the bags guide (rules_pages/templates/rules_pages/*/guide_bags.html).
BAG_EXAMPLE_BIDS = {"N": 4, "E": 2, "S": 3, "W": 2}
BAG_EXAMPLE_TRICKS = {"N": 5, "E": 1, "S": 5, "W": 2}
BAG_EXAMPLE_EXACT_TRICKS = {"N": 4, "E": 3, "S": 3, "W": 3}
BAG_EXAMPLE_BEFORE = {"NS": {"score": 380, "bags": 8}, "EW": {"score": 210, "bags": 3}}


def url_of(key: str, lang: str) -> str:
    with override(lang):
        return reverse(f"rules_pages:{key}")


def page_text(response) -> str:
    """The visible text of the page's main content, whitespace collapsed."""
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", main))
    return " ".join(text.split())


def score_row(response, label: str) -> list[str]:
    """The two cells (North-South, East-West) of a row of the bag example's score table."""
    body = response.content.decode()
    match = re.search(rf'<th scope="row">{re.escape(label)}</th><td>(.*?)</td><td>(.*?)</td>', body)
    assert match, f"no row {label!r} in the score table"
    return [html.unescape(cell).strip() for cell in match.groups()]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("key", PART_B_KEYS)
def test_each_part_b_page_answers_in_both_languages(client, key, lang):
    response = client.get(url_of(key, lang))
    assert response.status_code == 200
    assert f'<html lang="{lang}"' in response.content.decode()
    assert len(page_text(response)) > 400


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("key", PART_B_KEYS)
def test_no_part_b_page_names_another_brand_and_each_uses_the_site_name(
    client, settings, key, lang
):
    settings.SITE_NAME = "Pique Test"
    text = page_text(client.get(url_of(key, lang)))
    assert "cards4" not in text.lower()
    if key not in {"guides", "related", "guide_bidding"}:
        assert "Pique Test" in text


FRENCH_FACTS: dict[str, list[str]] = {
    "strategy": [
        "plis presque sûrs",
        "plis conditionnels",
        "il est d'autant plus sûr que la couleur est courte",
        "peut tomber au deuxième tour",
        "longue couleur à pique",
        "couleur absente",
        "Ne passe pas par-dessus ton partenaire",
        "plus petite carte sûre",
        "qui ne peut plus fournir chaque couleur",
        "nombre de piques déjà joués",
        "Les petites cartes protègent",
        "Les grosses cartes mal gardées menacent",
        "Une couleur courte est à double tranchant",
        "se débarrasse de ses hautes cartes de façon légale",
        "sans ramasser au passage plus de plis que nécessaire",
        "Avec 7, 8 ou 9 sacs",
        "seulement une fois ton contrat assuré",
        "affiche le cycle de sacs à côté du score de chaque équipe",
    ],
    "history": [
        "famille du Whist",
        "États-Unis, dans les années 1930",
        "Ni son inventeur ni le lieu exact de sa naissance ne sont documentés",
        "pique est toujours l'atout",
        "les équipes, les contrats annoncés et la bataille des levées",
        "Seconde Guerre mondiale",
        "vie sociale afro-américaine",
        "pour le nul",
        "pour les jokers",
        "pour les sacs",
        "Microsoft Windows, sortie en 1992",
        "milieu des années 1990",
        "quatre joueurs en deux équipes, pique toujours atout, des contrats chiffrés, "
        "le nul en option et une pénalité tous les dix sacs",
        "Les règles maison ne sont pas pour autant des erreurs",
    ],
    "variants": [
        "52 cartes et sans joker",
        "chaque joueur annonce le nombre de piques qu'il a en main",
        "Le nul n'est possible qu'avec une main sans aucun pique",
        "annoncer le nombre de piques de sa main, ou un nul",
        "exactement un des deux partenaires annonce un nul",
        "au moins 4 plis après un nul, un nul après un nombre",
        "Joker Spades ajoute deux jokers au paquet et en retire le Deux de trèfle et le Deux "
        "de carreau",
        "le grand joker bat le petit, qui bat l'As de pique",
        "Certaines tables, selon leurs règles maison, n'ajoutent qu'un joker",
        "par exemple −200",
        "Annonce nulle autorisée (oui)",
        "Nul à l'aveugle autorisé (oui)",
        "Sacs par pénalité (10)",
        "Points perdus par pénalité de sacs (100)",
        "Score à atteindre (500)",
        "Score plancher (aucun)",
        "Chacun doit annoncer le nombre de piques",
    ],
    "related": ["Whist", "Bridge", "Dame de pique", "Oh Hell", "Call Break", "sans partenaire"],
    "guides": ["Bien enchérir", "Le nul et le nul à l'aveugle", "Les sacs"],
    "guide_bidding": [
        "de 0 à 13",
        "annonce 6 et prend 8 plis marque 62 points",
        "avec 5 plis seulement, elle marque −60",
        "Voici les 13 cartes reçues",
        "L'annonce raisonnable est 4",
        "Zéro n'est pas nul",
    ],
    "guide_nil": [
        "Un nul réussi rapporte 100 points",
        "le nul n'est proposé qu'à un joueur dont le partenaire n'a pas encore annoncé",
        "vaut 200 points",
        "dès que tu regardes tes cartes, il disparaît pour la donne",
        "Faire chuter un nul change le score de 200 points",
    ],
    "guide_bags": [
        "atteint 10 sacs, elle perd 100 points",
        "restent dans le cycle suivant",
        "calculés par le moteur du jeu",
        "Le contrat d'abord",
    ],
    "videos": ["ne contacte pas YouTube", "Aucune vidéo n'est publiée pour l'instant"],
}


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(FRENCH_FACTS))
def test_the_french_pages_state_their_facts(client, key):
    text = page_text(client.get(url_of(key, "fr")))
    missing = [fact for fact in FRENCH_FACTS[key] if fact not in text]
    assert not missing, missing


@pytest.mark.django_db
def test_the_strategy_page_links_to_the_three_guides(client):
    body = client.get(url_of("strategy", "fr")).content.decode()
    for key in ("guide_bidding", "guide_nil", "guide_bags"):
        assert f'href="{url_of(key, "fr")}"' in body


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_bidding_guide_draws_a_real_thirteen_card_hand(client, lang):
    body = client.get(url_of("guide_bidding", lang)).content.decode()
    block = body[body.index('class="example example-hand"') :]
    block = block[: block.index("</div>")]
    cards = re.findall(r'data-card="([2-9TJQKA][SHDC])"', block)
    assert len(cards) == 13
    assert len(set(cards)) == 13


def test_the_bag_example_is_scored_by_the_engine(client, db):
    expected = score_hand(STANDARD_RULES, BAG_EXAMPLE_BIDS, BAG_EXAMPLE_TRICKS, BAG_EXAMPLE_BEFORE)
    response = client.get(url_of("guide_bags", "fr"))
    assert score_row(response, "Total de la donne") == [
        signed(expected["NS"]["hand"]),
        signed(expected["EW"]["hand"]),
    ]
    assert score_row(response, "Nouveau score") == [
        signed(expected["NS"]["score"]),
        signed(expected["EW"]["score"]),
    ]
    assert score_row(response, "Sacs après la donne") == [
        str(expected["NS"]["bags"]),
        str(expected["EW"]["bags"]),
    ]
    # The example is chosen to show the penalty: made contract, yet a negative hand.
    assert expected["NS"]["bag_penalty"] == STANDARD_RULES.bag_penalty
    assert expected["NS"]["hand"] < 0
    exact = score_hand(
        STANDARD_RULES, BAG_EXAMPLE_BIDS, BAG_EXAMPLE_EXACT_TRICKS, BAG_EXAMPLE_BEFORE
    )
    text = page_text(response)
    assert (
        f"Nord-Sud {signed(exact['NS']['hand'])} points pour la donne "
        f"(score {signed(exact['NS']['score'])}" in text
    )


def test_the_bag_example_and_the_numbers_follow_a_change_of_rules(client, db, monkeypatch):
    changed = Rules(bag_limit=12, bag_penalty=150, target=350)
    monkeypatch.setattr(engine, "STANDARD_RULES", changed)
    expected = score_hand(changed, BAG_EXAMPLE_BIDS, BAG_EXAMPLE_TRICKS, BAG_EXAMPLE_BEFORE)
    assert expected["NS"]["bag_penalty"] == 0  # 8 + 3 bags no longer reach the limit
    response = client.get(url_of("guide_bags", "en"))
    assert score_row(response, "Hand total") == [
        signed(expected["NS"]["hand"]),
        signed(expected["EW"]["hand"]),
    ]
    assert score_row(response, "Bag penalty") == ["0", "0"]
    text = page_text(response)
    assert "reaches 12 bags, it loses 150 points" in text
    variants = page_text(client.get(url_of("variants", "fr")))
    assert "Score à atteindre (350)" in variants
    assert "Sacs par pénalité (12)" in variants
    strategy = page_text(client.get(url_of("strategy", "fr")))
    assert "Avec 9, 10 ou 11 sacs" in strategy


def test_the_score_example_tag_refuses_a_hand_that_does_not_have_thirteen_tricks():
    source = (
        '{% load examples %}{% score_example bids="N=1 E=1 S=1 W=1" '
        'tricks="N=1 E=1 S=1 W=1" as ex %}'
    )
    with pytest.raises(template.TemplateSyntaxError):
        template.Template(source).render(template.Context())


def test_the_score_example_tag_uses_the_rules_it_is_given():
    source = (
        '{% load examples %}{% score_example bids="N=nil E=3 S=4 W=3" '
        'tricks="N=1 E=3 S=4 W=5" as ex %}{{ ex.NS.hand }}/{{ ex.NS.bags_added }}'
    )
    bids = {"N": "nil", "E": 3, "S": 4, "W": 3}
    tricks = {"N": 1, "E": 3, "S": 4, "W": 5}
    for rules in (STANDARD_RULES, Rules(nil_tricks_count_for_contract=False)):
        expected = score_hand(rules, bids, tricks)["NS"]
        rendered = template.Template(source).render(template.Context({"R": {"rules": rules}}))
        assert rendered == f"{expected['hand']}/{expected['bags_added']}"
