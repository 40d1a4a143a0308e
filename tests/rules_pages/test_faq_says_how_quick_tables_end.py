"""The FAQ says how a match ends with the hand limit, and the quick tables' own floor and limit,
from the settings the tables are made with (issue 28)."""

from __future__ import annotations

from rules_pages.faq import faq_items


def answer_on_the_end(lang: str) -> str:
    words = {"fr": "égalité", "en": "tie"}[lang]
    answer = next(item["answer"] for item in faq_items(lang) if words in item["question"])
    return answer.replace("\xa0", " ")  # the numbers hold to their nouns


def test_the_faq_says_quick_tables_end_at_their_floor_and_hand_limit():
    assert (
        "Les tables rapides ont les deux : la partie y est perdue à −500 points et s'arrête après 20 donnes."
        in answer_on_the_end("fr")
    )
    assert (
        "Quick tables have both: a match there is lost at −500 points and stops after 20 hands."
        in answer_on_the_end("en")
    )
    assert "the partnership ahead wins (tied, one more hand is played" in answer_on_the_end("en")


def test_the_faq_follows_the_quick_tables_settings(settings):
    settings.QUICK_TABLE_LOSS_FLOOR = -300
    settings.QUICK_TABLE_HAND_LIMIT = 12
    assert "perdue à −300 points et s'arrête après 12 donnes" in answer_on_the_end("fr")
    settings.QUICK_TABLE_HAND_LIMIT = None
    assert "tables rapides" not in answer_on_the_end("fr")
