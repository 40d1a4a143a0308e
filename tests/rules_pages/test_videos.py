"""The videos page: nothing is requested from YouTube before the visitor clicks a video.

The server-side tests read the HTML the page sends; the browser test loads it in Chromium,
blocks and records any request to a YouTube host, and clicks a video.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.translation import override

from rules_pages.models import Video

PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 32
YOUTUBE_HOST = re.compile(
    r"(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|ggpht\.com)$"
)
#: Attributes through which a page makes the browser fetch something.
FETCHING_ATTRIBUTES = {"src", "href", "srcset", "poster", "data", "action", "formaction"}


def is_youtube(url: str) -> bool:
    host = urlparse(url.strip().split()[0] if url.strip() else "").hostname or ""
    return bool(YOUTUBE_HOST.search(host))


class FetchCollector(HTMLParser):
    """Every tag, and every URL the browser would load by itself (not links it may follow)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.fetched: list[tuple[str, str, str]] = []
        self.followed_links: list[str] = []
        self.data_attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            value = value or ""
            if name.startswith("data-"):
                self.data_attributes.append(value)
            elif tag == "a" and name == "href":
                self.followed_links.append(value)
            elif name in FETCHING_ATTRIBUTES:
                for part in value.split(","):
                    self.fetched.append((tag, name, part.strip()))
            elif name == "style" and "url(" in value:
                self.fetched.extend(
                    ("style", name, u) for u in re.findall(r"url\(([^)]*)\)", value)
                )


def collect(response) -> FetchCollector:
    parser = FetchCollector()
    parser.feed(response.content.decode())
    return parser


def assert_nothing_loads_from_youtube(response) -> FetchCollector:
    """The page's HTML asks the browser for nothing on a YouTube host, and has no player."""
    body = response.content.decode()
    found = collect(response)
    assert "iframe" not in found.tags
    youtube_fetches = [item for item in found.fetched if is_youtube(item[2])]
    assert not youtube_fetches, youtube_fetches
    assert "ytimg" not in body
    # The player's address lives in static/js/videos.js only, never in the page.
    assert "youtube-nocookie" not in body
    for link in found.followed_links:
        if is_youtube(link):
            assert link.startswith("https://www.youtube.com/watch?v="), link
    return found


def videos_url(lang: str = "fr") -> str:
    with override(lang):
        return reverse("rules_pages:videos")


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def make_video(**fields) -> Video:
    values = {
        "title": "Les enchères expliquées",
        "description": "Une main estimée pli par pli.",
        "youtube_id": "aBcDeFgHi_-",
        "language": Video.Language.FRENCH,
        "published": True,
    }
    values.update(fields)
    video = Video(**values)
    video.full_clean()
    video.save()
    return video


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_with_no_video_the_page_points_to_the_rules_and_loads_nothing_from_youtube(client, lang):
    response = client.get(videos_url(lang))
    assert response.status_code == 200
    found = assert_nothing_loads_from_youtube(response)
    assert "video-empty" in response.content.decode()
    with override(lang):
        for key in ("how_to_play", "guides", "strategy"):
            assert reverse(f"rules_pages:{key}") in found.followed_links
    # Without videos there is nothing to click, so the script is not even sent.
    assert not any(src.endswith("js/videos.js") for _tag, _name, src in found.fetched)


@pytest.mark.django_db
def test_a_published_video_is_a_click_to_load_card_with_no_youtube_request(client, media_root):
    with_thumbnail = make_video(
        title="Jouer un nul",
        youtube_id="Zyx_9876-AB",
        thumbnail=SimpleUploadedFile("nul.png", PNG_BYTES, content_type="image/png"),
    )
    placeholder = make_video(title="Compter ses plis", youtube_id="0123456789a", order=5)
    response = client.get(videos_url("fr"))
    body = response.content.decode()
    found = assert_nothing_loads_from_youtube(response)
    assert "Zyx_9876-AB" in found.data_attributes
    assert "0123456789a" in found.data_attributes
    thumbnail_url = reverse("rules_pages:video_thumbnail", args=[with_thumbnail.pk])
    assert ("img", "src", thumbnail_url) in found.fetched
    assert "video-placeholder" in body and placeholder.title in body
    assert any(src.endswith("js/videos.js") for _tag, _name, src in found.fetched)
    assert body.index(with_thumbnail.title) < body.index(placeholder.title)  # editors' order


def test_the_player_address_is_built_by_the_script_on_click_only():
    script = (Path(settings.BASE_DIR) / "static" / "js" / "videos.js").read_text()
    assert "https://www.youtube-nocookie.com/embed/" in script
    assert "?autoplay=1" in script
    assert 'addEventListener("click"' in script


@pytest.mark.django_db
def test_each_language_lists_its_own_published_videos(client):
    make_video(title="Vidéo française", youtube_id="frfrfrfrfr1")
    make_video(title="English video", youtube_id="enenenenen1", language=Video.Language.ENGLISH)
    make_video(title="Both languages", youtube_id="bothbothbo1", language=Video.Language.BOTH)
    make_video(title="Brouillon", youtube_id="draftdraft1", published=False)
    french = client.get(videos_url("fr")).content.decode()
    english = client.get(videos_url("en")).content.decode()
    assert "Vidéo française" in french and "English video" not in french
    assert "English video" in english and "Vidéo française" not in english
    assert "Both languages" in french and "Both languages" in english
    assert "Brouillon" not in french and "Brouillon" not in english


