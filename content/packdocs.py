"""Writes docs/content.md: each pack, its record counts, and every uncertain value with why.

Run ``python -m content.packdocs`` after changing a pack; a test keeps the file current.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from content.engine import DEFAULT_PACK_DIR, pack_files, read_pack_file

DOC_PATH = Path(__file__).resolve().parent.parent / "docs" / "content.md"

INTRO = """# Content

What the content packs in `content/packs/` hold, generated from the packs by
`python -m content.packdocs` (a test fails when this page is out of date). Every record names
its source: the seed file and the book's section. Records flagged *sample* are invented to
illustrate the models (the books print no figure's dial) and are never official data. Values
that could not be read with confidence from the books are listed under each pack with why.
"""


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(root: Path = DEFAULT_PACK_DIR) -> str:
    lines = [INTRO]
    for path in pack_files(root):
        doc = read_pack_file(path)
        records = doc["records"]
        counts = Counter(r["type"] for r in records)
        samples = sum(1 for r in records if r.get("sample"))
        uncertain = [(r, u) for r in records for u in r.get("uncertain", [])]
        lines += [
            f"## {doc['name']}",
            "",
            f"Pack `{doc['id']}` version {doc['version']}, system `{doc['system']}`, "
            f"from `{doc['source']['seed']}`; file `{path.relative_to(root.parent.parent)}`.",
            "",
            "| record type | records |",
            "| --- | ---: |",
            *(f"| {t} | {n} |" for t, n in sorted(counts.items())),
            f"| **total** | **{len(records)}** (of which {samples} sample) |",
            "",
        ]
        if uncertain:
            lines += [
                f"### Uncertain values ({len(uncertain)})",
                "",
                "| record | value | why |",
                "| --- | --- | --- |",
            ]
            lines += [
                f"| {r['type']} `{r['id']}` | `{_cell(u['path'])}` | {_cell(u['note'])} |"
                for r, u in uncertain
            ]
        else:
            lines.append("No uncertain values.")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        sys.exit(0 if DOC_PATH.read_text(encoding="utf-8") == text else 1)
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH}")
