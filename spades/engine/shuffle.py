"""Deals anyone can verify: scheme ``sha256-fy-v1`` (shared/spec/fair-deals.md).

Each hand is dealt from a seed of its own, 32 random bytes chosen before the deal. The commitment
(SHA-256 of ``context|seed``) is shown from the deal on; the seed is revealed once the hand ends,
and anyone can then recompute both the commitment and the deal with the steps below. The context
(``table=<id>;match=<id>;hand=<n>``) binds a seed to one hand: a seed shown for one hand cannot be
passed off as another's.

Pure, like the rest of the engine: a seed is an argument. Where a new one comes from is the
caller's choice (``new_seed``, from ``secrets``, is what the site uses); ``FairDeals`` holds a
match's seeds so that a match is replayed exactly from its rules, seeds and actions.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from .cards import CARD_INDEX, CODES, SEATS
from .variants import VARIANTS

SCHEME: Final = "sha256-fy-v1"
_SEED: Final = re.compile(r"[0-9a-f]{64}")
_CONTEXT: Final = re.compile(r"table=(0|[1-9][0-9]*);match=(0|[1-9][0-9]*);hand=([1-9][0-9]*)")
_TWO_32: Final = 1 << 32


def new_seed() -> str:
    """A fresh seed: 32 bytes from the operating system's cryptographic source, as 64 hex."""
    return secrets.token_bytes(32).hex()


def context(table_id: int, match_id: int, hand_number: int) -> str:
    """``table=<table id>;match=<match id>;hand=<hand number>`` (hands counted from 1)."""
    return f"table={table_id};match={match_id};hand={hand_number}"


def commitment(context_text: str, seed_hex: str) -> str:
    """SHA-256 of the UTF-8 bytes of ``<context>|<seed hex>``, as 64 lowercase hex."""
    return hashlib.sha256(f"{context_text}|{seed_hex}".encode()).hexdigest()


def random_stream(seed: bytes) -> Iterator[int]:
    """Unsigned 32-bit big-endian integers: block ``i`` is SHA-256(seed || i as 4 bytes
    big-endian), 8 integers per block, blocks in order."""
    i = 0
    while True:
        block = hashlib.sha256(seed + i.to_bytes(4, "big")).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k : k + 4], "big")
        i += 1


def deck(variant: str = "none") -> tuple[int, ...]:
    """The deck before shuffling, as card ints: ``2S 3S ... AS 2H ... AC`` (the int order of
    ``cards``); with the Joker variant, without ``2D`` and ``2C``, then ``LJ``, ``BJ``."""
    return VARIANTS[variant].deck


def shuffled(seed: bytes, cards: Sequence[int]) -> list[int]:
    """Fisher-Yates from the last position down, each index drawn by rejection (unbiased)."""
    order = list(cards)
    stream = random_stream(seed)
    for k in range(len(order) - 1, 0, -1):
        n = k + 1
        limit = _TWO_32 - _TWO_32 % n
        u = next(stream)
        while u >= limit:
            u = next(stream)
        j = u % n
        order[k], order[j] = order[j], order[k]
    return order


def deal(seed_hex: str, dealer: int, variant: str = "none") -> list[list[int]]:
    """Card ints by seat int, each seat's cards in the order dealt: the card at position ``i``
    of the shuffled deck goes to seat ``(dealer + 1 + i) % 4``."""
    order = shuffled(bytes.fromhex(seed_hex), deck(variant))
    hands: list[list[int]] = [[], [], [], []]
    for i, card in enumerate(order):
        hands[(dealer + 1 + i) & 3].append(card)
    return hands


def shuffle_object(context_text: str, seed_hex: str) -> dict[str, str]:
    """The ``shuffle`` object of a finished hand (history entries, hand records)."""
    return {
        "scheme": SCHEME,
        "context": context_text,
        "seed": seed_hex,
        "commitment": commitment(context_text, seed_hex),
    }


