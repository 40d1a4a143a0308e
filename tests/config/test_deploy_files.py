"""The production service files start what `make run` starts, and restart it when it dies."""

from __future__ import annotations

import configparser
import importlib.util
import re
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(DEPLOY / "systemd" / name)
    return parser


@pytest.mark.parametrize("name", ["atout-web@.service", "atout-worker.service"])
def test_every_service_restarts_on_failure_and_runs_a_module_that_exists(name):
    service = unit(name)["Service"]
    assert service["Restart"] == "always"
    assert int(service["RestartSec"]) <= 2
    module = re.search(r"-m (\S+)", service["ExecStart"])[1]
    assert importlib.util.find_spec(module) is not None, module
    assert "/etc/atout/env" in service["EnvironmentFile"]


def test_every_worker_runs_beat_under_the_lock_and_daphne_reads_large_frames():
    from config.launcher import DAPHNE_OPTIONS

    assert "--beat-thread" in unit("atout-worker.service")["Service"]["ExecStart"]
    web = unit("atout-web@.service")["Service"]["ExecStart"]
    assert " ".join(DAPHNE_OPTIONS) in web
    procfile = (DEPLOY / "Procfile").read_text()
    assert " ".join(DAPHNE_OPTIONS) in procfile and "--beat-thread" in procfile


def test_daphne_listens_with_a_backlog_for_thousands_of_reconnecting_sockets():
    """Daphne's -b/-p listen with Twisted's backlog of 50: a burst of reconnections is refused."""
    from config.launcher import LISTEN_BACKLOG

    web = unit("atout-web@.service")["Service"]["ExecStart"]
    procfile = (DEPLOY / "Procfile").read_text()
    for command in (web, procfile):
        assert f":backlog={LISTEN_BACKLOG}" in command
        assert " -b " not in command and " -p " not in command
    assert LISTEN_BACKLOG >= 1024


def test_the_proxy_upgrades_websockets_and_forwards_the_scheme():
    conf = (DEPLOY / "nginx" / "atout.conf").read_text()
    ws = conf[conf.index("location /ws/") :]
    assert "proxy_set_header Upgrade $http_upgrade;" in ws
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in conf  # HTTPS=true trusts it
    assert conf.count("{") == conf.count("}")


def test_the_sockets_of_a_table_all_go_to_one_daphne_and_pages_to_any():
    """A move then finds the table in that process's caches (docs/deploy.md)."""
    conf = (DEPLOY / "nginx" / "atout.conf").read_text()
    ws = conf[conf.index("location /ws/") :]
    pool = re.search(r"proxy_pass http://(\w+);", ws)[1]
    upstream = conf[conf.index(f"upstream {pool} {{") :]
    upstream = upstream[: upstream.index("}")]
    assert "hash $uri consistent;" in upstream
    pages = conf[conf.index("location / {") :]
    pages_pool = re.search(r"proxy_pass http://(\w+);", pages)[1]
    assert pages_pool != pool
    servers = set(re.findall(r"server (\S+) ", upstream))
    pages_upstream = conf[conf.index(f"upstream {pages_pool} {{") :]
    assert servers == set(re.findall(r"server (\S+) ", pages_upstream[: pages_upstream.index("}")]))
