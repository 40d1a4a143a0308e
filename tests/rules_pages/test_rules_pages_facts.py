"""The facts of the seeds (000 first, then 001 and 004, settled by rules.md) are on the French
pages, and the rules numbers on the pages follow the engine's rules and the settings."""

from __future__ import annotations

import re

import pytest

from rules_pages.pages import PAGES
from spades import engine
from spades.engine import Rules
from tests.support.rules_pages import fetch

pytestmark = pytest.mark.django_db

# (page key, phrase): each phrase must appear in the visible text of that French page.
FACTS: list[tuple[str, str]] = [
    # Seed 000, home and summary.
    ("home", "Sans compte et sans rien payer"),
    ("home", "des bots les prennent"),
    ("home", "le pique est toujours l'atout"),
    ("home", "vaut +100 ou −100, et le nul à l'aveugle +200 ou −200"),
    ("home", "tous les 10 sacs, l'équipe perd 100 points"),
    ("home", "10 points par pli annoncé, plus 1 point par pli en trop"),
    ("home", "avec 500 points ou plus remporte la partie"),
    # Seed 000 "Comment jouer", with 001's order of ranks, random first dealer, no pass.
    ("how_to_play", "Nord-Sud contre Est-Ouest"),
    ("how_to_play", "un jeu ordinaire de 52 cartes, sans joker"),
    ("how_to_play", "chacun reçoit 13 cartes"),
    ("how_to_play", "As, Roi, Dame, Valet, 10, 9, 8, 7, 6, 5, 4, 3, 2"),
    ("how_to_play", "le pique est toujours l'atout"),
    ("how_to_play", "Le premier donneur est tiré au sort"),
    ("how_to_play", "dans le sens des aiguilles d'une montre"),
    ("how_to_play", "Le joueur assis à gauche du donneur parle le premier"),
    ("how_to_play", "de 0 à 13"),
    ("how_to_play", "On ne peut pas passer, et une enchère annoncée ne se reprend plus"),
    ("how_to_play", "Le nul rapporte +100 s'il est tenu et coûte −100 sinon"),
    ("how_to_play", "qui vaut +200 ou −200"),
    ("how_to_play", "un zéro chiffré n'est pas un nul"),
    ("how_to_play", "il faut fournir"),
    ("how_to_play", "un pique pour couper, ou une carte d'une autre couleur pour se défausser"),
    ("how_to_play", "le plus haut pique le remporte"),
    ("how_to_play", "la plus haute carte de la couleur demandée"),
    ("how_to_play", "le gagnant ramasse le pli et entame le suivant"),
    ("how_to_play", "On ne peut pas entamer à pique tant que le pique n'a pas été « brisé »"),
    ("how_to_play", "un joueur qui n'a plus que des piques en main peut les entamer"),
    ("how_to_play", "l'équipe marque 62"),
    ("how_to_play", "elle chute et marque −60"),
    ("how_to_play", "dès qu'une équipe en totalise 10, elle perd 100 points"),
    ("how_to_play", "atteint ou dépasse 500 points à la fin d'une donne"),
    ("how_to_play", "En cas d'égalité, on joue une donne de plus"),
    ("how_to_play", "Les scores peuvent passer en négatif"),
    # Seed 000 "Guide détaillé", with rules.md's decisions.
    ("guide", "Nord et Sud jouent ensemble contre Est et Ouest"),
    ("guide", "l'As est la plus forte carte et le Deux la plus faible"),
    ("guide", "Même le plus petit d'entre eux l'emporte sur un As d'une autre couleur"),
    ("guide", "restent l'atout pendant toute la partie"),
    ("guide", "le premier donneur est désigné au hasard"),
    ("guide", "Il n'y a ni talon ni échange de cartes"),
    ("guide", "le rôle de donneur passe au joueur suivant, toujours dans le sens horaire"),
    ("guide", "Passer est impossible, et une enchère est définitive"),
    ("guide", "verrouillée avant que le premier pli commence"),
    ("guide", "annonce 6 et ramasse 8 plis marque 62 points et reçoit 2 sacs"),
    ("guide", "si elle ne fait que 5 plis, elle chute et marque −60"),
    ("guide", "Annoncer « 0 » n'est pas annoncer un nul"),
    ("guide", "Les quatre joueurs peuvent même tous annoncer zéro"),
    ("guide", "ici, 0 point et 0 sac pour chaque équipe"),
    ("guide", "il rapporte 100 points à son équipe"),
    ("guide", "il vaut 200 points s'il réussit et en coûte 200 s'il échoue"),
    ("guide", "Dans chaque équipe, seul le premier à enchérir peut donc le choisir"),
    ("guide", "avant de regarder ses cartes"),
    ("guide", "ta main reste cachée"),
    ("guide", "y compris ceux du joueur qui a raté son nul"),
    ("guide", "ces plis ne comptent pas pour le contrat, et chacun devient un sac"),
    ("guide", "soit −59 et 1 sac"),
    ("guide", "Score : −138"),
    ("guide", "Certaines tables désactivent le nul à l'aveugle"),
    ("guide", "Le joueur à gauche du donneur entame le premier pli"),
    ("guide", "Fournir est obligatoire"),
    ("guide", "Le gagnant du pli entame le suivant"),
    ("guide", "Une donne se termine après 13 plis"),
    ("guide", "Chaque fois que ce compteur atteint 10, l'équipe perd 100 points"),
    ("guide", "les sacs en excédent restent acquis pour le cycle suivant"),
    ("guide", "la pénalité de 100 points tombe, et il reste 1 sac"),
    ("guide", "annoncer systématiquement moins que ce que l'on peut faire finit par coûter cher"),
    ("guide", "atteint ou dépassé 500 points"),
    ("guide", "on joue une donne supplémentaire"),
    ("guide", "peuvent faire passer un score sous zéro"),
    ("guide", "descend à −200 points ou moins"),
    ("guide", "Mirror"),
    ("guide", "le nul n'est possible qu'avec une main sans pique"),
    ("guide", "Whiz"),
    ("guide", "Suicide"),
    ("guide", "Joker Spades"),
    ("guide", "Chaque joueur ne reçoit de lui que ses propres cartes et ce qui est public"),
    ("guide", "ouverte aux invités sans compte"),
    ("guide", "au bout de 15 secondes sont confiés à des bots"),
    ("guide", "L'hôte peut lancer la partie quand il le souhaite ; des bots prennent alors"),
    (
        "guide",
        "La discussion est facultative, et chaque joueur peut rendre muet n'importe quel siège",
    ),
    ("guide", "Un bot ne voit que ce que verrait un joueur à sa place"),
    ("guide", "joue sa plus petite carte autorisée"),
    ("guide", "protège le nul de son partenaire"),
    ("guide", "suit en plus les cartes maîtresses restantes"),
    ("guide", "Difficile gagne environ quatre matchs sur cinq contre Normal"),  # bench/README
    # Seed 000's FAQ (and a few more).
    ("faq", "pas un nombre exact"),
    ("faq", "Quatre zéros chiffrés sont une enchère valable"),
    ("faq", "ni points ordinaires ni sacs"),
    ("faq", "Seulement le premier joueur de chaque équipe à enchérir"),
    ("faq", "après 15 secondes"),
    ("faq", "marque 62 points ; avec 5 plis seulement, elle marque −60"),
    ("faq", "+200 ou −200"),
    # Corrections: what the engine and rules.md do.
    ("faq", "En Suicide, dans chaque équipe, exactement un des deux partenaires annonce un nul"),
    ("faq", "par un joueur qui n'a plus que des piques en main et en entame un"),
    ("how_to_play", "ou dès qu'un joueur qui n'a plus que des piques en main en entame un"),
    ("guide", "ou par un joueur qui n'a plus que des piques en main et en entame un"),
    ("faq", "ajoute deux jokers, plus forts que tous les piques, et retire le Deux de trèfle et"),
    (
        "guide",
        "deux jokers sont ajoutés au-dessus de l'As de pique, et le Deux de trèfle et le Deux",
    ),
    ("guide", "exactement un des deux partenaires annonce nul"),
    # The site's name after "de" and "que", elided.
    ("faq", "le mode standard d'Atout Pique"),
    ("faq", "une table d'Atout Pique"),
    ("guide", "le mode standard d'Atout Pique"),
    ("history", "C'est ce socle qu'Atout Pique joue par défaut"),
]


