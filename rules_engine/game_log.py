"""The ``muster-game-log/1`` file and its check: replay every roll and every outcome.

A log holds the game (id, system, title), its dice (``physical`` or ``server`` with the
commitment, the players' entropy and, once revealed, the seed) and its entries in order.
Each entry is one resolved procedure, or a correction that reverses an earlier entry::

    {"seq": 3, "who": "Ann", "procedure": "shot", "params": {...}, "roles": {"target": "b1"},
     "rolls": [4, 6],
     "source": "server", "outcome": {...}, "changes": [...], "explanation": [...],
     "time": "2026-12-03T15:04:05Z", "chain": "<hex>"}
    {"seq": 4, "who": "referee", "procedure": "correction", "reverses": 3,
     "reason": "wrong target", "time": "...", "chain": "<hex>"}

``chain`` is SHA-256 of the previous entry's chain (64 zeros before the first) and this
entry's canonical JSON without its chain, so an entry changed, dropped or moved breaks every
chain after it. ``verify`` re-derives server rolls from the revealed seed, resolves each
entry again by the rules and names the first entry that does not match.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.fair_dice import commitment, entropy_digest, faces
from rules_engine.procedures import Dice
from rules_engine.resolve import procedure_of, resolution, resolve, situation

FORMAT = "muster-game-log/1"
CORRECTION = "correction"
GENESIS = "0" * 64


def canonical(value: Any) -> bytes:
    """The JSON every digest is taken of: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def chain_of(previous: str, entry: Mapping[str, Any]) -> str:
    """The chain value of ``entry`` after ``previous`` (its own ``chain`` left out)."""
    body = {k: v for k, v in entry.items() if k != "chain"}
    return hashlib.sha256(previous.encode() + canonical(body)).hexdigest()


def server_rolls(
    catalogue: Catalogue,
    dice: Mapping[str, Any],
    game: str,
    seq: int,
    system: str,
    entry: Mapping[str, Any],
) -> list[int]:
    """The faces the server dice give entry ``seq`` for the dice its situation needs."""
    procedure = procedure_of(system, entry["procedure"])
    needed = procedure.dice(catalogue, situation(system, procedure, entry.get("params")))
    return _server_faces(dice, game, seq, needed)


def _server_faces(
    dice: Mapping[str, Any], game: str, seq: int, needed: Iterable[Dice]
) -> list[int]:
    sides = [d.sides for d in needed for _ in range(d.count)]
    digest = entropy_digest(dice.get("entropy") or {})
    return faces(dice["seed"], game, seq, digest, sides)


@dataclass(frozen=True)
class Mismatch:
    """The first entry that does not replay: its sequence number, what and how."""

    seq: int | None
    field: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "field": self.field, "message": self.message}


def _header_problem(log: Any) -> str | None:
    if not isinstance(log, dict):
        return "a game log is a JSON object"
    if log.get("format") != FORMAT:
        return f"format must be {FORMAT!r}, not {log.get('format')!r}"
    for key, kind in (("game", dict), ("dice", dict), ("entries", list)):
        if not isinstance(log.get(key), kind):
            return f"{key!r} is missing or not a JSON {'object' if kind is dict else 'list'}"
    for key in ("id", "system"):
        if not isinstance(log["game"].get(key), str):
            return f"game.{key} must be text"
    if log["dice"].get("mode") not in ("server", "physical"):
        return "dice.mode must be 'server' or 'physical'"
    return None


def verify(catalogue: Catalogue, log: Any) -> dict[str, Any]:
    """Replay ``log``: ``{"verified", "entries", "rolls_checked", "seed_revealed",
    "mismatch"}``, where ``mismatch`` names the first entry that does not match (or None).

    Raises:
        BadDocument: a file that is not a game log at all (at ``$`` or the key named).
    """
    problem = _header_problem(log)
    if problem:
        raise BadDocument.at("$", problem)
    game, dice, entries = log["game"], log["dice"], log["entries"]
    seed = dice.get("seed")
    revealed = dice["mode"] == "server" and seed is not None
    if revealed and (not _is_seed(seed) or commitment(seed) != dice.get("commitment")):
        return _report(entries, 0, revealed, Mismatch(None, "dice.seed", _SEED_WORDS))
    previous, checked = GENESIS, 0
    reversed_: set[int] = set()
    kinds: dict[int, str] = {}
    for at, entry in enumerate(entries, start=1):
        mismatch = _entry_mismatch(entry, at, previous, kinds, reversed_)
        if mismatch is None and entry.get("procedure") != CORRECTION:
            mismatch, rolled = _replay(catalogue, game, dice, revealed, entry)
            checked += rolled
        if mismatch is not None:
            return _report(entries, checked, revealed, mismatch)
        previous = entry["chain"]
        kinds[at] = entry["procedure"]
    return _report(entries, checked, revealed, None)


def _is_seed(seed: Any) -> bool:
    return isinstance(seed, str) and len(seed) == 64 and all(c in "0123456789abcdef" for c in seed)


_SEED_WORDS = "the revealed seed does not match the commitment published before play"


def _report(
    entries: Sequence[Any], checked: int, revealed: bool, mismatch: Mismatch | None
) -> dict[str, Any]:
    return {
        "verified": mismatch is None,
        "entries": len(entries),
        "rolls_checked": checked,
        "seed_revealed": revealed,
        "mismatch": None if mismatch is None else mismatch.as_dict(),
    }


