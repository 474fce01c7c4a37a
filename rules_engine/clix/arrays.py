"""Array types the vectorised fights of both Crimson Skies games pass around."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.integer[Any]]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]