@pytest.fixture
def french_pages(client):
    pages = {key for key, _ in FACTS}
    return {key: fetch(client, key, "fr").main_text for key in pages}


@pytest.mark.parametrize(("key", "phrase"), FACTS)
def test_each_fact_of_the_seeds_is_stated_on_the_french_pages(french_pages, key, phrase):
    assert phrase in french_pages[key]


def test_the_bot_delay_on_the_pages_is_the_setting(client, settings):
    settings.QUICK_TABLE_BOT_DELAY = 7
    home = fetch(client, "home", "fr").main_text
    guide = fetch(client, "guide", "fr").main_text
    faq = fetch(client, "faq", "en").main_text
    assert "plus de 7 secondes" in home and "15 secondes" not in home
    assert "au bout de 7 secondes" in guide and "15 secondes" not in guide
    assert "after 7 seconds" in faq and "15 seconds" not in faq


def test_the_rules_numbers_on_the_pages_follow_the_engines_rules(client, monkeypatch):
    monkeypatch.setattr(engine, "STANDARD_RULES", Rules(target=300, bag_limit=5, bag_penalty=50))
    home = fetch(client, "home", "fr").main_text
    how = fetch(client, "how_to_play", "fr").main_text
    faq = fetch(client, "faq", "fr").main_text
    assert "tous les 5 sacs, l'équipe perd 50 points" in home
    assert "avec 300 points ou plus" in home and "500" not in home
    assert "atteint ou dépasse 300 points" in how
    assert "Dès qu'une équipe a 300 points ou plus" in faq


