"""Replay every ranked match in the order they ended and rebuild every rating from them."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from ranked.ratings import recompute


class Command(BaseCommand):
    help = "Rebuild every rating and rating change from the ranked matches, in order."

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()
        rated = recompute()
        elapsed = time.perf_counter() - started
        self.stdout.write(f"{rated} ranked matches replayed in {elapsed:.2f} s")
