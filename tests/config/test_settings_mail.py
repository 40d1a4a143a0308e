"""Mail goes to the console until EMAIL_HOST names an SMTP server; the SMTP settings come from the
environment through the typed helpers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READ = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps([s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, "
    "s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.DEFAULT_FROM_EMAIL]))"
)


def mail_settings(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_without_a_mail_server_mails_are_printed_on_the_console():
    backend, host, *_ = mail_settings()
    assert backend == "django.core.mail.backends.console.EmailBackend" and host == ""


def test_a_mail_server_in_the_environment_sends_through_smtp():
    got = mail_settings(
        EMAIL_HOST="smtp.atout.example",
        EMAIL_PORT="465",
        EMAIL_HOST_USER="atout",
        DEFAULT_FROM_EMAIL="Atout <noreply@atout.example>",
    )
    assert got == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.atout.example",
        465,
        "atout",
        False,
        True,
        "Atout <noreply@atout.example>",
    ]
