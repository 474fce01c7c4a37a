"""Signing and sharing packs: where the site's signing key lives, and how a pull from
another site is bounded (docs/packs.md, "Signatures and sharing between sites").

The private key is a PEM file outside the database (a backup or a copied database never
carries it); ``manage.py signingkey`` creates it. With no file there, nothing is signed.
"""

from builder.settings.base import VAR_DIR, env

MUSTER_SIGNING_KEY_FILE = env(
    "MUSTER_SIGNING_KEY_FILE", default=str(VAR_DIR / "signing" / "ed25519.pem")
)
# Seconds a pull waits for the publisher to connect and answer each request.
PACK_PULL_TIMEOUT = env.float("PACK_PULL_TIMEOUT", default=10.0)
# Bytes read of one answer: a pack file past the loader's own limit is refused unread.
PACK_PULL_MAX_BYTES = env.int("PACK_PULL_MAX_BYTES", default=8 * 1024 * 1024)
