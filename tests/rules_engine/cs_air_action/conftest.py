"""Hand-made Air Action forces for fight tests that must not depend on the packs' values."""

import numpy as np
import pytest

from rules_engine.cs_air_action.forces import Forces


@pytest.fixture
def duel_forces() -> Forces:
    """Two hand-made planes: A shot down by 3 clicks, B by 2 (last column: shot down)."""
    return Forces(
        names=("Duellist A", "Duellist B"),
        paths=("list_a.entries[0]", "list_b.entries[0]"),
        side=np.array([0, 1], dtype=np.int8),
        points=np.array([60, 45], dtype=np.int32),
        silhouette=np.array([2, 2], dtype=np.int16),
        ko=np.array([3, 2], dtype=np.int16),
        front=np.array([[4, 3, 2, 0], [3, 1, 0, 0]], dtype=np.int16),
        rear=np.array([[2, 2, 1, 0], [0, 0, 0, 0]], dtype=np.int16),
        piloting=np.array([[6, 7, 9, 0], [8, 10, 0, 0]], dtype=np.int16),
        ace_fate=np.zeros((2, 1), dtype=np.int16),
        build_points=(60, 45),
    )
