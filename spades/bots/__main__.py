"""``python -m spades.bots tournament ...`` (see spades/bots/tournament.py)."""

from __future__ import annotations

import sys

from .tournament import main

if __name__ == "__main__":
    sys.exit(main())
