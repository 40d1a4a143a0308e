"""Print how the word filter's enabled entries fare on the test corpus (``moderation.corpus``):
the offensive variants caught, class by class, and the innocent phrases it touches. Exits with
status 1 when the goals are not met, so that a moderator's or a developer's change to the list
can be checked before it goes live."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from moderation import wordfilter
from moderation.corpus import GOAL_CAUGHT, measure


class Command(BaseCommand):
    help = "Print the word filter's rates on its corpus of offensive and innocent phrases."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--verbose-misses", action="store_true", help="list every phrase the filter gets wrong"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        wordfilter.forget()
        rates = measure(wordfilter.entries())
        out = self.stdout.write
        out(
            f"offensive variants caught: {rates.caught}/{rates.offensive} "
            f"({rates.caught_share:.1%}, goal {GOAL_CAUGHT:.0%})"
        )
        for group, (caught, of) in sorted(rates.by_class.items()):
            out(f"  {group:<16} {caught}/{of}")
        out(f"innocent phrases touched: {len(rates.blocked)}/{rates.innocent} (goal 0)")
        if options["verbose_misses"]:
            for phrase in rates.missed:
                out(f"  missed   [{phrase.group}] {phrase.text!r}")
        for phrase in rates.blocked:
            out(f"  touched  [{phrase.group}] {phrase.text!r}")
        if not rates.meets_goals:
            raise CommandError("the word filter misses its goals on the corpus")
