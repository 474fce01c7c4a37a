"""Spreadsheet files in and out: read within limits, written so no cell runs as a formula.

Export: a text cell a spreadsheet program would run as a formula (one starting with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return, after any apostrophes) is written with one
more leading apostrophe, in CSV and XLSX alike, so it opens as text. Numbers are never
touched. Import takes that apostrophe off again, and only there, so an exported file
imported back gives the original text (docs/collecting.md, "Formulas").

Import: a file is read only within the ``SPREADSHEET_MAX_*`` settings (bytes, unpacked
bytes, rows, columns, characters in a cell). An XLSX sheet is scanned as a stream and
the scan stops at the first limit passed, so a row of a million cells or a sheet of
30,000 rows is refused before any of it is read into a table.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from xml.parsers import expat

import tablib
from django.conf import settings
from import_export.formats import base_formats

if TYPE_CHECKING:
    from typing_extensions import Buffer

FORMULA_LIKE = re.compile(r"'*[=+\-@\t\r]")
CHUNK = 64 * 1024
ROW_COUNT_MAX_BYTES = 200_000_000  # how far a refused sheet's rows are counted for its message


class SpreadsheetRefused(ValueError):
    """A file handed in that is past a limit or not a spreadsheet; the message says which,
    in words for the page."""


@dataclass(frozen=True)
class SpreadsheetLimits:
    max_bytes: int
    max_unpacked_bytes: int
    max_rows: int
    max_columns: int
    max_cell_chars: int


def spreadsheet_limits() -> SpreadsheetLimits:
    """The limits in force (builder/settings/spreadsheets.py)."""
    return SpreadsheetLimits(
        max_bytes=settings.SPREADSHEET_MAX_BYTES,
        max_unpacked_bytes=settings.SPREADSHEET_MAX_UNPACKED_BYTES,
        max_rows=settings.SPREADSHEET_MAX_ROWS,
        max_columns=settings.SPREADSHEET_MAX_COLUMNS,
        max_cell_chars=settings.SPREADSHEET_MAX_CELL_CHARS,
    )


# --- formulas ----------------------------------------------------------------------------
def formula_safe(value: Any) -> Any:
    """A cell as every exporter writes it: formula-like text gets a leading apostrophe."""
    if isinstance(value, str) and FORMULA_LIKE.match(value):
        return "'" + value
    return value


def formula_restored(value: Any) -> Any:
    """A cell as read back: the apostrophe :func:`formula_safe` added is taken off.

    Only text that starts with an apostrophe followed by formula-like text can have been
    escaped, and every such text was (``formula_safe`` escapes ``'=`` too), so the two are
    exact inverses.
    """
    if isinstance(value, str) and value.startswith("'") and FORMULA_LIKE.match(value, 1):
        return value[1:]
    return value


def formula_safe_dataset(dataset: tablib.Dataset) -> tablib.Dataset:
    """A copy of ``dataset`` with every cell passed through :func:`formula_safe`."""
    headers = [formula_safe(h) for h in dataset.headers] if dataset.headers else None
    rows = [tuple(formula_safe(cell) for cell in row) for row in dataset]
    return tablib.Dataset(*rows, headers=headers, title=dataset.title)


# --- reading within limits ---------------------------------------------------------------
def _check_bytes(size: int, limits: SpreadsheetLimits) -> None:
    if size > limits.max_bytes:
        raise SpreadsheetRefused(
            f"The file has {size:,} bytes; at most {limits.max_bytes:,} are read."
        )


def upload_size_check(size: int | None) -> None:
    """Refuse an uploaded file larger than ``SPREADSHEET_MAX_BYTES`` before it is read."""
    _check_bytes(size or 0, spreadsheet_limits())


def _too_many_rows(rows: int, limits: SpreadsheetLimits, more: bool = False) -> SpreadsheetRefused:
    return SpreadsheetRefused(
        f"The sheet has {'more than ' if more else ''}{rows:,} rows below its header; at most "
        f"{limits.max_rows:,} are read. Split it into smaller files."
    )


def _too_many_columns(row: int, limits: SpreadsheetLimits) -> SpreadsheetRefused:
    return SpreadsheetRefused(
        f"Row {row:,} of the sheet has more than {limits.max_columns:,} columns; at most "
        f"{limits.max_columns:,} are read."
    )


def _dataset(rows: Sequence[Sequence[Any]], limits: SpreadsheetLimits) -> tablib.Dataset:
    """The table of a sheet's rows (the first is the header), each cell's length checked
    and the export's apostrophes taken off."""
    headers = list(rows[0])
    for number, row in enumerate(rows, start=1):
        for index, cell in enumerate(row):
            if isinstance(cell, str) and len(cell) > limits.max_cell_chars:
                name = headers[index] if index < len(headers) and headers[index] else None
                column = name if isinstance(name, str) else _column_letter(index + 1)
                raise SpreadsheetRefused(
                    f"The cell in row {number:,}, column {column[:40]} holds "
                    f"{len(cell):,} characters; at most {limits.max_cell_chars:,} are read."
                )
    data = [tuple(formula_restored(cell) for cell in row) for row in rows[1:]]
    return tablib.Dataset(*data, headers=[formula_restored(h) for h in headers])


def csv_dataset(data: str | bytes, *, encoding: str = "utf-8-sig") -> tablib.Dataset:
    """A CSV file's table, read within the limits."""
    limits = spreadsheet_limits()
    if isinstance(data, bytes):
        _check_bytes(len(data), limits)
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise SpreadsheetRefused(
                f"The file is not UTF-8 text (byte {exc.start:,} is not)."
            ) from exc
    else:
        text = data
        _check_bytes(len(text.encode("utf-8", "surrogatepass")), limits)
    rows: list[list[str]] = []
    seen = 0
    reader = csv.reader(io.StringIO(text, newline=""))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise SpreadsheetRefused(
                f"Line {reader.line_num:,} of the file is not CSV ({exc})."
            ) from exc
        if not row:
            continue
        seen += 1
        if len(row) > limits.max_columns:
            raise _too_many_columns(seen, limits)
        if seen <= limits.max_rows + 1:
            rows.append(row)
    if not rows:
        raise SpreadsheetRefused("The file is empty.")
    if seen > limits.max_rows + 1:
        raise _too_many_rows(seen - 1, limits)
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) > width:
            raise SpreadsheetRefused(
                f"Row {number:,} has {len(row):,} cells, but the header has {width:,}."
            )
        row.extend([""] * (width - len(row)))
    return _dataset(rows, limits)


