"""Fit the bots' fixed openskill ratings from their duplicate tournament.

Each pairing of levels (Easy–Normal, Normal–Hard, Easy–Hard) plays ``--matches`` duplicate
pairs (``spades.bots.tournament.play_pair``: each seed twice, the partnerships swapped); every
game is then a team result. The ratings are fitted by openskill itself: ``--passes`` passes over
the shuffled games from the default rating, each pass starting from the last one's mu with the
default sigma, then shifted so that Normal sits at mu 25 (the newcomer's mu). The sigma printed
is the last pass's. ``--write`` writes them to ranked/bot_ratings.json.
"""

from __future__ import annotations

import random

from django.core.management.base import BaseCommand

from ranked import bot_ratings
from ranked.ratings import MODEL, START_SIGMA
from spades.bots.tournament import play_pair
from spades.engine import table_rules

LEVELS = ("easy", "normal", "hard")
PAIRINGS = (("easy", "normal"), ("normal", "hard"), ("easy", "hard"))


def fit(games: list[tuple[str, str]], passes: int, seed: int) -> dict[str, tuple[float, float]]:
    """openskill ratings per level from (winner level, loser level) games of two-bot teams."""
    rng = random.Random(seed)
    mu = dict.fromkeys(LEVELS, MODEL.mu)
    sigma = dict.fromkeys(LEVELS, START_SIGMA)
    for _ in range(passes):
        ratings = {lv: MODEL.rating(mu=mu[lv], sigma=START_SIGMA) for lv in LEVELS}
        order = list(games)
        rng.shuffle(order)
        for winner, loser in order:
            w, lo = ratings[winner], ratings[loser]
            (nw, _), (nl, _) = MODEL.rate([[w, w], [lo, lo]], ranks=[0, 1])
            ratings[winner], ratings[loser] = nw, nl
        mu = {lv: r.mu for lv, r in ratings.items()}
        sigma = {lv: r.sigma for lv, r in ratings.items()}
    shift = 25.0 - mu["normal"]
    return {lv: (round(mu[lv] + shift, 2), round(sigma[lv], 2)) for lv in LEVELS}


class Command(BaseCommand):
    help = "Play the bots' duplicate tournament and fit their fixed openskill ratings."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--matches", type=int, default=20, help="duplicate pairs per pairing")
        parser.add_argument("--hands", type=int, default=None, help="stop each match early")
        parser.add_argument("--seed", type=int, default=20261201)
        parser.add_argument("--passes", type=int, default=5)
        parser.add_argument("--write", action="store_true", help="write ranked/bot_ratings.json")

    def handle(self, *args, **options) -> None:
        rules = table_rules()
        games: list[tuple[str, str]] = []
        for a, b in PAIRINGS:
            wins = 0
            for i in range(options["matches"]):
                job = (options["seed"] + i, (a, a), (b, b), rules, options["hands"])
                for game in play_pair(job):
                    winner, loser = (a, b) if game.winner_side == "A" else (b, a)
                    games.append((winner, loser))
                    wins += game.winner_side == "A"
            self.stdout.write(f"{a} vs {b}: {a} won {wins} of {2 * options['matches']}")
        fitted = fit(games, options["passes"], options["seed"])
        for level, (mu, sigma) in fitted.items():
            self.stdout.write(f"{level}: mu {mu}, sigma {sigma}")
        if options["write"]:
            bot_ratings.save(fitted)
            self.stdout.write(f"written to {bot_ratings.DATA}")
