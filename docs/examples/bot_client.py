#!/usr/bin/env python3
"""A complete bot for Atout Pique's bot API (docs/bot-api.md): it joins the quick-play or the
ranked queue with its token, plays one whole match over the table's WebSocket with legal moves
only, and prints a JSON summary as its last line.

    python docs/examples/bot_client.py http://127.0.0.1:8000 --token atp_… [--queue quick|ranked]

Needs only the standard library and ``websockets`` (in the project's requirements.lock).
Exit status: 0 the match ended; 2 the token was refused (bad, revoked, wrong scope, suspended
account); 1 anything else (the site unreachable, a timeout).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

TOKEN_REFUSED = 2
FAILED = 1
# The close code of a socket whose token was refused (docs/bot-api.md).
REFUSED_CLOSE_CODES = {4401}
TEAM_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


class Refused(Exception):
    """The site refused the token: nothing was done."""


class Failed(Exception):
    """Anything else that stops the bot."""


class Api:
    """The HTTP side: join a queue or a table (JSON, ``Authorization: Bearer``)."""

    def __init__(self, base_url: str, token: str) -> None:
        self.base = base_url.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"{self.base}/api/bot/{path}?lang=en",
            data=data,
            method=method,
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                frame = json.loads(error.read())
            except ValueError:
                frame = {"code": f"http_{error.code}", "message": error.reason}
            code = str(frame.get("code", ""))
            message = f"{frame.get('message', '')} ({code}, HTTP {error.code})"
            if code.startswith("token_"):
                raise Refused(message) from None
            raise Failed(message) from None
        except (urllib.error.URLError, OSError) as error:
            raise Failed(f"cannot reach {self.base}: {error}") from None

    def join(self, queue: str, wait_seconds: float) -> int:
        """The table this bot is seated at: a quick table at once, a ranked one once
        matchmaking seats it (asking again keeps its place in the queue)."""
        if queue == "quick":
            return int(self.call("POST", "quick/")["table"])
        deadline = time.monotonic() + wait_seconds
        state = self.call("POST", "ranked/")
        while not state.get("table"):
            if time.monotonic() > deadline:
                self.call("DELETE", "ranked/")
                raise Failed("no ranked table after waiting: left the queue")
            time.sleep(2)
            state = self.call("POST", "ranked/")
        return int(state["table"])


def choose(legal: list[dict], hand: list[str] | None, rng: random.Random) -> dict:
    """One of the legal actions: a bid from a rough count of sure tricks, a card at random."""
    bids = [a for a in legal if a["type"] == "bid"]
    if bids:
        numbers = sorted(a["bid"] for a in bids if isinstance(a["bid"], int))
        if numbers:
            cards = hand or []
            tricks = sum(1 for c in cards if c[0] == "A") + sum(
                1 for c in cards if c[1] == "S" and c[0] in "KQ"
            )
            want = max(1, tricks)
            return {"type": "bid", "bid": min(numbers, key=lambda n: abs(n - want))}
        # Only nil-type bids are offered: prefer a plain nil over a blind one.
        plain = [a for a in bids if a["bid"] != "blind_nil"]
        return (plain or bids)[0]
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return rng.choice(plays)
    return legal[0]  # "look": see my cards (gives up blind nil)


def play(base_url: str, token: str, table_id: int, seed: int | None) -> dict:
    """Play the match at this table to its end; returns the summary."""
    parsed = urllib.parse.urlsplit(base_url)
    scheme = "wss" if parsed.scheme == "https" else "ws"
    url = f"{scheme}://{parsed.netloc}/ws/tables/{table_id}/?lang=en"
    rng = random.Random(seed)
    acted_on: int | None = None
    match_id: int | None = None
    hands = 0
    try:
        with connect(
            url, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=20
        ) as socket:
            while True:
                frame = json.loads(socket.recv(timeout=180))
                kind = frame.get("type")
                if kind == "error":
                    code = frame.get("code", "")
                    if code.startswith("token_"):
                        raise Refused(f"{frame.get('message')} ({code})")
                    if code == "too_fast":
                        time.sleep(1)
                    if code != "stale_version":  # a newer state is on its way
                        socket.send(json.dumps({"type": "sync"}))
                        acted_on = None
                    continue
                if kind == "history":
                    if frame.get("match") == match_id or match_id is None:
                        hands = len(frame.get("hands") or [])
                    continue
                if kind == "hand_result":
                    if frame.get("match") == match_id:
                        hands += 1
                    continue
                if kind != "state":
                    continue
                table, view = frame["table"], frame.get("view")
                seat = table["me"]["seat"]
                if table.get("match"):
                    match_id = table["match"]["id"]
                if table["status"] == "finished" and view and view.get("result"):
                    result = view["result"]
                    return {
                        "match": match_id,
                        "result": "won" if result["winner"] == TEAM_OF.get(seat) else "lost",
                        "hands": hands,
                        "table": table_id,
                        "seat": seat,
                        "scores": result["scores"],
                    }
                if table["status"] in {"abandoned"}:
                    raise Failed(f"the table {table_id} was closed before the end")
                legal = (view or {}).get("legal") or []
                if seat and legal and frame["version"] != acted_on:
                    action = choose(legal, view.get("hand"), rng)
                    socket.send(json.dumps({**action, "version": frame["version"]}))
                    acted_on = frame["version"]
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
        if code in REFUSED_CLOSE_CODES:
            raise Refused(f"the table's socket refused the token (close code {code})") from None
        raise Failed(f"the table's socket closed (code {code})") from None
    except TimeoutError:
        raise Failed("no frame from the table for 180 s") from None
    except OSError as error:
        raise Failed(f"cannot reach the table's socket: {error}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play one whole match as a bot account.")
    parser.add_argument("base_url", help="the site, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the bot account's API token")
    parser.add_argument("--queue", choices=["quick", "ranked"], default="quick")
    parser.add_argument("--wait", type=float, default=600, help="seconds to wait for ranked")
    parser.add_argument("--seed", type=int, default=None, help="seed of the card choices")
    args = parser.parse_args(argv)
    api = Api(args.base_url, args.token)
    try:
        table_id = api.join(args.queue, args.wait)
        print(f"seated at table {table_id}", file=sys.stderr)
        summary = play(args.base_url, args.token, table_id, args.seed)
    except Refused as error:
        print(f"error: the token was refused: {error}", file=sys.stderr)
        return TOKEN_REFUSED
    except Failed as error:
        print(f"error: {error}", file=sys.stderr)
        return FAILED
    summary["queue"] = args.queue
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
