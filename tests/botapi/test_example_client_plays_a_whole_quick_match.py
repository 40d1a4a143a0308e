"""docs/examples/bot_client.py against the real site (Daphne, a Celery worker, Redis): with its
token it joins quick play, plays a whole (short) match over the WebSocket and prints its summary;
with a refused token it stops at once, saying so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from botapi.actions import do_revoke_token
from botapi.models import ApiToken
from games.models import Match, Table
from tests.support.botapi import make_bot
from tests.support.browser import serve_live_site

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), pytest.mark.timeout(300)]

CLIENT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot_client.py"


@pytest.fixture
def live_site(transactional_db, monkeypatch):
    # A short quick match: it ends after one hand (the leader wins; a tie plays on), with no
    # pauses between tricks and hands.
    monkeypatch.setenv("QUICK_TABLE_HAND_LIMIT", "1")
    monkeypatch.setenv("HAND_PAUSE_SECONDS", "0")
    with serve_live_site(trick_pause_s=0) as url:
        yield url


def run_client(url: str, token: str, *extra: str, timeout: float = 240):
    return subprocess.run(
        [sys.executable, str(CLIENT), url, "--token", token, *extra],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_example_client_plays_a_whole_quick_match_and_prints_its_summary(live_site):
    user, secret = make_bot("Robotine")
    done = run_client(live_site, secret, "--queue", "quick", "--seed", "7")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    match = Match.objects.get(pk=summary["match"])
    assert match.table.kind == Table.Kind.QUICK
    assert match.result  # the match ended on the server
    seat = match.table.seats.get(viewer_key=f"u:{user.pk}")
    assert summary["seat"] == seat.position
    assert seat.nickname == "BOT Robotine"
    team = "NS" if seat.position in "NS" else "EW"
    assert summary["result"] == ("won" if match.result["winner"] == team else "lost")
    assert summary["hands"] >= 1
    assert summary["queue"] == "quick"


def test_the_example_client_stops_at_once_when_its_token_is_refused(live_site):
    user, secret = make_bot("Robotine")
    do_revoke_token(user.pk, ApiToken.objects.get(user=user).pk)
    _reader, read_only = make_bot("Lisette", scopes=("read",))
    for token in (secret, read_only, "atp_not-a-token"):
        done = run_client(live_site, token, timeout=30)
        assert done.returncode == 2, done.stderr
        assert "the token was refused" in done.stderr
        assert done.stdout == ""
    assert not Table.objects.exists()