def _column_letter(index: int) -> str:
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _column_index(reference: str) -> int | None:
    """The column number of a cell reference such as ``AB12`` (None if it names none)."""
    letters = reference.rstrip("0123456789$").lstrip("$").upper()
    if not letters or not letters.isascii() or not letters.isalpha() or len(letters) > 7:
        return None
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index


class _Stop(Exception):
    def __init__(self, reason: str, row: int) -> None:
        self.reason = reason
        self.row = row


@dataclass
class _SheetScan:
    """How far a sheet's rows and columns reach, counted as its XML streams past."""

    limits: SpreadsheetLimits
    row: int = 0
    rows: int = 0
    column: int = 0
    columns: int = 0
    row_tag: str = "row"

    def start(self, name: str, attrs: dict[str, str]) -> None:
        tag = name.rpartition(":")[2]
        if tag == "row":
            self.row_tag = name
            number = attrs.get("r", "")
            self.row = int(number) if number.isdigit() else self.row + 1
            self.rows = max(self.rows, self.row)
            self.column = 0
            if self.rows > self.limits.max_rows + 1:
                raise _Stop("rows", self.rows)
        elif tag == "c":
            reference = attrs.get("r")
            index = _column_index(reference) if reference else None
            self.column = index if index is not None else self.column + 1
            self.columns = max(self.columns, self.column)
            if self.columns > self.limits.max_columns:
                raise _Stop("columns", max(self.row, 1))

    @staticmethod
    def refuse_dtd(*args: Any) -> None:
        raise SpreadsheetRefused("The workbook's sheet declares a DTD; it is not read.")


class _Past(Exception):
    """More of a sheet's XML than may be read."""


def _chunks(source: IO[bytes], cap: int) -> Iterator[bytes]:
    """The stream in chunks, stopped by :class:`_Past` once more than ``cap`` bytes came."""
    read = 0
    while chunk := source.read(CHUNK):
        read += len(chunk)
        if read > cap:
            raise _Past
        yield chunk


def _count_rows(source: IO[bytes], tag: str) -> tuple[int, bool]:
    """Row elements in a sheet's XML, counted as bytes without parsing it, and whether the
    count stopped short (for the message only: rows past the limit are never read)."""
    row, breaks = b"<" + tag.encode(), b"<" + tag.encode() + b"Breaks"  # <rowBreaks>
    counts = {row: 0, breaks: 0}
    carries = {row: b"", breaks: b""}  # a tag cut by a chunk's end is found in the next
    try:
        for chunk in _chunks(source, ROW_COUNT_MAX_BYTES):
            for pattern in counts:
                buffer = carries[pattern] + chunk
                counts[pattern] += buffer.count(pattern)
                carries[pattern] = buffer[-(len(pattern) - 1) :]
    except _Past:
        return counts[row] - counts[breaks], True
    return counts[row] - counts[breaks], False