def _entry_mismatch(
    entry: Any, at: int, previous: str, kinds: Mapping[int, str], reversed_: set[int]
) -> Mismatch | None:
    if not isinstance(entry, dict):
        return Mismatch(at, "entry", f"entry {at} is not a JSON object")
    seq = entry.get("seq")
    if not isinstance(entry.get("procedure"), str):
        return Mismatch(at, "procedure", f"entry {at} names no procedure")
    if entry["procedure"] != CORRECTION and not isinstance(entry.get("rolls"), list):
        return Mismatch(at, "rolls", f"entry {at} has no list of rolls")
    if seq != at:
        return Mismatch(at, "seq", f"entry {at} is numbered {seq!r}: entries are out of order")
    if entry.get("chain") != chain_of(previous, entry):
        return Mismatch(at, "chain", f"entry {at} was changed, or an entry before it was")
    if entry.get("procedure") == CORRECTION:
        target = entry.get("reverses")
        if not isinstance(target, int) or target not in kinds or kinds[target] == CORRECTION:
            return Mismatch(at, "reverses", f"entry {at} reverses {target!r}, not an earlier roll")
        if target in reversed_:
            return Mismatch(at, "reverses", f"entry {at} reverses entry {target} a second time")
        reversed_.add(target)
    return None


def _replay(
    catalogue: Catalogue,
    game: Mapping[str, Any],
    dice: Mapping[str, Any],
    revealed: bool,
    entry: Mapping[str, Any],
) -> tuple[Mismatch | None, int]:
    seq, rolls = entry["seq"], list(entry.get("rolls") or [])
    source = entry.get("source")
    if source != ("server" if dice["mode"] == "server" else "physical"):
        words = f"entry {seq}'s dice are {source!r} in a game of {dice['mode']} dice"
        return Mismatch(seq, "source", words), 0
    try:
        # The situation is read once, for the seed's rolls and for the resolution alike.
        system = game["system"]
        procedure = procedure_of(system, entry["procedure"])
        resolved = situation(system, procedure, entry.get("params"))
        needed = list(procedure.dice(catalogue, resolved))
        if source == "server" and revealed:
            expected = _server_faces(dice, game["id"], seq, needed)
            if rolls != expected:
                words = f"entry {seq} shows rolls {rolls}, the seed gives {expected}"
                return Mismatch(seq, "rolls", words), 0
        again = resolution(catalogue, system, procedure, resolved, needed, rolls)
    except BadDocument as exc:
        return Mismatch(seq, "params", f"entry {seq} cannot be resolved: {exc}"), 0
    for key in ("outcome", "changes"):
        if entry.get(key) != again[key]:
            words = f"entry {seq}'s {key} is not what the rules give for its rolls"
            return Mismatch(seq, key, words), len(rolls) if revealed else 0
    return None, len(rolls) if source == "server" and revealed else 0


def after(log: Mapping[str, Any]) -> tuple[int, str]:
    """Where the next entry of ``log`` goes: its number and the chain it follows."""
    entries = log["entries"]
    return len(entries) + 1, entries[-1]["chain"] if entries else GENESIS


def entry_of(
    catalogue: Catalogue,
    log: Mapping[str, Any],
    *,
    who: str,
    procedure: str,
    params: Mapping[str, Any] | None,
    rolls: Sequence[int],
    time: str,
    roles: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The next entry of ``log``: the procedure resolved on ``rolls`` (the server's, in a game
    of server dice: ``server_rolls``), numbered and chained after the last entry. ``roles``
    names the figure that plays each role of the situation (``{"target": "b2"}``).

    Raises:
        BadDocument: the procedure, its parameters or the rolls, as ``resolve`` says.
    """
    seq, previous = after(log)
    return entry_at(
        catalogue,
        log["game"]["system"],
        "server" if log["dice"]["mode"] == "server" else "physical",
        seq,
        previous,
        who=who,
        procedure=procedure,
        params=params,
        rolls=rolls,
        time=time,
        roles=roles,
    )


def entry_at(
    catalogue: Catalogue,
    system: str,
    source: str,
    seq: int,
    previous: str,
    *,
    who: str,
    procedure: str,
    params: Mapping[str, Any] | None,
    rolls: Sequence[int],
    time: str,
    roles: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Entry ``seq`` of a log whose last chain is ``previous`` (``entry_of`` for a log in
    hand; a table that stores its entries needs only the last one)."""
    done = resolve(catalogue, system, procedure, params, rolls)
    entry = {
        "seq": seq,
        "who": who,
        "procedure": procedure,
        "params": done["params"],
        "roles": dict(roles or {}),
        "rolls": list(rolls),
        "source": source,
        "outcome": done["outcome"],
        "changes": done["changes"],
        "explanation": done["explanation"],
        "time": time,
    }
    return entry | {"chain": chain_of(previous, entry)}


def correction_of(
    log: Mapping[str, Any], *, who: str, reverses: int, reason: str, time: str
) -> dict[str, Any]:
    """The next entry of ``log``: a correction reversing entry ``reverses``."""
    return correction_at(*after(log), who=who, reverses=reverses, reason=reason, time=time)


def correction_at(
    seq: int, previous: str, *, who: str, reverses: int, reason: str, time: str
) -> dict[str, Any]:
    """Entry ``seq``, a correction reversing entry ``reverses``, after chain ``previous``."""
    entry = {
        "seq": seq,
        "who": who,
        "procedure": CORRECTION,
        "reverses": reverses,
        "reason": reason,
        "time": time,
    }
    return entry | {"chain": chain_of(previous, entry)}
