"""bench/play.py at its smallest: every part prints its table and reports each figure it
promises, judged against the issue's targets."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import figures  # noqa: E402

from tests.bench_scripts import bench_script  # noqa: E402
from tests.builder.api_fixtures import make_user  # noqa: E402
from tests.builder.api_fixtures import packs as packs  # noqa: E402


def reported(path: Path) -> list[tuple[str, str, str]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [(r["name"], r["unit"], r["target"]) for r in rows]


@pytest.mark.django_db
def test_the_action_and_page_parts_report_their_figures(
    packs: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    play = bench_script("play")
    out = tmp_path / "figures.jsonl"
    monkeypatch.setenv(figures.ENV, str(out))
    catalogue = play.load_catalogue()
    ann, bob = make_user("ann"), make_user("bob")
    play.action_part(catalogue, ann, bob, samples=2)
    play.page_part(catalogue, ann, bob, entries=12, samples=2)
    printed = capsys.readouterr().out
    assert reported(out) == [
        ("action p95, physical dice, skill-test", "ms wall", "<= 50 ms wall"),
        ("action p95, physical dice, shot", "ms wall", "<= 50 ms wall"),
        ("action p95, server dice, skill-test", "ms wall", "<= 50 ms wall"),
        ("table page (the latest entries) p95, 12-entry log", "ms wall", "<= 200 ms wall"),
        ("table page (the latest entries) queries, 12 entries over 10", "queries", "<= 0 queries"),
        ("log poll, nothing new p95, 12-entry log", "ms wall", "<= 200 ms wall"),
        ("log poll, nothing new queries, 12 entries over 10", "queries", "<= 0 queries"),
        ("whole log (?log=all) p95, 12-entry log", "ms wall", ""),
        ("whole log (?log=all) queries, 12 entries over 10", "queries", "<= 0 queries"),
    ]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["value"] for r in rows if r["unit"] == "queries"] == [0, 0, 0]
    assert all(r["baseline"] == "bare engine resolve (p95)" for r in rows[:3])
    assert "Resolving and logging one action (2 samples each" in printed
    assert "  physical dice    shot " in printed
    assert "  table page (the latest entries) " in printed


def test_the_verify_part_times_the_engine_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    play = bench_script("play")
    out = tmp_path / "figures.jsonl"
    monkeypatch.setenv(figures.ENV, str(out))
    play.main(["--quick", "--only", "verify", "--log", "6"])
    printed = capsys.readouterr().out
    assert reported(out) == [
        ("verify of 6 entries, server, seed revealed, in process", "s cpu", "<= 2 s cpu"),
        (
            "verify of 6 entries, server, seed revealed, python -m rules_engine verify",
            "s cpu",
            "<= 2 s cpu",
        ),
        ("verify of 6 entries, physical, in process", "s cpu", "<= 2 s cpu"),
        ("verify of 6 entries, physical, python -m rules_engine verify", "s cpu", "<= 2 s cpu"),
    ]
    assert "verify of a 6-entry log (target <= 2 s)" in printed
    assert all(json.loads(line)["status"] == "met" for line in out.read_text().splitlines())
