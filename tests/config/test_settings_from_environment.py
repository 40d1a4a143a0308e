"""The settings module reads the environment through small typed helpers."""

import pytest

from config.env import env_bool, env_float, env_int, env_list, env_str


def test_unset_variables_fall_back_to_their_defaults(monkeypatch):
    monkeypatch.delenv("ATOUT_X", raising=False)
    assert env_str("ATOUT_X", "d") == "d"
    assert env_bool("ATOUT_X", True) is True
    assert env_int("ATOUT_X", 7) == 7
    assert env_float("ATOUT_X", 1.5) == 1.5
    assert env_list("ATOUT_X", ["a"]) == ["a"]


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("TRUE", True), ("off", False), ("no", False)]
)
def test_booleans_accept_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("ATOUT_X", raw)
    assert env_bool("ATOUT_X") is expected


def test_a_malformed_value_is_an_error_not_a_silent_default(monkeypatch):
    monkeypatch.setenv("ATOUT_X", "maybe")
    with pytest.raises(ValueError, match="ATOUT_X"):
        env_bool("ATOUT_X")
    monkeypatch.setenv("ATOUT_X", "ten")
    with pytest.raises(ValueError, match="ATOUT_X"):
        env_int("ATOUT_X", 1)


def test_lists_are_split_on_commas_and_trimmed(monkeypatch):
    monkeypatch.setenv("ATOUT_X", " a.example , b.example,, ")
    assert env_list("ATOUT_X", []) == ["a.example", "b.example"]


def test_french_is_the_default_language_and_english_the_second(settings):
    assert settings.LANGUAGE_CODE == "fr"
    assert [code for code, _name in settings.LANGUAGES] == ["fr", "en"]


@pytest.mark.django_db
def test_the_site_name_is_a_setting_shown_on_the_pages(client, settings):
    settings.SITE_NAME = "Pique Test"
    page = client.get("/fr/")
    assert page.status_code == 200
    assert "Pique Test" in page.content.decode()


def test_the_documented_production_settings_pass_the_deploy_check():
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "x" * 60 + "a-long-random-key-for-the-check-only-0123456789",
        "ALLOWED_HOSTS": "atout.example",
        "CSRF_TRUSTED_ORIGINS": "https://atout.example",
        "HTTPS": "true",
        "HSTS_INCLUDE_SUBDOMAINS": "true",
        "HSTS_PRELOAD": "true",
        "SITE_URL": "https://atout.example",
        "CONTACT": "contact@atout.example",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=root, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
    assert (
        "HTTPS=true HSTS_INCLUDE_SUBDOMAINS=true HSTS_PRELOAD=true"
        in (root / "README.md").read_text()
    )
