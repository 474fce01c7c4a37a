"""``make bench``: the table it prints, its exit code, the result lines it keeps and the
chart drawn from them (no real benchmark runs here)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import figures  # noqa: E402
import report  # noqa: E402
import run  # noqa: E402

MET = figures.figure(
    "start-up", 0.42, "s cpu", baseline="bare django.setup()", baseline_value=0.3,
    target=figures.at_most(0.5),
)
MISSED = figures.figure("speed-up", 12.0, "x cpu", target=figures.at_least(30))
SKIPPED = figures.skipped("check / trivial p95", "x", "BENCH_DATABASE_URL not set")


def test_a_figure_is_judged_against_its_target() -> None:
    assert (MET.status, MET.target, MET.ratio) == ("met", "<= 0.5 s cpu", pytest.approx(1.4))
    assert (MISSED.status, MISSED.target, MISSED.ratio) == ("missed", ">= 30x cpu", None)
    assert (SKIPPED.status, SKIPPED.value, SKIPPED.reason) == (
        "skipped", None, "BENCH_DATABASE_URL not set"
    )


def test_the_table_has_a_row_per_figure() -> None:
    rows = [f.__class__(**{**f.__dict__, "script": "printing"}) for f in (MET, MISSED, SKIPPED)]
    assert run.table(rows).splitlines() == [
        "script    figure                    value  baseline                        ratio  "
        "target        result",
        "--------  -------------------  ----------  ------------------------------  -----  "
        "------------  ------------------------------------",
        "printing  start-up             0.42 s cpu  bare django.setup(): 0.3 s cpu  1.40x  "
        "<= 0.5 s cpu  met",
        "printing  speed-up                12x cpu                                         "
        ">= 30x cpu    missed",
        "printing  check / trivial p95                                                     "
        "              skipped (BENCH_DATABASE_URL not set)",
    ]


def test_a_missed_target_exits_1_and_every_result_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(run, "RESULTS", tmp_path)
    monkeypatch.setattr(run, "run_script", lambda path: [MET, MISSED, SKIPPED])
    assert run.main(["printing"]) == 1
    assert capsys.readouterr().out.endswith("a target was missed or a script failed\n")
    [kept] = tmp_path.glob("*.jsonl")
    assert [json.loads(line)["status"] for line in kept.read_text().splitlines()] == [
        "met", "missed", "skipped"
    ]
    monkeypatch.setattr(run, "run_script", lambda path: [MET, SKIPPED])
    assert run.main(["printing"]) == 0


def test_a_result_line_names_the_commit_date_load_and_host() -> None:
    import datetime

    now = datetime.datetime(2026, 12, 3, 8, 0, tzinfo=datetime.UTC)
    [line] = run.result_lines([MET], now)
    row = json.loads(line)
    assert set(row) == {
        "name", "value", "unit", "baseline", "baseline_value", "ratio", "target", "target_op",
        "target_value", "status", "reason", "script", "commit", "dirty", "date", "load", "host",
    }
    assert row["date"] == "2026-12-03T08:00:00+00:00"
    assert len(row["commit"]) == 40
    assert len(row["load"]) == 3
    assert row["host"]


def test_a_script_reports_through_the_file_it_is_given(tmp_path: Path) -> None:
    good = tmp_path / "good.py"
    good.write_text(
        "import json, os\n"
        "open(os.environ['BENCH_FIGURES'], 'a').write(json.dumps({'name': 'n', 'value': 2.0,"
        " 'unit': 'ms', 'script': 'good', 'status': 'met', 'ratio': None}) + '\\n')\n"
    )
    bad = tmp_path / "bad.py"
    bad.write_text("raise SystemExit(3)\n")
    [got] = run.run_script(good)
    assert (got.name, got.value, got.status) == ("n", 2.0, "met")
    [failed] = run.run_script(bad)
    assert (failed.name, failed.status) == ("bad exits with 3", "failed")
    assert run.failed([failed])


def test_report_writes_figures_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "figures.jsonl"
    figures.report(MET)  # no BENCH_FIGURES: nothing written
    monkeypatch.setenv("BENCH_FIGURES", str(out))
    figures.report(MISSED)
    assert [json.loads(line)["name"] for line in out.read_text().splitlines()] == ["speed-up"]


def test_compare_times_both_sides() -> None:
    fn, base = figures.compare(lambda: sum(range(20_000)), lambda: None, rounds=3, samples=2)
    assert fn.cpu > base.cpu >= 0
    assert fn.wall > base.wall >= 0


def test_the_chart_draws_each_measured_figure(tmp_path: Path) -> None:
    rows = [
        {**MET.as_dict(), "script": "printing", "date": f"2026-12-0{day}T08:00:00+00:00"}
        for day in (1, 2, 3)
    ] + [{**SKIPPED.as_dict(), "script": "api", "date": "2026-12-03T08:00:00+00:00"}]
    (tmp_path / "2026-12-03.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "history.png"
    assert report.draw(report.rows(tmp_path), out) == 1
    assert out.read_bytes().startswith(b"\x89PNG")
