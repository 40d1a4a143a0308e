"""The site has an icon: /favicon.ico answers, and every page links the SVG spade."""

import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders


def test_favicon_ico_is_an_icon_file(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert "max-age" in response["Cache-Control"]
    body = b"".join(response.streaming_content) if response.streaming else response.content
    reserved, kind, count = struct.unpack("<HHH", body[:6])
    assert (reserved, kind) == (0, 1) and count >= 2  # an ICO with several sizes


def test_favicon_ico_refuses_a_post(client):
    assert client.post("/favicon.ico").status_code == 405


@pytest.mark.django_db  # the home page asks whether a video is published
def test_every_page_links_the_svg_spade_and_the_ico(client):
    html = client.get("/fr/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    assert '<link rel="icon" href="/favicon.ico"' in html
    svg = Path(finders.find("favicon.svg")).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<path" in svg
