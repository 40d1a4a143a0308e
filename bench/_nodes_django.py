"""The Django side of bench/two_nodes.py, run as a child process (the client process stays lean):

    python bench/_nodes_django.py create            one private table, four guests seated
    python bench/_nodes_django.py log TABLE         the action log's facts (gapless seq, result)
    python bench/_nodes_django.py check TABLE FRAMES SENDS  every frame checked (leaks, order),
                                                    every action sent found in the log or refused

Each prints one JSON line. DATABASE_URL and REDIS_URL come from the environment (the nodes').
"""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEATS = ("N", "E", "S", "W")


def setup() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def create(rules: dict) -> dict:
    """A private table (no turn timer) opened by guest N, joined by E, S and W through its
    invitation, as the pages do; returns its id and each seat's session key."""
    from games.actions import tables
    from tests.support.live import make_guest

    viewers, cookies = {}, {}
    for seat in SEATS:
        viewers[seat], cookies[seat] = make_guest(f"Nodes{seat}")
    table = tables.do_create_private_table(viewers["N"], rules, "normal", None)
    for seat in SEATS[1:]:
        tables.do_join(table.id, viewers[seat], invite_token=table.invite_token, position=seat)
    return {"table": table.id, "cookies": cookies}


def log_facts(table_id: int) -> dict:
    """The table's version and status, and for its current match: the number of actions, whether
    seq is exactly 1..n, duplicates of (seq), the result and who played (human, bot)."""
    from django.db.models import Count

    from games.models import Action, Table

    table = Table.objects.select_related("match").get(pk=table_id)
    match = table.match
    facts = {"version": table.version, "status": table.status, "match": None}
    if match is None:
        return facts
    seqs = list(Action.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    actors = dict(Action.objects.filter(match=match).values_list("actor").annotate(n=Count("id")))
    facts["match"] = {
        "id": match.id,
        "action_count": match.action_count,
        "actions": len(seqs),
        "gapless": seqs == list(range(1, len(seqs) + 1)) and match.action_count == len(seqs),
        "result": match.result,
        "actors": actors,
    }
    return facts


def outcomes(table_id: int, sends_path: str) -> dict:
    """What became of each action a player sent on a state with ``actions`` actions: applied
    (the log's next row is it), refused (an error frame answered it), or neither: lost if its
    socket stayed open (a socket that closed may have taken the answer with it)."""
    from games.models import Action, Table

    match_id = Table.objects.values_list("match_id", flat=True).get(pk=table_id)
    rows = {
        seq: (seat, payload)
        for seq, seat, payload in Action.objects.filter(match_id=match_id).values_list(
            "seq", "seat", "payload"
        )
    }
    counts = {"applied": 0, "refused": 0, "applied_and_refused": 0, "lost": 0, "unknown": 0}
    slots: dict[tuple[str, int], list[dict]] = {}
    with open(sends_path) as handle:
        for line in handle:
            sent = json.loads(line)
            slots.setdefault((sent["seat"], sent["actions"]), []).append(sent)
    for (seat, actions), sends in slots.items():
        # A move refused (server_error) and sent again on the same state: the log's row is the
        # answered-by-nothing one, the last of them; a refused one only when none other fits.
        fits = [s for s in sends if rows.get(actions + 1) == (seat, s["action"])]
        applied = next((s for s in reversed(fits) if not s["error"]), fits[-1] if fits else None)
        for sent in sends:
            if sent is applied:
                counts["applied_and_refused" if sent["error"] else "applied"] += 1
            elif sent["error"]:
                counts["refused"] += 1
            elif sent["closed"]:
                counts["unknown"] += 1
            else:
                counts["lost"] += 1
    return counts


def check(table_id: int, frames_path: str, sends_path: str) -> dict:
    """Every frame through tests.support.live.check_frame (one context per connection: no other
    seat's unplayed card, each view exactly the engine's at its point); per connection, state
    versions never go down; each player's newest state against the log."""
    from tests.support import live as live_support

    # The log is append-only: a prefix rebuilt now is what it was when the frame was sent.
    # Frames of four sockets share their points, so each point is rebuilt once.
    live_support.engine_at = functools.lru_cache(maxsize=4096)(live_support.engine_at)
    contexts: dict[tuple[str, int], dict] = {}
    last_version: dict[tuple[str, int], int] = {}
    newest: dict[str, dict] = {}
    leaks, order_errors, checked, states = [], 0, 0, 0
    with open(frames_path) as handle:
        for line in handle:
            item = json.loads(line)
            key = (item["seat"], item["conn"])
            raw = item["raw"]
            frame = json.loads(raw)
            try:
                live_support.check_frame(frame, raw, contexts.setdefault(key, {}))
            except AssertionError as error:
                leaks.append(f"{key}: {str(error)[:200]}")
            checked += 1
            if frame.get("type") != "state":
                continue
            states += 1
            if frame["version"] < last_version.get(key, -1):
                order_errors += 1
            last_version[key] = frame["version"]
            best = newest.get(item["seat"])
            if best is None or frame["version"] >= best["version"]:
                newest[item["seat"]] = frame
    facts = log_facts(table_id)
    match = facts["match"] or {}
    final = {}
    for seat, frame in newest.items():
        view = frame.get("view") or {}
        final[seat] = {
            "version": frame["version"],
            "actions": (frame["table"].get("match") or {}).get("actions"),
            "status": frame["table"]["status"],
            "result": view.get("result"),
            "matches_log": frame["version"] == facts["version"]
            and (frame["table"].get("match") or {}).get("actions") == match.get("actions")
            and view.get("result") == match.get("result"),
        }
    return {
        "frames": checked,
        "states": states,
        "leaks": len(leaks),
        "leak_samples": leaks[:3],
        "order_errors": order_errors,
        "log": facts,
        "final": final,
        "sends": outcomes(table_id, sends_path),
    }


def main(argv: list[str]) -> int:
    setup()
    if argv[0] == "create":
        out = create(json.loads(argv[1]) if len(argv) > 1 else {})
    elif argv[0] == "log":
        out = log_facts(int(argv[1]))
    elif argv[0] == "check":
        out = check(int(argv[1]), argv[2], argv[3])
    else:
        raise SystemExit(f"unknown command {argv[0]!r}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
