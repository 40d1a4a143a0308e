"""The log says what happened: one line per HTTP request, one per table action with the table id;
errors go to Sentry when a DSN is set."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from games.actions import play, presence, tables
from games.reading import table_state
from games.viewers import Viewer


@pytest.mark.django_db
def test_each_request_is_one_line_with_its_status_and_time(client, caplog):
    with caplog.at_level(logging.INFO, logger="atout.requests"):
        client.get("/fr/jouer/")
        client.get("/health/")  # the load balancer's checks are left out
    lines = [r for r in caplog.records if r.name == "atout.requests"]
    assert len(lines) == 1
    assert lines[0].getMessage().startswith("GET /fr/jouer/ 200 ")
    assert lines[0].getMessage().endswith(" ms") and lines[0].levelno == logging.INFO


@pytest.mark.django_db
def test_each_table_action_is_one_debug_line_naming_the_table(caplog):
    lea = Viewer(user_id=None, guest_id=uuid.uuid4().hex, name="Léa")
    table = tables.do_create_private_table(lea, {}, "normal", None)
    presence.do_connect(table.pk, lea, "log.channel!lea")
    tables.do_start(table.pk, lea)
    state = table_state(table.pk, lea)
    while state["view"]["to_move"] != "N":
        play.do_bot_move(table.pk, state["version"])
        state = table_state(table.pk, lea)
    caplog.clear()  # the bots' moves were logged too
    with caplog.at_level(logging.DEBUG, logger="games.session"):
        play.do_act(table.pk, lea, state["view"]["legal"][0])
    [line] = [r.getMessage() for r in caplog.records if r.name == "games.session"]
    assert line.startswith(f"table {table.pk} match {state['table']['match']['id']} #")
    assert " N " in line and line.endswith("(human)")
    assert caplog.records[-1].levelno == logging.DEBUG  # routine: shown with LOG_LEVEL=DEBUG


def test_a_sentry_dsn_turns_error_reporting_on():
    root = Path(__file__).resolve().parents[2]
    code = "import django; django.setup(); import sentry_sdk; print(sentry_sdk.is_initialized())"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    off = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    on = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                        env={**env, "SENTRY_DSN": "http://key@127.0.0.1:9/1"}, timeout=60)  # fmt: skip
    assert (off.stdout.strip(), on.stdout.strip()) == ("False", "True"), off.stderr + on.stderr