@pytest.mark.django_db
def test_the_thumbnail_is_served_by_the_site_with_its_image_type(client, media_root):
    video = make_video(
        thumbnail=SimpleUploadedFile("vignette.png", PNG_BYTES, content_type="image/png")
    )
    response = client.get(reverse("rules_pages:video_thumbnail", args=[video.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert b"".join(response.streaming_content) == PNG_BYTES
    video.published = False
    video.save()
    assert client.get(reverse("rules_pages:video_thumbnail", args=[video.pk])).status_code == 404


@pytest.mark.django_db
def test_a_thumbnail_missing_from_storage_is_a_404_not_an_error(client, media_root):
    video = make_video(
        thumbnail=SimpleUploadedFile("perdue.png", PNG_BYTES, content_type="image/png")
    )
    Path(video.thumbnail.path).unlink()
    response = client.get(reverse("rules_pages:video_thumbnail", args=[video.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize(
    "bad_id",
    ["", "short", "aBcDeFgHi_-X", "aBcDeFgHi!-", "https://youtu.be/aBcDeFgHi_-", "aBc DeFgHi_"],
)
def test_an_invalid_youtube_id_is_rejected_by_the_model_validation(bad_id):
    video = Video(title="Titre", youtube_id=bad_id)
    with pytest.raises(ValidationError) as error:
        video.full_clean()
    assert "youtube_id" in error.value.message_dict


@pytest.mark.django_db
def test_a_thumbnail_that_is_not_an_image_is_rejected(media_root):
    video = Video(
        title="Titre",
        youtube_id="aBcDeFgHi_-",
        thumbnail=SimpleUploadedFile(
            "fake.png", b"<script>alert(1)</script>", content_type="image/png"
        ),
    )
    with pytest.raises(ValidationError) as error:
        video.full_clean()
    assert "thumbnail" in error.value.message_dict


@pytest.mark.django_db
def test_the_admin_adds_a_video_from_a_pasted_youtube_address(admin_client, media_root):
    add_url = reverse("admin:rules_pages_video_add")
    assert admin_client.get(add_url).status_code == 200
    response = admin_client.post(
        add_url,
        {
            "title": "Le nul à l'aveugle",
            "description": "Quand le tenter.",
            "youtube_id": "https://www.youtube.com/watch?v=Q1w2E3r4T5y&t=42s",
            "thumbnail": SimpleUploadedFile("blind.png", PNG_BYTES, content_type="image/png"),
            "language": "both",
            "order": "3",
            "published": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    video = Video.objects.get()
    assert video.youtube_id == "Q1w2E3r4T5y"
    assert video.language == "both" and video.published and video.order == 3
    assert Path(video.thumbnail.path).read_bytes() == PNG_BYTES


@pytest.mark.django_db
def test_the_admin_refuses_an_invalid_youtube_id(admin_client):
    response = admin_client.post(
        reverse("admin:rules_pages_video_add"),
        {"title": "Titre", "youtube_id": "not-an-id", "language": "fr", "order": "0"},
    )
    assert response.status_code == 200
    assert not Video.objects.exists()
    assert "youtube_id" in response.context["adminform"].form.errors


@pytest.mark.browser
def test_in_a_browser_youtube_is_contacted_only_after_a_click(
    live_server, transactional_db, chromium
):
    make_video(title="Une donne commentée", youtube_id="LiVe_test-9")
    make_video(title="Deuxième vidéo", youtube_id="SeCoNd_vid0", order=2)
    youtube_requests: list[str] = []

    def guard(route) -> None:
        if is_youtube(route.request.url):
            youtube_requests.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    browser = chromium  # its contexts are closed after the test (conftest.py)
    page = browser.new_page(bypass_csp=True)
    page.route("**/*", guard)
    page.goto(live_server.url + videos_url("fr"), wait_until="networkidle")
    assert page.locator("button.video-play").count() == 2
    assert page.locator("iframe").count() == 0
    assert youtube_requests == []

    with page.expect_request(lambda request: is_youtube(request.url)):
        page.locator('button.video-play[data-youtube-id="LiVe_test-9"]').click()
    frame = page.locator("iframe.video-frame")
    frame.wait_for(state="attached")
    src = frame.get_attribute("src")
    assert src == "https://www.youtube-nocookie.com/embed/LiVe_test-9?autoplay=1"
    assert frame.get_attribute("title") == "Une donne commentée"
    # The only YouTube traffic is the player the visitor asked for (blocked here).
    assert youtube_requests, "the click should have loaded the player"
    assert all(urlparse(u).hostname == "www.youtube-nocookie.com" for u in youtube_requests)
    assert page.locator('button.video-play[data-youtube-id="SeCoNd_vid0"]').count() == 1
