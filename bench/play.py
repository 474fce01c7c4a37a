"""The game table's figures: one action resolved and logged, the table page with a long log,
and ``verify`` of a very long one.

1. An action is ``game_act``, the service the API and the page call: the game row locked,
   the procedure resolved by the rules, the entry chained and appended, the figures' state
   changed. It is timed on a Crimson Dust game of physical dice (a skill test and a shot)
   and of server dice (the rolls derived from the seed), sample after sample in turn with
   the bare engine ``resolve`` of the same situation, so other work on a shared machine
   falls on both alike. The figure is the server's p95; the engine's beside it is the least
   any table could do.
2. The table page (``/play/<id>/``, signed in, through Django's test client) of a game whose
   log has 1,000 entries, made by the engine (``entry_at``, so the chain is valid) and
   stored at once; the page opens on the latest 50. Its queries are counted for a log of 10
   entries and of 1,000: they must be the same. The poll the open page makes every two
   seconds (``/play/<id>/log/?after=N``, nothing new) is timed too, and the whole log
   (``?log=all``) for information, without a target.
3. ``verify`` of a 10,000-entry log made by the engine, of server dice with the seed revealed
   (every roll re-derived) and of physical dice: in this process (CPU and wall) and as
   ``python -m rules_engine verify LOG.json``, the whole process with its start-up.

Run: .venv/bin/python bench/play.py [--quick] [--samples N] [--entries N] [--log N]
     (SQLite in memory; BENCH_DATABASE_URL for PostgreSQL)
Target: an action p95 <= 50 ms of server time; the page p95 <= 200 ms with the same queries
for 10 entries and 1,000; verify of 10,000 entries <= 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from figures import at_most, measured
from timing import EXAMPLES, ROOT

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")
if os.environ.get("BENCH_DATABASE_URL"):
    os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from builder.lists.services import saved_list_create  # noqa: E402
from builder.play.log import dice_header  # noqa: E402
from builder.play.models import Game, LogEntry  # noqa: E402
from builder.play.services import game_act, game_create, game_join  # noqa: E402
from content.services.packs import pack_load  # noqa: E402
from rules_engine import load_catalogue  # noqa: E402
from rules_engine.fair_dice import SCHEME, commitment, new_seed  # noqa: E402
from rules_engine.game_log import FORMAT, GENESIS, entry_at, server_rolls, verify  # noqa: E402
from rules_engine.resolve import dice_needed, resolve  # noqa: E402
from rules_engine.table_state import applied  # noqa: E402

SYSTEM = "crimson-dust"
WARBAND = "crimson-dust/dust-devils-500.json"
ACTION_TARGET_MS = 50.0
PAGE_TARGET_MS = 200.0
VERIFY_TARGET_S = 2.0
TIME = "2026-12-03T12:00:00.000000Z"
PARTS = ("action", "page", "verify")


# The situations played: (procedure, params, roles, physical rolls).
SKILL_TEST = ("skill-test", {"dice": 4, "difficulty": 2}, {"model": "a1"}, [4, 5, 2, 6])
SHOT = (
    "shot",
    {"weapon": "boltgun", "band": "12-18", "rg": 5},
    {"attacker": "a1", "target": "b1"},
    [4, 6, 2, 5, 1, 3, 5, 2, 6],
)
BANDS = ("0-6", "6-12", "12-18", "18-24")


def situation_of(seq: int) -> tuple[str, dict[str, Any], dict[str, str]]:
    """Entry ``seq`` of a long log, as a skirmish goes: skill tests, shots, wounds and
    morale in turn, their numbers varied (about 60 situations in all)."""
    kind = seq % 4
    if kind == 0:
        params = {"dice": 2 + seq % 5, "difficulty": 1 + seq % 3, "cumulative": seq % 2 == 0}
        return "skill-test", params, {"model": "a1" if seq % 8 else "b2"}
    if kind == 1:
        params = {"weapon": "boltgun", "band": BANDS[seq % 4], "rg": 3 + seq % 5}
        return "shot", params, {"attacker": "a1", "target": "b1"}
    if kind == 2:
        return "wound", {"hits": 1 + seq % 3, "S": 3, "dc": 1}, {"target": "b1"}
    return "morale", {"hits": seq % 3, "damaging": 0, "mr": 3}, {"target": "b1"}


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def clocked(fn: Callable[[], Any]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def in_turn(
    fn: Callable[[], Any], base: Callable[[], Any], samples: int, warm: int = 3
) -> tuple[list[float], list[float], list[float]]:
    """``fn`` and ``base`` timed one after the other ``samples`` times: ``fn``'s wall ms,
    its CPU ms and ``base``'s wall ms."""
    for _ in range(warm):
        fn()
        base()
    walls, cpus, bases = [], [], []
    for _ in range(samples):
        wall, cpu = clocked(fn)
        walls.append(wall)
        cpus.append(cpu)
        bases.append(clocked(base)[0])
    return walls, cpus, bases