def test_the_failed_nil_example_follows_the_nil_tricks_option(client, monkeypatch):
    """With the option on by default, the 'standard' line of the example shows the other rule."""
    rules = Rules(nil_tricks_count_for_contract=False)
    monkeypatch.setattr(engine, "STANDARD_RULES", rules)
    guide = fetch(client, "guide", "fr").main_text
    # Both lines of the example now use the option, so both show its score.
    assert "soit −138" in guide and "soit −59" not in guide


def test_the_english_pages_translate_the_same_facts(client):
    how = fetch(client, "how_to_play", "en").main_text
    guide = fetch(client, "guide", "en").main_text
    assert "spades are always trumps" in how
    assert "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2" in how
    assert "The first dealer is drawn at random" in how
    assert "bids 6 and takes 8 tricks scores 62 points and gets 2 bags" in guide
    assert "it is set and scores −60" in guide
    assert "only the first to bid can choose it" in guide
    assert "after 15 seconds are given to bots" in guide
    assert "Hard wins about four matches in five against Normal" in guide


#: Statements that were wrong or ahead of the site: none of them may come back.
WRONG: list[tuple[str, str, str]] = [
    ("faq", "fr", "au moins un nul"),
    ("faq", "en", "at least one nil"),
    ("faq", "fr", "un ou deux jokers"),
    ("faq", "en", "one or two jokers"),
    ("guide", "fr", "un ou deux jokers"),
    ("guide", "en", "one or two jokers"),
    ("variants", "fr", "un ou deux jokers"),
    ("variants", "en", "one or two jokers"),
    ("faq", "fr", "de Atout Pique"),
    ("guide", "fr", "de Atout Pique"),
    ("history", "fr", "que Atout Pique"),
]


@pytest.mark.parametrize(("key", "lang", "phrase"), WRONG)
def test_no_page_repeats_a_corrected_statement(client, key, lang, phrase):
    assert phrase not in fetch(client, key, lang).main_text


def test_spades_are_not_said_to_break_only_when_someone_trumps(client):
    for key in ("how_to_play", "guide", "faq"):
        french = fetch(client, key, "fr").main_text
        english = fetch(client, key, "en").main_text
        assert "en entame un" in french, key
        assert "leads one" in english, key


RANKED_PAGES = ("home", "faq", "guide")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_pages_say_nothing_of_ranked_play_while_the_site_has_none(client, settings, lang):
    settings.RANKED_PLAY = False
    for key in RANKED_PAGES:
        text = fetch(client, key, lang).main_text.lower()
        assert "classé" not in text and "ranked" not in text, key
        assert "matchmaking" not in text, key


def test_the_pages_describe_ranked_play_once_it_is_built(client, settings):
    settings.RANKED_PLAY = True
    assert (
        "Les parties classées demandent simplement un compte"
        in fetch(client, "home", "fr").main_text
    )
    assert "Seules les parties classées" in fetch(client, "faq", "fr").main_text
    guide = fetch(client, "guide", "fr").main_text
    assert "Trois sortes de tables" in guide and "il faut être connecté" in guide
    assert "Ranked games just need an account" in fetch(client, "home", "en").main_text
    for key in RANKED_PAGES:
        assert "matchmaking" not in fetch(client, key, "fr").main_text


def test_the_site_name_elides_on_the_pages_whatever_it_is(client, settings):
    settings.SITE_NAME = "Belote Club"
    assert "le mode standard de Belote Club" in fetch(client, "faq", "fr").main_text
    assert "C'est ce socle que Belote Club joue" in fetch(client, "history", "fr").main_text
    settings.SITE_NAME = "Espace Cartes"
    assert "le mode standard d'Espace Cartes" in fetch(client, "guide", "fr").main_text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_negative_numbers_on_the_pages_take_the_typographic_minus(client, lang):
    for page in PAGES:
        text = fetch(client, page, lang).main_text
        assert not re.findall(r"(?<![\w-])-\d", text), (page.key, lang)


def test_the_french_pages_say_discussion_for_the_chat_and_never_matchmaking(client):
    for page in PAGES:
        text = fetch(client, page, "fr").main_text.lower()
        assert not re.search(r"\bchat\b", text), page.key
        assert "matchmaking" not in text, page.key


def test_a_one_second_bot_delay_is_said_in_the_singular(client, settings):
    settings.QUICK_TABLE_BOT_DELAY = 1
    for key in ("home", "guide", "faq", "how_to_play"):
        text = fetch(client, key, "fr").main_text
        assert "1 secondes" not in text, key
    assert "après 1 seconde." in fetch(client, "home", "fr").main_text
    assert "au bout de 1 seconde" in fetch(client, "guide", "fr").main_text
    assert "after 1 second." in fetch(client, "home", "en").main_text
