"""Passwords are hashed with Django's own list unless PASSWORD_HASHERS says otherwise (the tests
put a fast hasher first, for themselves and the servers they start)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import global_settings

ROOT = Path(__file__).resolve().parents[2]
READ = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps(s.PASSWORD_HASHERS))"
)


def hashers(**env: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if k != "PASSWORD_HASHERS"}
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_production_hashes_passwords_with_djangos_own_list():
    assert hashers() == list(global_settings.PASSWORD_HASHERS)
    assert hashers()[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_the_environment_may_put_another_hasher_first():
    fast = "django.contrib.auth.hashers.MD5PasswordHasher"
    assert hashers(PASSWORD_HASHERS=f"{fast}, {global_settings.PASSWORD_HASHERS[0]}") == [
        fast,
        global_settings.PASSWORD_HASHERS[0],
    ]
