"""How pages and static files travel: hashed, compressed, long-cached static files (WhiteNoise,
after `collectstatic`), and HTML compressed for the browsers that accept it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

MANIFEST_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.StaticStorage"},
}


@pytest.fixture
def collected_site(tmp_path):
    """The settings of `make run`: collectstatic into a fresh STATIC_ROOT, then a new client (its
    WhiteNoise reads STATIC_ROOT when the first request builds the middleware)."""
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=MANIFEST_STORAGES, WHITENOISE_USE_FINDERS=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield Client()


def stylesheet_of(html: str) -> str:
    found = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', html)
    assert found, "the page links a hashed site.css"
    return found[1]


def test_pages_link_hashed_static_files_served_compressed_and_cached_for_a_year(collected_site):
    page = collected_site.get("/fr/")
    css = stylesheet_of(page.content.decode())
    response = collected_site.get(css, headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    assert "max-age=315360000" in response["Cache-Control"]


def test_the_table_script_imports_its_modules_under_their_hashed_names(collected_site, tmp_path):
    entry = next((tmp_path / "js").glob("table.*.js"))
    imports = re.findall(r'from "([^"]+)"', entry.read_text())
    assert imports and all(re.search(r"\.[0-9a-f]{12}\.js$", name) for name in imports), imports


def test_make_static_writes_the_manifest_the_site_then_uses():
    recipe = Path(__file__).resolve().parents[2].joinpath("Makefile").read_text()
    # Without STATIC_MANIFEST=true, collectstatic would run with the plain storage (no manifest
    # yet) and the site would never serve hashed names.
    assert "STATIC_MANIFEST=true $(BIN)/python manage.py collectstatic" in recipe


def test_an_unhashed_static_name_is_not_cached_forever(collected_site):
    response = collected_site.get("/static/css/site.css")
    assert response.status_code == 200
    assert "immutable" not in response.get("Cache-Control", "")


@pytest.mark.parametrize("path", ["/fr/", "/fr/comment-jouer/", "/fr/jouer/"])
def test_html_pages_are_gzipped_for_browsers_that_accept_it(client, path):
    plain = client.get(path)
    packed = client.get(path, headers={"accept-encoding": "gzip, br"})
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) < len(plain.content) / 2


def test_without_collectstatic_the_tests_get_plain_static_names(client):
    html = client.get("/fr/").content.decode()
    assert 'href="/static/css/site.css"' in html


def test_hashed_names_are_used_only_once_collectstatic_has_written_its_manifest():
    """A checkout where collectstatic never ran must still serve pages (plain names)."""
    import os
    import subprocess
    import sys

    from django.conf import settings

    env = {k: v for k, v in os.environ.items() if k != "STATIC_MANIFEST"}
    code = "from config import settings as s; print(s.STATIC_MANIFEST, s.WHITENOISE_USE_FINDERS)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True
    )
    manifest = (settings.BASE_DIR / "staticfiles" / "staticfiles.json").exists()
    assert out.stdout.decode().split() == [str(manifest), str(not manifest)]
    forced = subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env={**env, "STATIC_MANIFEST": "false"},
        capture_output=True,
    )
    assert forced.stdout.decode().split() == ["False", "True"]
