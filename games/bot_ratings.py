"""The bots' fixed ratings (openskill mu, sigma) per level: bots never move on the ranked ladder.

Written by ``manage.py calibrate_bot_ratings --write`` from the bots' duplicate tournament
(bench/README.md, "Bot ratings" gives the run and its figures)."""

BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (-14.79, 8.07),
    "normal": (25.0, 5.47),
    "hard": (38.35, 5.5),
}
