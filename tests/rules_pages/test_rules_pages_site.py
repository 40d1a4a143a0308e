"""The rules site as a whole: every registry page in both languages, with its metadata, links
between languages, the sitemap, robots.txt, the `/` redirect and well-ordered headings."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.translation import override

from rules_pages.faq import FAQ
from rules_pages.models import Video
from rules_pages.pages import LANGUAGES, PAGES
from tests.support.rules_pages import fetch, json_ld_objects, normalize, parse, strip_tags, url_of

pytestmark = pytest.mark.django_db

ALL_PAGES = [(page.key, lang) for page in PAGES for lang in LANGUAGES]


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def test_the_registry_has_every_page_of_the_brief_with_its_two_slugs():
    slugs = {page.key: (page.slugs["fr"], page.slugs["en"]) for page in PAGES}
    assert slugs == {
        "home": ("", ""),
        "how_to_play": ("comment-jouer", "how-to-play"),
        "guide": ("guide-detaille", "detailed-guide"),
        "strategy": ("strategie", "strategy"),
        "history": ("histoire", "history"),
        "faq": ("faq", "faq"),
        "variants": ("variantes", "variants"),
        "related": ("jeux-associes", "related-games"),
        "guides": ("guides", "guides"),
        "guide_bidding": ("guides/encheres", "guides/bidding"),
        "guide_nil": ("guides/nul", "guides/nil"),
        "guide_bags": ("guides/sacs", "guides/bags"),
        "videos": ("videos", "videos"),
        "privacy": ("confidentialite", "privacy"),
    }


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_every_registry_page_answers_at_its_slug_in_the_right_language(client, key, lang):
    page = next(p for p in PAGES if p.key == key)
    path = f"/{lang}/{page.slugs[lang]}/" if page.slugs[lang] else f"/{lang}/"
    assert url_of(key, lang) == path
    response = client.get(path)
    assert response.status_code == 200
    parsed = parse(response.content)
    assert parsed.lang == lang
    assert len(parsed.main_text) > 300


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_every_page_has_its_own_canonical_link_and_hreflang_alternates(client, key, lang):
    parsed = fetch(client, key, lang)
    assert parsed.canonical == absolute(url_of(key, lang))
    assert parsed.alternates == {
        "fr": absolute(url_of(key, "fr")),
        "en": absolute(url_of(key, "en")),
        "x-default": absolute(url_of(key, "fr")),
    }
    assert parsed.description and len(parsed.description) > 50
    assert settings.SITE_NAME in parsed.title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_titles_and_descriptions_differ_from_page_to_page(client, lang):
    parsed = [fetch(client, page, lang) for page in PAGES]
    titles = [p.title for p in parsed]
    descriptions = [p.description for p in parsed]
    assert len(set(titles)) == len(PAGES), titles
    assert len(set(descriptions)) == len(PAGES), descriptions


def test_french_and_english_titles_are_in_their_own_language(client):
    assert fetch(client, "how_to_play", "fr").title.startswith("Comment jouer au Spades")
    assert fetch(client, "how_to_play", "en").title.startswith("How to play Spades")


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_the_language_switch_goes_to_the_same_page_in_the_other_language(client, key, lang):
    other = next(code for code in LANGUAGES if code != lang)
    parsed = fetch(client, key, lang)
    switch = [link for link in parsed.links if link.get("hreflang") == other]
    assert switch, "no link to the other language"
    assert switch[0]["href"] == url_of(key, other)


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_headings_come_in_order_under_a_single_h1(client, key, lang):
    levels = [level for level, _ in fetch(client, key, lang).headings]
    assert levels.count(1) == 1
    assert levels[0] == 1
    for before, after in pairwise(levels):
        assert after <= before + 1, levels


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_every_page_has_a_skip_link_to_the_main_content(client, key, lang):
    parsed = fetch(client, key, lang)
    assert parsed.links[0]["href"] == "#main"
    assert "main" in parsed.ids


def test_a_page_does_not_exist_under_the_other_languages_slug(client):
    assert client.get("/en/comment-jouer/").status_code == 404
    assert client.get("/fr/how-to-play/").status_code == 404
    assert client.get("/en/guides/encheres/").status_code == 404


def sitemap_entries(client) -> dict[str, dict[str, str]]:
    """Each <loc> of /sitemap.xml with its hreflang alternates."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ET.fromstring(response.content)
    entries = {}
    for url in root.findall("s:url", ns):
        links = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        entries[url.find("s:loc", ns).text] = links
    return entries


def lobby_path(lang: str) -> str:
    with override(lang):
        return reverse("lobby:index")


def test_the_sitemap_lists_every_listed_page_and_the_lobby_in_both_languages(client):
    entries = sitemap_entries(client)
    listed = [page for page in PAGES if page.key != "videos"]  # no video is published
    expected = {absolute(url_of(page, lang)) for page in listed for lang in LANGUAGES}
    expected |= {absolute(lobby_path(lang)) for lang in LANGUAGES}
    assert set(entries) == expected
    for page in listed:
        for lang in LANGUAGES:
            assert entries[absolute(url_of(page, lang))] == {
                "fr": absolute(url_of(page, "fr")),
                "en": absolute(url_of(page, "en")),
                "x-default": absolute(url_of(page, "fr")),
            }
    assert entries[absolute(lobby_path("en"))] == {
        "fr": absolute(lobby_path("fr")),
        "en": absolute(lobby_path("en")),
        "x-default": absolute(lobby_path("fr")),
    }


