"""Builders for the bot tests: seat views written by hand, in the shape of docs/engine.md."""

from __future__ import annotations

from spades.engine import STANDARD_RULES

SEATS = ("N", "E", "S", "W")


def cards(text: str) -> list[str]:
    """``"AS KS 2H"`` -> ``["AS", "KS", "2H"]``."""
    return text.split()


def legal_plays(hand: list[str], trick: list[tuple[str, str]], spades_broken: bool) -> list[dict]:
    """The play actions a seat holding ``hand`` has: follow suit, no spade lead before broken."""
    if trick:
        led = trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        allowed = follow or hand
    else:
        side = [c for c in hand if c[1] != "S"]
        allowed = hand if spades_broken or not side else side
    return [{"type": "play", "card": c} for c in allowed]


def trick_dict(leader: str, plays: list[str]) -> dict:
    i = SEATS.index(leader)
    return {
        "leader": leader,
        "cards": [{"seat": SEATS[(i + k) % 4], "card": c} for k, c in enumerate(plays)],
    }


def make_view(
    seat: str,
    hand: list[str],
    *,
    bids: dict,
    trick_leader: str | None = None,
    trick: list[str] = (),
    tricks: list[tuple[str, list[str], str]] = (),
    tricks_won: dict | None = None,
    scores: dict | None = None,
    dealer: str = "W",
    spades_broken: bool | None = None,
    legal: list[dict] | None = None,
) -> dict:
    """A playing-phase view for ``seat``.

    ``trick``: cards of the trick in progress, in order from ``trick_leader``. ``tricks``:
    completed tricks as ``(leader, [4 cards], winner)``. ``tricks_won`` defaults to the count of
    completed tricks won by each seat.
    """
    done = [{**trick_dict(leader, plays), "winner": winner} for leader, plays, winner in tricks]
    won = {s: 0 for s in SEATS}
    for t in done:
        won[t["winner"]] += 1
    if tricks_won is not None:
        won = dict(tricks_won)
    current = (
        trick_dict(trick_leader or seat, list(trick))
        if trick
        else {
            "leader": seat,
            "cards": [],
        }
    )
    played = [p["card"] for t in done for p in t["cards"]] + list(trick)
    if spades_broken is None:
        spades_broken = any(c[1] == "S" for t in done for c in [p["card"] for p in t["cards"]])
    current_plays = [(p["seat"], p["card"]) for p in current["cards"]]
    counts = {}
    for s in SEATS:
        played_by = sum(1 for t in done for p in t["cards"] if p["seat"] == s) + sum(
            1 for p in current["cards"] if p["seat"] == s
        )
        counts[s] = 13 - played_by
    counts[seat] = len(hand)
    assert not set(hand) & set(played), "a card is both held and played"
    assert len(set(played)) == len(played), "a card is played twice"
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    order = [SEATS[(SEATS.index(first) + i) % 4] for i in range(4)]
    contracts = {}
    for team, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
        ba, bb = bids.get(a), bids.get(b)
        contracts[team] = (
            None
            if ba is None or bb is None
            else (ba if isinstance(ba, int) else 0) + (bb if isinstance(bb, int) else 0)
        )
    return {
        "seat": seat,
        "rules": STANDARD_RULES.to_dict(),
        "hand_number": 1,
        "dealer": dealer,
        "phase": "playing",
        "to_move": seat,
        "hand": sorted(hand),
        "hand_hidden": False,
        "hand_counts": counts,
        "bid_order": order,
        "bids": dict(bids),
        "tricks_won": won,
        "trick": current,
        "tricks": done,
        "spades_broken": spades_broken,
        "scores": scores or {"NS": {"score": 0, "bags": 0}, "EW": {"score": 0, "bags": 0}},
        "contracts": contracts,
        "legal": legal if legal is not None else legal_plays(hand, current_plays, spades_broken),
        "result": None,
    }


def bidding_view(seat: str, hand: list[str] | None, *, bids: dict, dealer: str = "W") -> dict:
    """A bidding-phase view for ``seat``; ``hand=None`` means blind nil is still pending."""
    first = SEATS[(SEATS.index(dealer) + 1) % 4]
    order = [SEATS[(SEATS.index(first) + i) % 4] for i in range(4)]
    partner = SEATS[(SEATS.index(seat) + 2) % 4]
    if hand is None:
        legal = [{"type": "bid", "bid": "blind_nil"}, {"type": "look"}]
    else:
        legal = [{"type": "bid", "bid": b} for b in range(14)]
        if bids.get(partner) is None:
            legal.append({"type": "bid", "bid": "nil"})
    return {
        "seat": seat,
        "rules": STANDARD_RULES.to_dict(),
        "hand_number": 1,
        "dealer": dealer,
        "phase": "bidding",
        "to_move": seat,
        "hand": None if hand is None else sorted(hand),
        "hand_hidden": hand is None,
        "hand_counts": {s: 13 for s in SEATS},
        "bid_order": order,
        "bids": {s: bids.get(s) for s in SEATS},
        "tricks_won": {s: 0 for s in SEATS},
        "trick": {"leader": first, "cards": []},
        "tricks": [],
        "spades_broken": False,
        "scores": {"NS": {"score": 0, "bags": 0}, "EW": {"score": 0, "bags": 0}},
        "contracts": {"NS": None, "EW": None},
        "legal": legal,
        "result": None,
    }


def hard_quick(view: dict, rng):
    """Hard with a small search budget and a small pool of deals to weigh, for tournaments inside
    the test time limit. Its deadline is far off: the work budget alone bounds each decision, so a
    seed plays the same whatever the machine's load (Hard's 0.2 s deadline, under load, cut the
    search and the pool short and changed the results)."""
    from spades.bots import hard

    if not view.get("legal") or view.get("to_move") != view.get("seat"):
        return None
    return hard.choose(view, rng, budget=6000, time_budget=30.0, pool_size=16)


def blind_nil_always(view, rng):
    """Normal that bids blind nil whenever it is offered (a tournament plug-in for the counters)."""
    from spades.bots import normal

    for a in view.get("legal") or []:
        if a.get("bid") == "blind_nil":
            return a
    return normal.choose(view, rng)