def _scan_sheet(open_source: Any, limits: SpreadsheetLimits) -> tuple[int, int]:
    """The rows (header included) and columns a sheet reaches, or a refusal at the first
    limit passed. ``open_source()`` opens the sheet's XML afresh."""
    scan = _SheetScan(limits)
    parser = expat.ParserCreate()
    parser.StartElementHandler = scan.start
    parser.StartDoctypeDeclHandler = scan.refuse_dtd
    with open_source() as source:
        try:
            for chunk in _chunks(source, limits.max_unpacked_bytes):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except _Stop as stop:
            if stop.reason == "columns":
                raise _too_many_columns(stop.row, limits) from None
            with open_source() as again:
                counted, short = _count_rows(again, scan.row_tag)
            raise _too_many_rows(max(stop.row, counted) - 1, limits, more=short) from None
        except expat.ExpatError as exc:
            raise SpreadsheetRefused(
                f"The workbook's sheet is not well-formed XML (line {exc.lineno:,})."
            ) from exc
    return scan.rows, scan.columns


def _active_sheet_part(data: bytes) -> str:
    """Where the workbook's active sheet lies in its archive, found without reading any
    sheet (openpyxl's own loading parses a whole sheet to size it)."""
    from openpyxl.reader.excel import ExcelReader

    try:
        reader = ExcelReader(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged workbook
        raise SpreadsheetRefused("The file is not an XLSX workbook.") from exc
    try:
        reader.read_manifest()
        reader.read_workbook()
        sheets = [rel for _, rel in reader.parser.find_sheets() if rel.target in reader.valid_files]
    except Exception as exc:  # as above
        raise SpreadsheetRefused("The file is not an XLSX workbook.") from exc
    finally:
        reader.archive.close()
    index = getattr(reader.wb, "_active_sheet_index", 0)
    rel = sheets[index] if 0 <= index < len(sheets) else None
    if rel is None or "chartsheet" in rel.Type:
        raise SpreadsheetRefused("The workbook's first sheet holds no table.")
    return str(rel.target)


def xlsx_dataset(data: bytes) -> tablib.Dataset:
    """The first (active) sheet of an XLSX workbook as a table, read within the limits.

    The parts read whole (the workbook, its shared strings) are sized first, then the
    sheet is scanned as a stream (rows, columns, bytes), and only then is the workbook
    opened, reading no further than the scan found.
    """
    from openpyxl import load_workbook

    limits = spreadsheet_limits()
    _check_bytes(len(data), limits)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            sizes = {member.filename: member.file_size for member in archive.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise SpreadsheetRefused("The file is not an XLSX workbook.") from exc
    unpacked = sum(sizes.values())
    too_large = SpreadsheetRefused(
        f"The workbook unpacks to {unpacked:,} bytes; at most "
        f"{limits.max_unpacked_bytes:,} are read."
    )
    if sum(v for k, v in sizes.items() if not k.startswith("xl/worksheets/")) > (
        limits.max_unpacked_bytes
    ):
        raise too_large
    part = _active_sheet_part(data)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        # The sheet's own dimension may be missing or wrong: the scan decides how far to read.
        try:
            rows, columns = _scan_sheet(lambda: archive.open(part), limits)
        except _Past:
            raise too_large from None
    if unpacked > limits.max_unpacked_bytes:
        raise too_large
    if rows == 0:
        raise SpreadsheetRefused("The sheet is empty.")
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # as above
        raise SpreadsheetRefused("The file is not an XLSX workbook.") from exc
    try:
        sheet = book.active
        if sheet is None:  # the scan above found the active sheet's part
            raise SpreadsheetRefused("The file is not an XLSX workbook.")
        table = list(
            sheet.iter_rows(min_row=1, max_row=rows, max_col=max(columns, 1), values_only=True)
        )
    finally:
        book.close()
    if getattr(settings, "IMPORT_EXPORT_IMPORT_IGNORE_BLANK_LINES", False):
        table = table[:1] + [row for row in table[1:] if any(v is not None for v in row)]
    return _dataset(table, limits)


class FormulaSafeCSV(base_formats.CSV):
    """CSV read within the limits and written formula-safe."""

    def create_dataset(self, in_stream: str | bytes | IO[Any], **kwargs: Any) -> tablib.Dataset:
        data = in_stream if isinstance(in_stream, str | bytes) else in_stream.read()
        return csv_dataset(data, encoding=self.encoding or "utf-8-sig")

    def export_data(self, dataset: tablib.Dataset, **kwargs: Any) -> Any:
        return super().export_data(formula_safe_dataset(dataset), **kwargs)


class FormulaSafeXLSX(base_formats.XLSX):
    """XLSX read within the limits and written formula-safe (every text a text cell)."""

    # The stubs' own XLSX.create_dataset narrows Format's signature (and ignores it there).
    def create_dataset(self, in_stream: Buffer) -> tablib.Dataset:  # type: ignore[override]
        return xlsx_dataset(bytes(in_stream))

    def export_data(self, dataset: tablib.Dataset, **kwargs: Any) -> Any:
        return super().export_data(formula_safe_dataset(dataset), **kwargs)
