"""Spades bots: a bot is a function ``(view) -> action`` over the seat view of docs/engine.md.

Bots see exactly what a player in their seat sees (the view), never the engine state. Public entry:
``choose_action(level, view, rng=None)`` with ``level`` in ``LEVELS``. A bot returns one of
``view["legal"]``, or ``None`` when it has nothing to do: the match is over (``legal`` empty) or it
is not its turn. In particular the ``{"type": "look"}`` action that the engine offers to a blind nil
candidate *before* its turn is ignored: bots choose between blind nil and looking only when asked
to bid (hand hidden, legal = blind nil / look); after looking they are asked again and bid.
Without an ``rng`` a generator seeded from the view is used, so a decision is reproducible.
``exact=True`` drops Hard's wall-clock deadline (its work budget alone bounds a decision), so the
same view and rng give the same action on any machine, however loaded: the daily deals need
two players who make the same moves to meet the same answers.

Levels:

- ``easy`` (easy.py): bids one per ace and king (at least 1), never nil; plays its lowest legal
  card (lowest rank, a side suit before a spade of the same rank).
- ``normal`` (normal.py): bids from ``estimate_tricks`` (honours, lengths, voids, spades); nil
  only when its estimated chance (odds.py) wins more matches at this score than a numeric bid,
  blind nil only when its chance reaches the 45% that pays for its risk (``odds.blind_nil_pays``:
  about 23% measured, so never); covers a partner's nil, never overtakes a partner who holds the trick, wins with the
  smallest card that wins, ducks bags once its contract is made, sets the opponents' contract or
  nil when in reach.
- ``hard`` (hard.py): its own bids (hard_bid.py: Normal's bid, one less, one more and nil tried
  on sampled deals consistent with its hand and the bids made, played out, each judged by the
  chance of winning the match from the score it leaves; in whole matches they beat Normal's bids
  under the same card play, bench/README.md); every card by determinized Monte Carlo search on
  the engine's fast API (sampler.py, rollout.py), scored with the real hand scoring, bags and
  match end; its sampled deals are read from the table by policy-based inference (each weighed
  by how likely Normal's card choice makes the other seats' plays so far in it, play_model.py;
  Hard before that is ``hard_classic.choose``, a benchmark player); Normal's card is played
  unless another beats it by two standard errors over the same deals (``hard.GATE``); every decision within a
  wall-clock deadline (0.2 s). The searched cards obey the
  partnership rules first (``hard.partnership_filters``): never above a partner's sure winner,
  own nil ducks, a partner's nil on top is covered, bags near the limit ducked.

``coach.advise(view)`` suggests an action with a reason code (coach.py): the "Conseil" of quick
and private tables (games/actions/coach.py, sentences in games/texts.py). quality.py counts
the partner faults a tournament reports. inferences.py reads the plays for Hard's sampler (what a
nil, a cheapest winner, a low follower hardly holds); measured no better yet, it is off at the
tables (``hard.choose(signals=True)`` for benchmarks).

``python -m spades.bots tournament --ns hard --ew normal --matches 40`` runs duplicate matches
(tournament.py); bench/bots_tournament.py measures the targets.

Variants (rules.md): every level bids among ``view["legal"]``, so the forced or restricted bids of
Mirror, Whiz and Suicide stay legal. Normal judges the choices a variant leaves (variant_bids.py):
in Whiz nil against the number its spades force, in Suicide which partner goes nil; Hard starts
from Normal's choice and tries the legal bids next to it on sampled deals. In the Joker variant
every level counts the jokers as the two highest spades (cards.py ``suit``/``rank``); Normal and
Hard also rank every spade under the jokers in the estimate, track the jokers still out
(knowledge.py, from the variant's deck), and Hard deals them in its sampled worlds and plays them
in its playouts (sampler.py, rollout.py).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable

from spades.engine.actions import Action

from . import easy, hard, normal
from .estimate import TrickEstimate, estimate_tricks
from .view import View

#: A bot: the seat view and a generator -> one of ``view["legal"]``, or None.
Bot = Callable[[View, random.Random], Action | None]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

_BOTS: dict[str, Bot] = {
    "easy": easy.choose,
    "normal": normal.choose,
    "hard": hard.choose,
}


def view_rng(view: View) -> random.Random:
    """A generator seeded from the view itself, so a bot without an rng is still deterministic."""
    key = "|".join(
        str(view.get(k))
        for k in ("seat", "hand_number", "dealer", "hand", "bids", "trick", "scores")
    )
    key += "|" + str(len(view.get("tricks") or []))
    seed = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")
    return random.Random(seed)


def _hard_exact(view: View, rng: random.Random) -> Action | None:
    return hard.choose(view, rng, time_budget=math.inf)


# The levels whose decision a clock can cut short, without that clock (``exact``).
_EXACT_BOTS: dict[str, Bot] = {"hard": _hard_exact}


def choose_action(
    level: str, view: View, rng: random.Random | None = None, exact: bool = False
) -> Action | None:
    """The action of bot ``level`` for ``view``, or None if it has nothing to do now.
    ``exact``: never cut short by the clock (see the module's docstring)."""
    try:
        bot = _EXACT_BOTS.get(level, _BOTS[level]) if exact else _BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    legal: list[Action] = view.get("legal") or []
    if not legal or view.get("seat") is None or view.get("to_move") != view.get("seat"):
        return None
    action = bot(view, rng if rng is not None else view_rng(view))
    if action not in legal:  # defensive: never send an illegal action
        action = legal[0]
    return action


__all__ = ["LEVELS", "Bot", "TrickEstimate", "View", "choose_action", "estimate_tricks", "view_rng"]
