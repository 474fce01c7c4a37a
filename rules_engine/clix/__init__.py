"""The clix mechanics both Crimson Skies games share: combat dials, d6 hits against capped
targets, 2d6 checks, the arrays of vectorised fights, scenario settings, the
shape of a fight report, and the Aces characters that also fly Air Action planes.

Both ``cs_aces`` and ``cs_air_action`` build on this package; neither imports the other.
"""
