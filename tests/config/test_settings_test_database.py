"""The SQLite test database is one file per test run, shared with the processes the run starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
PRINT_TEST_DB = "import config.settings as s; print(s.DATABASES['default']['TEST']['NAME'])"


def sqlite_test_db_name(**env: str) -> str:
    """The test database name a fresh process on SQLite would use, with ``env`` added."""
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "ATOUT_TEST_DB")}
    result = subprocess.run(
        [sys.executable, "-c", PRINT_TEST_DB],
        cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return result.stdout.strip()


def test_two_test_runs_at_once_get_two_sqlite_test_database_files():
    first, second = sqlite_test_db_name(), sqlite_test_db_name()
    assert first != second
    assert Path(first).parent == Path(second).parent == ROOT / ".run"


def test_processes_started_by_a_test_run_inherit_its_test_database_name(tmp_path):
    name = str(tmp_path / "run.sqlite3")
    assert sqlite_test_db_name(ATOUT_TEST_DB=name) == name


@pytest.mark.django_db
def test_this_run_uses_the_file_its_children_inherit():
    if connection.vendor != "sqlite":
        pytest.skip("the test database is a file only on SQLite")
    assert connection.settings_dict["NAME"] == os.environ["ATOUT_TEST_DB"]
