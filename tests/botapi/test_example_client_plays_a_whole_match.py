"""docs/examples/bot_client.py against the real site (Daphne, a Celery worker, Redis): with its
token it joins quick play (or the ranked queue), plays a whole (short) match over the WebSocket and prints its summary;
with a refused token it stops at once, saying so."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from botapi.actions import do_revoke_token
from botapi.models import ApiToken
from games.models import Match, Table
from ranked.models import PlayerRating
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
    # A short ranked match too: matchmaking starts it at once with bots, to a low target.
    monkeypatch.setenv("RANKED_WAIT_SECONDS", "0")
    monkeypatch.setenv("RANKED_TARGET_SCORE", "50")
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


def test_the_example_client_plays_a_whole_ranked_match_and_is_rated(live_site):
    user, secret = make_bot("Robotine")
    done = run_client(live_site, secret, "--queue", "ranked", "--seed", "3")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    match = Match.objects.get(pk=summary["match"])
    assert match.table.kind == Table.Kind.RANKED
    assert summary["queue"] == "ranked" and summary["result"] in {"won", "lost"}
    deadline = time.monotonic() + 30
    while not PlayerRating.objects.filter(user=user).exists():  # the worker's rating task
        assert time.monotonic() < deadline, "the ranked match was not rated"
        time.sleep(0.5)
    assert PlayerRating.objects.get(user=user).matches == 1


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
