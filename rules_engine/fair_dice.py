"""Server dice that nobody at the table has to trust: committed before play, checkable after.

The scheme (``docs/play.md`` walks it by hand):

1. The game draws a secret 32-byte *seed* and publishes its commitment,
   ``SHA-256(seed)`` in hex, before the first roll.
2. Each player may add *entropy* (any text) before the first roll. The entropy is published
   at once; its digest is ``SHA-256`` of the players' texts, each as ``player=text``, sorted
   and joined by newlines.
3. Roll number *n* (the log entry's sequence number) of game *g* is a stream of blocks
   ``HMAC-SHA256(key=seed, message="muster-dice/1|g|n|entropy digest|k")`` for k = 0, 1, ...
   Each block is read as four 64-bit big-endian numbers; a number *x* gives a face of a
   *d*-sided die as ``x mod d + 1`` only when ``x < 2**64 - (2**64 mod d)`` and is skipped
   otherwise, so every face is exactly as likely (no modulo bias). Dice are taken in the
   order the procedure asks for them.
4. When the game ends (or the referee chooses) the seed is revealed: anyone can check it
   against the commitment and re-derive every roll.

The seed alone cannot be steered towards good rolls by the server after the commitment,
and the players' entropy, added after the commitment is public, means the server could not
have chosen a seed to suit rolls it could not foresee.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping, Sequence

SCHEME = "muster-dice/1"
_SPAN = 1 << 64


def new_seed() -> str:
    """A fresh secret seed, as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The published promise of ``seed``: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def entropy_digest(entropy: Mapping[str, str]) -> str:
    """SHA-256 (hex) of the players' entropy: ``player=text`` lines, sorted, joined by
    newlines; the digest of no entropy is that of the empty text."""
    lines = sorted(f"{player}={text}" for player, text in entropy.items())
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def _numbers(seed: str, game: str, roll: int, digest: str) -> Iterator[int]:
    key = bytes.fromhex(seed)
    block = 0
    while True:
        message = f"{SCHEME}|{game}|{roll}|{digest}|{block}".encode()
        mac = hmac.new(key, message, hashlib.sha256).digest()
        for at in range(0, 32, 8):
            yield int.from_bytes(mac[at : at + 8], "big")
        block += 1


def faces(seed: str, game: str, roll: int, digest: str, sides: Sequence[int]) -> list[int]:
    """The faces of roll ``roll`` of ``game``: one die of each of ``sides``, in that order.

    Raises:
        ValueError: a die with fewer than two sides, or a seed that is not 64 hex digits.
    """
    if len(seed) != 64:
        raise ValueError("a seed is 64 hex digits")
    numbers = _numbers(seed, game, roll, digest)
    out = []
    for d in sides:
        if d < 2:
            raise ValueError(f"a die has at least two sides, not {d}")
        limit = _SPAN - _SPAN % d
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        out.append(x % d + 1)
    return out
