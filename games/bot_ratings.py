"""The bots' fixed ratings (openskill mu, sigma) per level: bots never move on the ranked ladder.

Written by ``manage.py calibrate_bot_ratings --write`` from the bots' duplicate tournament
(bench/README.md, "Bot ratings" gives the run and its figures)."""

BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (19.05, 4.4),
    "normal": (25.0, 3.97),
    "hard": (24.94, 3.96),
}