class FairDeals:
    """The seeds of one match's hands (``seeds[k - 1]`` deals hand ``k``) and their context.

    ``fresh`` gives the seed of a hand beyond those known (the site: ``new_seed``); without it,
    dealing such a hand raises ``LookupError``: a replay uses the stored seeds only.
    ``final``: the seeds are a set fixed before the match (the daily deals, played by everyone):
    the match ends with the last of them, whatever the scores (``Match``).
    """

    scheme = SCHEME

    def __init__(
        self,
        table_id: int,
        match_id: int,
        seeds: Sequence[str] = (),
        fresh: Callable[[], str] | None = None,
        final: bool = False,
    ) -> None:
        for seed in seeds:
            check_seed(seed)
        self.table_id = table_id
        self.match_id = match_id
        self.seeds = list(seeds)
        self.fresh = None if final else fresh
        self.final = final
        self._commitments: dict[int, str] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """For ``copy``/``deepcopy``/``pickle``, the same compiled or not (a compiled class has
        no bare ``__new__``)."""
        state = (self.seeds, self.fresh, self.final, self._commitments)
        return _rebuild_deals, (self.table_id, self.match_id, state)

    def __repr__(self) -> str:
        return f"<FairDeals table={self.table_id} match={self.match_id} hands={len(self.seeds)}>"

    def seed(self, hand_number: int) -> str:
        """The seed of hand ``hand_number``; the next hand's is drawn from ``fresh``."""
        if hand_number == len(self.seeds) + 1 and self.fresh is not None:
            self.seeds.append(check_seed(self.fresh()))
        if not 1 <= hand_number <= len(self.seeds):
            raise LookupError(f"no seed for hand {hand_number} of match {self.match_id}")
        return self.seeds[hand_number - 1]

    def context(self, hand_number: int) -> str:
        return context(self.table_id, self.match_id, hand_number)

    def deal(self, hand_number: int, dealer: int, variant: str = "none") -> list[list[int]]:
        """Hand ``hand_number``'s deal (card ints by seat int) from its seed."""
        return deal(self.seed(hand_number), dealer, variant)

    def commitment(self, hand_number: int) -> str:
        found = self._commitments.get(hand_number)
        if found is None:
            found = commitment(self.context(hand_number), self.seed(hand_number))
            self._commitments[hand_number] = found
        return found

    def public(self, hand_number: int) -> dict[str, str]:
        """What every seat sees of a hand in progress: the scheme, context and commitment."""
        return {
            "scheme": SCHEME,
            "context": self.context(hand_number),
            "commitment": self.commitment(hand_number),
        }

    def reveal(self, hand_number: int) -> dict[str, str]:
        """The ``shuffle`` object of a finished hand: the public part and the seed."""
        return shuffle_object(self.context(hand_number), self.seed(hand_number))


def _rebuild_deals(table_id: int, match_id: int, state: tuple[Any, ...]) -> FairDeals:
    """The ``FairDeals`` of ``__reduce__``."""
    deals = FairDeals(table_id, match_id)
    deals.seeds, deals.fresh, deals.final, deals._commitments = state
    return deals


def check_seed(seed: Any) -> str:
    """``seed`` if it is 64 lowercase hex characters, else ``ValueError``."""
    if not isinstance(seed, str) or not _SEED.fullmatch(seed):
        raise ValueError("a seed is 64 lowercase hexadecimal characters")
    return seed


# ----------------------------------------------------------------- verifying a hand record


def verify_record(record: Any) -> str | None:
    """Why a hand record's deal disagrees with its ``shuffle`` object, or None when it agrees.

    The commitment must be that of ``context|seed``, and the four hands exactly the deal of the
    seed from the record's dealer (in the record's variant). Bids and plays are not judged here.
    """
    if not isinstance(record, dict):
        return "a hand record must be a JSON object"
    shuffle = record.get("shuffle")
    if shuffle is None:
        return "no shuffle"
    if not isinstance(shuffle, dict):
        return "shuffle must be an object"
    for key in ("scheme", "context", "seed", "commitment"):
        if not isinstance(shuffle.get(key), str):
            return f"shuffle has no {key}"
    if shuffle["scheme"] != SCHEME:
        return f"unknown scheme {shuffle['scheme']!r} (this command knows {SCHEME})"
    seed, ctx = shuffle["seed"], shuffle["context"]
    if not _SEED.fullmatch(seed):
        return "the seed is not 64 lowercase hexadecimal characters"
    if not _CONTEXT.fullmatch(ctx):
        return f"the context {ctx!r} is not table=<id>;match=<id>;hand=<n>"
    if commitment(ctx, seed) != shuffle["commitment"]:
        return "commitment does not match the seed"
    dealer = record.get("dealer")
    if dealer not in SEATS:
        return "dealer must be one of N, E, S, W"
    rules = record.get("rules") or {}
    variant = rules.get("variant", "none") if isinstance(rules, dict) else None
    if variant not in VARIANTS:
        return f"unknown variant {variant!r}"
    return _compare_hands(record.get("hands"), deal(seed, SEATS.index(dealer), variant))


def _compare_hands(hands: Any, dealt: list[list[int]]) -> str | None:
    """The first card the record places elsewhere than the seed deals it, or a missing one."""
    if not isinstance(hands, dict) or set(hands) != set(SEATS):
        return "hands must map each of N, E, S, W to its cards"
    owner = {card: seat for seat, cards in enumerate(dealt) for card in cards}
    for seat in SEATS:
        cards = hands[seat]
        if not isinstance(cards, list):
            return f"{seat}'s hand must be a list of cards"
        for code in cards:
            card = CARD_INDEX.get(code) if isinstance(code, str) else None
            if card is None or card not in owner:
                return f"{seat} holds {code!r}, which is not in the deck"
            if SEATS[owner[card]] != seat:
                return f"{seat} holds {code}, the seed deals it to {SEATS[owner[card]]}"
    for p, cards in enumerate(dealt):
        held = hands[SEATS[p]]
        for card in cards:
            if CODES[card] not in held:
                return f"the seed deals {CODES[card]} to {SEATS[p]}, who does not hold it"
        if len(held) != len(cards):
            return f"{SEATS[p]} holds {len(held)} cards, the seed deals {len(cards)}"
    return None