def test_the_lobby_has_its_canonical_link_and_hreflang_alternates(client):
    for lang in LANGUAGES:
        parsed = parse(client.get(lobby_path(lang)).content)
        assert parsed.canonical == absolute(lobby_path(lang))
        assert parsed.alternates == {
            "fr": absolute(lobby_path("fr")),
            "en": absolute(lobby_path("en")),
            "x-default": absolute(lobby_path("fr")),
        }


def test_the_videos_page_is_linked_and_indexed_only_once_a_video_is_published(client):
    videos_fr, videos_en = absolute(url_of("videos", "fr")), absolute(url_of("videos", "en"))
    assert videos_fr not in sitemap_entries(client)
    home = fetch(client, "home", "fr")
    assert url_of("videos", "fr") not in {link["href"] for link in home.links}
    empty = client.get(url_of("videos", "fr"))
    assert empty.status_code == 200
    assert b'<meta name="robots" content="noindex">' in empty.content

    Video.objects.create(
        title="Les enchères", youtube_id="aBcDeFgHi_-", language="fr", published=True
    )
    entries = sitemap_entries(client)
    assert videos_fr in entries and videos_en not in entries  # no English video yet
    home = fetch(client, "home", "fr")
    assert url_of("videos", "fr") in {link["href"] for link in home.links}
    assert b"noindex" not in client.get(url_of("videos", "fr")).content
    english_home = fetch(client, "home", "en")
    assert url_of("videos", "en") not in {link["href"] for link in english_home.links}


def test_robots_txt_is_plain_text_and_points_to_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert "User-agent: *" in lines
    assert f"Sitemap: {absolute(reverse('sitemap'))}" in lines
    assert absolute(reverse("sitemap")).endswith("/sitemap.xml")
    assert "Disallow: /fr/" not in lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_structured_data_matches_the_visible_questions_and_answers(client, lang):
    response = client.get(url_of("faq", lang))
    parsed = parse(response.content)
    (data,) = json_ld_objects(parsed)
    assert data["@type"] == "FAQPage"
    structured = [(q["name"], q["acceptedAnswer"]["text"]) for q in data["mainEntity"]]
    body = response.content.decode()
    visible = []
    for block in body.split('<section class="faq-item">')[1:]:
        question = strip_tags(block.split("<h2", 1)[1].split(">", 1)[1].split("</h2>")[0])
        answer = strip_tags(block.split("<p>", 1)[1].split("</p>")[0])
        visible.append((question, answer))
    assert [(normalize(q), normalize(a)) for q, a in structured] == visible
    assert len(visible) == len(FAQ[lang]) >= 8
    headings = [text for level, text in parsed.headings if level == 2]
    assert [q for q, _ in visible] == headings


def test_the_faq_answers_every_question_of_the_main_seed(client):
    questions = " | ".join(q for q, _ in FAQ["fr"])
    for topic in (
        "exactement le nombre de plis",  # must you make your bid exactly
        "nul (nil)",  # what nil means
        "sacs (sandbags)",
        "entamer à pique",
        "fournir",
        "Mirror, Whiz, Suicide et Joker Spades",
        "quatre joueurs annoncent zéro",
        "sans compte",
    ):
        assert topic in questions, topic


@pytest.mark.parametrize(("key", "lang"), ALL_PAGES)
def test_no_page_names_another_brand(client, key, lang):
    response = client.get(url_of(key, lang))
    assert b"cards4" not in response.content.lower()


def test_every_page_links_to_every_other_listed_page_from_its_footer(client):
    parsed = fetch(client, "home", "fr")
    hrefs = {link["href"] for link in parsed.links}
    assert {url_of(page, "fr") for page in PAGES if page.key != "videos"} <= hrefs


def test_the_play_button_leads_to_the_lobby(client):
    parsed = fetch(client, "home", "fr")
    play = [link for link in parsed.links if "button-play" in link.get("class", "")]
    assert play
    assert play[0]["href"] == url_of_lobby("fr")


def url_of_lobby(lang: str) -> str:
    with override(lang):
        return reverse("lobby:index")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_of_contents_lists_each_section_by_its_heading(client, lang):
    body = client.get(url_of("faq", lang)).content.decode()
    parsed = parse(body)
    sections = [text for level, text in parsed.headings if level == 2]
    start = body.index('<nav class="toc"')
    toc = parse(body[start : body.index("</nav>", start)])
    assert [strip_tags(item) for item in body[start:].split("</nav>")[0].split("<li>")[1:]] == (
        sections
    )
    anchors = [link["href"][1:] for link in toc.links]
    assert len(anchors) == len(sections) == len(set(anchors))
    assert set(anchors) <= set(parsed.ids)
