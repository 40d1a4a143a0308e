"""Spades as pure Python: the rules engine (``spades.engine``) and the bots (``spades.bots``).

Nothing here imports Django or the site: a match is replayable from its rules, seed and actions
alone, and a bot sees exactly one seat's view. The site's apps build on this package; it never
builds on them (the import-linter contract in pyproject.toml).
"""
