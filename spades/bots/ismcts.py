"""Single-observer information-set Monte Carlo tree search for Hard's card play.

Cowling, Powley and Whitehouse 2012 ("Information set Monte Carlo tree search", SO-ISMCTS): one
tree for the searching seat's information set, whose nodes are sequences of cards played from
now on. Every iteration draws a fresh deal of the hidden cards (``sampler.sample``: the inferring
sampler, so deals come in proportion to how likely the plays seen make them), walks down the tree
along the cards legal in that deal, choosing by UCB1 with availability counts (a card's exploration
term counts the visits of its parent in which it was legal, not all of them), adds one node, plays
the hand out with the playout policy (rollout.py) and backs the value up, each node scored for the
partnership of the seat that played its card.

Against the determinized search (hard.search_play: every candidate played out in every deal) it
does not fuse strategies at the nodes of the tree: a card chosen below the root is chosen once for
all the deals in which it is legal, as a player who cannot see them must. The playouts under the
tree still see every hand. The work is the same currency, simulated card plays (each iteration
plays the hand to its end), and the clock is read after every iteration, so a decision is
deterministic for a given rng on an idle machine and never late on a loaded one.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from spades.engine.hand import HandState

from .rollout import play_out

EXPLORATION = 0.7  # UCB1's constant, in standard deviations of the values seen so far
MIN_SCALE = 10.0  # points: the value scale before the values seen say otherwise


class Node:
    """The cards played from the root to here, seen from the searching seat."""

    __slots__ = ("available", "children", "team", "total", "visits")

    def __init__(self, team: int) -> None:
        self.team = team  # partnership (0 NS, 1 EW) of the seat that played this node's card
        self.visits = 0
        self.available = 0  # visits of the parent in which this card was legal
        self.total = 0.0  # sum of the values backed up, for ``team``
        self.children: dict[int, Node] = {}


def search(
    root_cards: Sequence[int],
    deal_state: Callable[[], HandState],
    value: Callable[[HandState], float],
    our_team: int,
    rng: random.Random,
    plays_left: int,
    budget: int,
    deadline: float,
) -> dict[int, tuple[int, float]]:
    """Run the tree search; card -> (visits, mean value for ``our_team``) of the root's cards.

    ``deal_state`` gives the hand as it stands now in a freshly drawn deal; ``value`` scores a
    finished hand for ``our_team`` (points, ours minus theirs). The root only offers
    ``root_cards`` (the search's candidates, hard.partnership_filters applied); below it every
    legal card is a child. At most ``budget // plays_left`` iterations (at least one), none
    started past ``deadline`` (a ``time.perf_counter()`` value)."""
    root = Node(-1)
    allowed = set(root_cards)
    n_iter = max(1, budget // max(1, plays_left))
    mean, m2 = 0.0, 0.0  # Welford: the scale of the values, for UCB's constant
    for count in range(1, n_iter + 1):
        s = deal_state()
        node = root
        path = [root]
        sd = math.sqrt(m2 / (count - 2)) if count > 2 else 0.0  # over the count - 1 values seen
        scale = EXPLORATION * max(MIN_SCALE, sd)
        while not s.is_complete:
            legal = s.legal_play_ints()
            if node is root:
                legal = tuple(c for c in legal if c in allowed) or legal
            team = s.to_move_index & 1
            untried = [c for c in legal if c not in node.children]
            if untried:
                c = untried[int(rng.random() * len(untried))]
                child = node.children[c] = Node(team)
                for other in legal:
                    if other in node.children:
                        node.children[other].available += 1
                s.play_int(c)
                path.append(child)
                break
            best_c, best_u = legal[0], -math.inf
            for c in legal:
                ch = node.children[c]
                ch.available += 1
                u = ch.total / ch.visits + scale * math.sqrt(math.log(ch.available) / ch.visits)
                if u > best_u:
                    best_c, best_u = c, u
            s.play_int(best_c)
            node = node.children[best_c]
            path.append(node)
        play_out(s)
        v = value(s)
        delta = v - mean
        mean += delta / count
        m2 += delta * (v - mean)
        for n in path:
            n.visits += 1
            n.total += v if n.team == our_team else -v
        if time.perf_counter() > deadline:
            break
    out: dict[int, tuple[int, float]] = {}
    for c, ch in root.children.items():
        if c in allowed and ch.visits:
            sign = 1.0 if ch.team == our_team else -1.0
            out[c] = (ch.visits, sign * ch.total / ch.visits)
    return out


def pick(stats: dict[int, tuple[int, float]], favourite: int | None) -> int:
    """The root card most visited (UCB's robust choice); ties go to the better mean, then to
    ``favourite`` (Normal's card)."""
    return max(
        stats,
        key=lambda c: (stats[c][0], stats[c][1], c == favourite),
    )


def team_of(seat_index: int) -> int:
    """Partnership of a seat int (N=0 E=1 S=2 W=3): 0 for NS, 1 for EW."""
    return seat_index & 1


__all__ = ["EXPLORATION", "Node", "pick", "search", "team_of"]
