"""Server dice: committed before play, the same faces for anyone who replays them, no bias."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.fair_dice import commitment, entropy_digest, faces, new_seed

SEED = "00" * 31 + "01"


def test_the_commitment_is_sha256_of_the_seed_bytes():
    assert commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    assert commitment(SEED) != commitment("00" * 32)


def test_entropy_is_digested_in_sorted_player_order():
    one = entropy_digest({"Ann": "kestrel", "Bob": "42"})
    assert one == entropy_digest({"Bob": "42", "Ann": "kestrel"})
    assert one == hashlib.sha256(b"Ann=kestrel\nBob=42").hexdigest()
    assert entropy_digest({}) == hashlib.sha256(b"").hexdigest()


def test_a_roll_is_derived_by_hand_as_docs_play_md_says():
    digest = entropy_digest({"Ann": "kestrel"})
    mac = hmac.new(
        bytes.fromhex(SEED), f"muster-dice/1|g7|3|{digest}|0".encode(), hashlib.sha256
    ).digest()
    by_hand = [int.from_bytes(mac[i : i + 8], "big") % 6 + 1 for i in (0, 8)]
    assert faces(SEED, "g7", 3, digest, [6, 6]) == by_hand


def test_the_same_seed_game_roll_and_entropy_give_the_same_faces():
    digest = entropy_digest({"Ann": "x"})
    assert faces(SEED, "g1", 5, digest, [6, 10, 12]) == faces(SEED, "g1", 5, digest, [6, 10, 12])


def test_each_of_game_roll_and_entropy_changes_the_stream():
    digest = entropy_digest({})
    many = [6] * 20
    base = faces(SEED, "g1", 1, digest, many)
    assert faces(SEED, "g2", 1, digest, many) != base
    assert faces(SEED, "g1", 2, digest, many) != base
    assert faces(SEED, "g1", 1, entropy_digest({"Ann": "x"}), many) != base


def test_faces_are_even_over_many_rolls():
    digest = entropy_digest({})
    counts = Counter(f for n in range(1, 3001) for f in faces(SEED, "even", n, digest, [6, 6]))
    # 6,000 d6: each face within 4 standard deviations (about 116) of 1,000.
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(c - 1000) < 116 for c in counts.values()), counts


def test_a_new_seed_is_64_hex_digits_and_never_repeats():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(s) == 64 and int(s, 16) >= 0 for s in seeds)


@given(
    sides=st.lists(st.integers(min_value=2, max_value=100), min_size=1, max_size=12),
    roll=st.integers(min_value=1, max_value=10**6),
)
def test_every_face_is_on_its_die(sides, roll):
    got = faces(SEED, "prop", roll, entropy_digest({}), sides)
    assert len(got) == len(sides)
    assert all(1 <= f <= d for f, d in zip(got, sides, strict=True))