def table_game(owner: Any, other: Any, dice: str, title: str) -> Game:
    """A Crimson Dust game of two Dust Devils warbands (figures a1..., b1...)."""
    doc = json.loads((EXAMPLES / WARBAND).read_text(encoding="utf-8"))
    game = game_create(
        owner=owner,
        system=SYSTEM,
        title=title,
        dice=dice,
        saved_list=saved_list_create(owner=owner, document=doc),
    )
    game_join(game=game, user=other, saved_list=saved_list_create(owner=other, document=doc))
    return game


def typed_rolls(catalogue: Any, seq: int, procedure: str, params: Mapping[str, Any]) -> list[int]:
    """What a player rolled at the table for entry ``seq``: faces of the dice it needs."""
    dice = dice_needed(catalogue, SYSTEM, procedure, params)
    faces = random.Random(seq)
    return [faces.randint(1, d.sides) for d in dice for _ in range(d.count)]


def action_part(catalogue: Any, ann: Any, bob: Any, samples: int) -> None:
    """``game_act`` against the bare ``resolve`` of the same situation."""
    print(
        f"Resolving and logging one action ({samples} samples each, in turn with the bare "
        f"engine resolve; target p95 <= {ACTION_TARGET_MS:.0f} ms)"
    )
    header = (
        f"  {'game':<16} {'procedure':<11} {'p50 ms':>7} {'p95 ms':>7} {'cpu p95':>7} "
        f"{'engine p50':>10} {'engine p95':>10} {'p50s':>6}  target"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    cases = (("physical", SKILL_TEST), ("physical", SHOT), ("server", SKILL_TEST))
    games = {mode: table_game(ann, bob, mode, f"Bench {mode}") for mode in ("physical", "server")}
    for mode, situation in cases:
        game = games[mode]
        procedure = situation[0]
        dice = dice_header(game, with_seed=True)
        gid = str(game.public_id)

        def act(game: Game = game, situation: tuple = situation, mode: str = mode) -> None:
            procedure, params, roles, physical = situation
            game_act(
                game=game,
                user=ann,
                procedure=procedure,
                params=params,
                roles=roles,
                rolls=list(physical) if mode == "physical" else None,
            )

        def bare(
            situation: tuple = situation, mode: str = mode, dice: dict = dice, gid: str = gid
        ) -> None:
            procedure, params, _, physical = situation
            rolls = list(physical)
            if mode == "server":
                entry = {"procedure": procedure, "params": params}
                rolls = server_rolls(catalogue, dice, gid, 1, SYSTEM, entry)
            resolve(catalogue, SYSTEM, procedure, params, rolls)

        walls, cpus, bases = in_turn(act, bare, samples)
        p50, p95 = statistics.median(walls), percentile(walls, 95)
        b50, b95 = statistics.median(bases), percentile(bases, 95)
        name = f"{mode} dice"
        measured(
            f"action p95, {name}, {procedure}",
            p95,
            "ms wall",
            baseline="bare engine resolve (p95)",
            baseline_value=b95,
            target=at_most(ACTION_TARGET_MS),
        )
        print(
            f"  {name:<16} {procedure:<11} {p50:7.1f} {p95:7.1f} {percentile(cpus, 95):7.1f} "
            f"{b50:10.3f} {b95:10.3f} {p50 / b50:5.0f}x  {verdict(p95 <= ACTION_TARGET_MS)}"
        )


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def log_entries(
    catalogue: Any, count: int, mode: str, game_id: str, dice: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """``count`` chained entries of ``situation_of``, made by the engine: server dice from
    the seed, or faces typed at the table."""
    entries, previous = [], GENESIS
    for seq in range(1, count + 1):
        procedure, params, roles = situation_of(seq)
        if mode == "server":
            entry = {"procedure": procedure, "params": params}
            rolls = server_rolls(catalogue, dice, game_id, seq, SYSTEM, entry)
        else:
            rolls = typed_rolls(catalogue, seq, procedure, params)
        entry = entry_at(
            catalogue,
            SYSTEM,
            mode,
            seq,
            previous,
            who="ann" if seq % 2 else "bob",
            procedure=procedure,
            params=params,
            rolls=rolls,
            time=TIME,
            roles=roles,
        )
        entries.append(entry)
        previous = entry["chain"]
    return entries


def stored(game: Game, entries: list[dict[str, Any]], users: Mapping[str, Any]) -> None:
    """The entries written to ``game``'s log at once, its state changed by each."""
    state: dict[str, Any] = {}
    rows = []
    for record in entries:
        state, undo = applied(state, record["changes"], record["roles"])
        rows.append(
            LogEntry(
                game=game, seq=record["seq"], user=users[record["who"]], record=record, undo=undo
            )
        )
    LogEntry.objects.bulk_create(rows, batch_size=500)
    game.state = state
    game.status = Game.Status.PLAYING
    game.save(update_fields=["state", "status"])


SHORT = 10
"""Entries of the short log whose queries the long one's are held to."""


def page_part(catalogue: Any, ann: Any, bob: Any, entries: int, samples: int) -> None:
    """The table page of a long log, and its queries for a short log and the long one."""
    client = Client()
    client.force_login(ann)
    users = {"ann": ann, "bob": bob}
    games = {}
    for count in (SHORT, entries):
        game = table_game(ann, bob, "physical", f"Bench log of {count}")
        stored(game, log_entries(catalogue, count, "physical", str(game.public_id), {}), users)
        games[count] = game
    print()
    print(
        f"The table page, signed in ({samples} samples; target p95 <= {PAGE_TARGET_MS:.0f} ms, "
        f"the same queries for {SHORT} entries and {entries:,})"
    )
    header = (
        f"  {'page, ' + f'{entries:,}-entry log':<38} {'p50 ms':>7} {'p95 ms':>7} {'cpu p95':>7} "
        f"{'KiB':>6}  {'queries':>11}  target"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))

    def get(url: str) -> int:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return len(response.content)

    pages: tuple[tuple[str, Callable[[Game], str], bool], ...] = (
        ("table page (the latest entries)", lambda g: f"/play/{g.public_id}/", True),
        (
            "log poll, nothing new",
            lambda g: f"/play/{g.public_id}/log/?after={g.entries.count()}",
            True,
        ),
        ("whole log (?log=all), no target", lambda g: f"/play/{g.public_id}/?log=all", False),
    )
    for what, url_of, judged in pages:
        counts = []
        for count in (SHORT, entries):
            url = url_of(games[count])
            get(url)
            with CaptureQueriesContext(connection) as captured:
                get(url)
            counts.append(len(captured))
        size = get(url)
        walls, cpus = [], []
        for _ in range(samples):
            wall, cpu = clocked(lambda url=url: get(url))
            walls.append(wall)
            cpus.append(cpu)
        p50, p95 = statistics.median(walls), percentile(walls, 95)
        name = what.replace(", no target", "")
        measured(
            f"{name} p95, {entries:,}-entry log",
            p95,
            "ms wall",
            target=at_most(PAGE_TARGET_MS) if judged else None,
        )
        measured(
            f"{name} queries, {entries:,} entries over {SHORT}",
            counts[1] - counts[0],
            "queries",
            baseline=f"{counts[0]} queries for {SHORT} entries",
            target=at_most(0),
        )
        ok = (p95 <= PAGE_TARGET_MS or not judged) and counts[0] == counts[1]
        print(
            f"  {what:<38} {p50:7.1f} {p95:7.1f} {percentile(cpus, 95):7.1f} "
            f"{size / 1024:6.0f}  {counts[0]:>4} vs {counts[1]:<4}  {verdict(ok)}"
        )


def verify_part(catalogue: Any, count: int, runs: int = 2) -> None:
    """``verify`` of a ``count``-entry log, in this process (best of three) and as the
    command (best of ``runs``)."""
    print()
    print(f"verify of a {count:,}-entry log (target <= {VERIFY_TARGET_S:g} s)")
    print(
        "  in this process, and python -m rules_engine verify LOG.json as a whole process "
        "(start-up, packs and reading the file included); judged on CPU seconds"
    )
    header = (
        f"  {'dice':<22} {'file':>8} {'rolls':>7} {'cpu s':>7} {'wall s':>7} "
        f"{'cmd cpu':>7} {'cmd wall':>7}  target"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    seed = new_seed()
    game_id = "6f1d2c9e-0000-4000-8000-000000000001"
    server = {
        "mode": "server",
        "scheme": SCHEME,
        "commitment": commitment(seed),
        "entropy": {"ann": "dust at dawn", "bob": "no quarter"},
        "seed": seed,
    }
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as folder:
        for mode, dice in (("server", server), ("physical", {"mode": "physical"})):
            log = {
                "format": FORMAT,
                "game": {"id": game_id, "system": SYSTEM, "title": "Bench"},
                "dice": dice,
                "entries": log_entries(catalogue, count, mode, game_id, dice),
            }
            done: dict[str, Any] = {}
            best = (float("inf"), float("inf"))
            for _ in range(3):
                wall, cpu = time.perf_counter(), time.process_time()
                done = verify(catalogue, log)
                best = min(best, (time.process_time() - cpu, time.perf_counter() - wall))
            assert done["verified"], done
            assert done["entries"] == count, done
            path = Path(folder) / f"{mode}.muster-game-log.json"  # as the site exports it
            path.write_text(json.dumps(log, indent=2, ensure_ascii=False), encoding="utf-8")
            command = [sys.executable, "-m", "rules_engine", "verify", str(path)]
            whole = (float("inf"), float("inf"))
            for _ in range(runs):
                before = children_cpu()
                start = time.perf_counter()
                ran = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
                took = (children_cpu() - before, time.perf_counter() - start)
                whole = min(whole, took)
                assert ran.returncode == 0, ran.stderr.decode()
            name = "server, seed revealed" if mode == "server" else "physical"
            cpu_s, wall_s = best
            command_cpu, command_wall = whole
            measured(
                f"verify of {count:,} entries, {name}, in process",
                cpu_s,
                "s cpu",
                target=at_most(VERIFY_TARGET_S),
            )
            measured(
                f"verify of {count:,} entries, {name}, python -m rules_engine verify",
                command_cpu,
                "s cpu",
                target=at_most(VERIFY_TARGET_S),
            )
            size = path.stat().st_size / 1e6
            print(
                f"  {name:<22} {size:5.1f} MB {done['rolls_checked']:>7,} {cpu_s:7.2f} "
                f"{wall_s:7.2f} {command_cpu:7.2f} {command_wall:7.2f}  "
                f"{verdict(max(cpu_s, command_cpu) <= VERIFY_TARGET_S)}"
            )


def on_a_table(parts: Sequence[str], samples: int, entries: int) -> None:
    """The parts that need the site: a fresh database with the Crimson Dust pack and two
    players."""
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        pack = ROOT / "content" / "packs" / SYSTEM / f"{SYSTEM}-core.json"
        pack_load(documents=[(str(pack), json.loads(pack.read_text(encoding="utf-8")))])
        catalogue = load_catalogue()
        users = get_user_model().objects
        ann = users.create_user("ann", password="a-long-pass-phrase")
        bob = users.create_user("bob", password="a-long-pass-phrase")
        if "action" in parts:
            action_part(catalogue, ann, bob, samples)
        if "page" in parts:
            page_part(catalogue, ann, bob, entries, max(5, samples // 4))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few samples and short logs")
    parser.add_argument("--samples", type=int, help="samples of each action (200)")
    parser.add_argument("--entries", type=int, help="entries of the page's log (1,000)")
    parser.add_argument("--log", type=int, help="entries of the verified log (10,000)")
    parser.add_argument(
        "--only", choices=PARTS, action="append", help="one part (again for more; default all)"
    )
    args = parser.parse_args(argv)
    parts = args.only or PARTS
    samples = args.samples or (5 if args.quick else 200)
    entries = args.entries or (60 if args.quick else 1000)
    if entries <= SHORT:
        parser.error(f"--entries must be more than {SHORT}")
    count = args.log or (200 if args.quick else 10_000)
    if "action" in parts or "page" in parts:
        on_a_table(parts, samples, entries)
    if "verify" in parts:
        verify_part(load_catalogue(), count, runs=1 if args.quick else 2)


if __name__ == "__main__":
    main()
