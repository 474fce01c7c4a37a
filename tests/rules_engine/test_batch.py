"""Batch mode: JSON lines in (check, cost, odds), one JSON line out for each, in one process;
a bad line gets an error line with its number and the batch goes on."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rules_engine import check, load_catalogue
from rules_engine.batch import run_batch
from rules_engine.limits import MAX_INPUT_BYTES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CATALOGUE = load_catalogue()


def _doc(system: str, name: str) -> dict:
    return json.loads((EXAMPLES / system / name).read_text(encoding="utf-8"))


def _batch(lines: list[bytes]) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = run_batch(io.BytesIO(b"".join(lines)), out, lambda: CATALOGUE)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def _line(request: object) -> bytes:
    return json.dumps(request).encode() + b"\n"


def test_each_line_gets_its_answer_in_order():
    kim = _doc("cs-aces", "kims-team.json")
    broken = _doc("cs-hex", "light-fighter-broken.json")
    code, replies = _batch(
        [
            _line({"op": "check", "id": "a", "list": kim}),
            _line({"op": "cost", "list": broken}),
            b"\n",
            _line(
                {
                    "op": "odds",
                    "id": 3,
                    "system": "cs-air-action",
                    "query": "pilot_check",
                    "params": {"piloting": 7},
                }
            ),
        ]
    )
    assert code == 0
    assert [(r["line"], r.get("id"), r["ok"]) for r in replies] == [
        (1, "a", True),
        (2, None, True),
        (4, 3, True),
    ]
    assert replies[0]["result"] == json.loads(json.dumps(check(CATALOGUE, kim).to_dict()))
    verdict = check(CATALOGUE, broken)
    assert replies[1]["result"] == {
        "points": verdict.points,
        "limit": verdict.limit,
        "breakdown": json.loads(json.dumps(verdict.breakdown)),
    }
    assert replies[2]["result"]["query"] == "pilot_check"


def test_a_bad_line_gets_an_error_line_and_the_batch_goes_on():
    kim = _doc("cs-aces", "kims-team.json")
    code, replies = _batch(
        [
            b"{not json\n",
            _line({"op": "fly", "id": 9}),
            _line({"op": "check", "list": dict(kim, format="x")}),
            _line(
                {"op": "odds", "system": "cs-aces", "query": "attack", "params": {"catalogue": 1}}
            ),
            b"\xff\xfe\n",
            b"[" * 70 + b"\n",
            _line({"op": "check", "list": kim}),
        ]
    )
    assert code == 0
    assert [r["ok"] for r in replies] == [False] * 6 + [True]
    paths = [[e["path"] for e in r["error"]["errors"]] for r in replies[:6]]
    assert paths == [
        ["line 1"],
        ["$.op"],
        ["$.format"],
        ["params.catalogue"],
        ["line 5"],
        ["line 6"],
    ]
    assert replies[1]["id"] == 9
    assert replies[4]["error"]["errors"][0]["message"].startswith("not UTF-8 text")


def test_an_overlong_line_is_skipped_with_an_error_and_an_endless_input_ends():
    code, replies = _batch(
        [
            b"x" * (MAX_INPUT_BYTES + 10) + b"\n",
            _line({"op": "odds", "system": "cs-aces", "query": "break_away"}),
        ]
    )
    assert code == 0
    assert replies[0] == {
        "line": 1,
        "ok": False,
        "error": {
            "error": "bad_document",
            "errors": [
                {"path": "line 1", "message": f"longer than the limit of {MAX_INPUT_BYTES:,} bytes"}
            ],
        },
    }
    assert replies[1]["ok"] is True
    with Path("/dev/zero").open("rb") as zeros:
        result = subprocess.run(
            [sys.executable, "-m", "rules_engine", "batch"],
            cwd=ROOT,
            stdin=zeros,
            capture_output=True,
            check=False,
            timeout=120,
        )
    assert result.returncode == 2
    last = json.loads(result.stdout.splitlines()[-1])
    assert last["error"]["errors"][0]["path"] == "input"


def test_the_command_reads_stdin_and_writes_one_line_each():
    kim = _doc("cs-aces", "kims-team.json")
    lines = b"".join(_line({"op": "check", "id": i, "list": kim}) for i in range(20))
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "batch"],
        cwd=ROOT,
        input=lines,
        capture_output=True,
        check=True,
    )
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in replies] == list(range(20))
    assert all(r["ok"] and r["result"]["legal"] for r in replies)
