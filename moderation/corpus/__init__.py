"""The word filter's test corpus: offensive variants (by class: plurals and other forms, letters
apart, look-alike scripts, invisible characters...) and innocent French and English phrases,
one JSON object a line (invisible characters written as ``\\uXXXX`` so that an editor keeps
them). ``measure`` checks a list of entries against it: the share of variants caught and the
innocent phrases touched. ``manage.py wordfilter_rates`` prints it for the database's entries,
and a test holds the goals (at least 95% caught, no innocent phrase touched)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from moderation.words import Entry, check

HERE = Path(__file__).parent
GOAL_CAUGHT = 0.95


@dataclass(frozen=True)
class Phrase:
    text: str
    group: str  # the offensive variant's class, or the innocent phrase's language


def _read(name: str, key: str) -> list[Phrase]:
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    return [Phrase(row["text"], row[key]) for row in rows]


def offensive() -> list[Phrase]:
    return _read("offensive.jsonl", "class")


def innocent() -> list[Phrase]:
    return _read("innocent.jsonl", "lang")


@dataclass
class Rates:
    """What the entries make of the corpus."""

    caught: int = 0
    offensive: int = 0
    missed: list[Phrase] = field(default_factory=list)
    innocent: int = 0
    blocked: list[Phrase] = field(default_factory=list)
    by_class: dict[str, tuple[int, int]] = field(default_factory=dict)  # class: (caught, of)

    @property
    def caught_share(self) -> float:
        return self.caught / self.offensive if self.offensive else 1.0

    @property
    def meets_goals(self) -> bool:
        return self.caught_share >= GOAL_CAUGHT and not self.blocked


def touched(text: str, entries: list[Entry]) -> bool:
    """Whether the filter does anything to ``text`` (masks it, refuses it or reports it)."""
    verdict = check(text, entries)
    return bool(verdict.action) or verdict.text != text


def measure(entries: list[Entry]) -> Rates:
    rates = Rates()
    for phrase in offensive():
        hit = touched(phrase.text, entries)
        rates.offensive += 1
        rates.caught += hit
        caught, of = rates.by_class.get(phrase.group, (0, 0))
        rates.by_class[phrase.group] = (caught + hit, of + 1)
        if not hit:
            rates.missed.append(phrase)
    for phrase in innocent():
        rates.innocent += 1
        if touched(phrase.text, entries):
            rates.blocked.append(phrase)
    return rates
